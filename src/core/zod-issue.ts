/**
 * zod's problems in words a person reads. zod's own wording ("Invalid input: expected string, received
 * undefined") never reaches anyone: `problemInWords` says the same as "is missing" or "must be text, not a
 * number"; the messages Veil's schemas set themselves ("must be "shared" or "withheld"") are kept as they are.
 *
 * ```ts
 * firstIssue(error);                         // "attributes.0.sharing: must be "shared" or "withheld""
 * problemInWords(error.issues[0]!, input);   // "is missing"
 * ```
 */
import type { z } from 'zod';

export type Issue = z.core.$ZodIssue;

/** The value at `path` inside `input`, or undefined when a step of the path is not there. */
export function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** A JSON value's kind in words: "text", "a number", "a list", "an object", "true or false", "null". */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  switch (typeof value) {
    case 'string':
      return 'text';
    case 'number':
      return Number.isFinite(value) ? 'a number' : 'not a finite number';
    case 'boolean':
      return 'true or false';
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}

const EXPECTED: Readonly<Record<string, string>> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'null',
};

/** zod's default messages; anything else was written by Veil's schemas and is kept. */
const ZOD_DEFAULT = /^(Invalid|Too (big|small)|Unrecognized|Expected)\b/;

const quoted = (v: unknown) => (typeof v === 'string' ? `"${v}"` : String(v));

/**
 * What is wrong with the value at the issue's path, without saying where. `input` (what was validated)
 * lets it name what was found instead; without it, zod's "received …" is read.
 */
export function problemInWords(issue: Issue, input?: unknown): string {
  if (issue.code === 'unrecognized_keys') return `has unknown keys ${issue.keys.join(', ')}`;
  if (issue.code === 'custom' || !ZOD_DEFAULT.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type': {
      const found = input === undefined ? /received (\w+)/.exec(issue.message)?.[1] : kindOf(valueAt(input, issue.path));
      const missing = input === undefined ? found === 'undefined' : valueAt(input, issue.path) === undefined;
      if (missing) return 'is missing';
      const want = EXPECTED[issue.expected] ?? `a ${issue.expected}`;
      const got = input === undefined ? (found ? (EXPECTED[found] ?? found) : undefined) : found;
      return got ? `must be ${want}, not ${got}` : `must be ${want}`;
    }
    case 'invalid_value':
      return issue.values.length === 1 ? `must be ${quoted(issue.values[0])}` : `must be one of ${issue.values.map(quoted).join(', ')}`;
    case 'too_big':
    case 'too_small': {
      const bound = issue.code === 'too_big' ? issue.maximum : issue.minimum;
      const most = issue.code === 'too_big' ? 'at most' : 'at least';
      if (issue.origin === 'string' || issue.origin === 'array') {
        if (issue.code === 'too_small' && Number(bound) === 1) return 'must not be empty';
        const unit = issue.origin === 'string' ? 'character' : 'item';
        return `must have ${most} ${String(bound)} ${unit}${Number(bound) === 1 ? '' : 's'}`;
      }
      if (issue.inclusive === false) return `must be ${issue.code === 'too_big' ? 'less' : 'more'} than ${String(bound)}`;
      return `must be ${most} ${String(bound)}`;
    }
    case 'invalid_format':
      return issue.format === 'regex' ? 'is not in the form expected here' : `must be a valid ${issue.format}`;
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`;
    case 'invalid_union':
      return 'is none of the forms allowed here';
    default:
      return 'is not valid here';
  }
}

/**
 * The first problem zod found, as one line: "attributes.0.sharing: must be …", or just the problem when it
 * is about the whole value. Used wherever Veil turns a failed validation into an error a person reads.
 */
export function firstIssue(error: z.ZodError, input?: unknown): string {
  const issue = error.issues[0]!;
  return `${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${problemInWords(issue, input)}`;
}
