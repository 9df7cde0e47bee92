/**
 * `veil score --input FILE.jsonl` or `veil score --field F --value V` (DESIGN.md "Command-line interface"):
 * one JSON line per value, `{ field, value, best, label, scores: { "<code>": s } }` (or `best: null` and `tie`), with the score of every
 * category of the field's candidate domain, so a person can see why a value lands where it does.
 * Uses the bundled offline model; nothing leaves the machine.
 */
import type { Scorer } from '../core/contracts';
import { KNOWN_FIELDS, likelyKnownField } from '../core/profile';
import { candidateDomain } from '../domains';
import { MAX_SCORED_CHARS } from '../scoring/scorer';
import { CliError, parseJsonLines, readText, wrongFileHint } from './args';

interface Request {
  field: string;
  value: string;
}

function validate(input: unknown, where: string): Request {
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw new CliError(`${where}: must be an object { "field": …, "value": … }`);
  const other = wrongFileHint(input);
  if (other) throw new CliError(`${where}: must be an object { "field": …, "value": … }${other}`);
  const { field, value } = input as Record<string, unknown>;
  if (typeof field !== 'string') throw new CliError(`${where}: "field" must be a string`);
  if (typeof value !== 'string' || value.trim() === '') throw new CliError(`${where}: "value" must be a non-empty string`);
  if (value.length > MAX_SCORED_CHARS) throw new CliError(`${where}: "value" must be at most ${MAX_SCORED_CHARS} characters`);
  const near = likelyKnownField(field);
  if (near) throw new CliError(`${where}: unknown field "${field}" (did you mean "${near}"? known fields: ${KNOWN_FIELDS.join(', ')})`);
  if (!candidateDomain(field)) throw new CliError(`${where}: field "${field}" has no candidate domain (custom fields are suppressed, not scored)`);
  return { field, value };
}

async function requests(args: Map<string, string>): Promise<Request[]> {
  const input = args.get('input');
  if (input !== undefined) {
    if (args.has('field') || args.has('value')) throw new CliError('give either --input or --field with --value, not both');
    const lines = parseJsonLines(await readText(input), input, '--input');
    if (lines.length === 0) throw new CliError(`${input} is empty: no values to score`);
    return lines.map(({ line, value }) => validate(value, `${input}:${line}`));
  }
  if (!args.has('field') || !args.has('value')) throw new CliError('score needs --input FILE.jsonl, or --field F and --value V');
  return [validate({ field: args.get('field'), value: args.get('value') }, 'score')];
}

/**
 * One output record: every category's score, and the best category's code with its label. When several
 * categories share the highest score (a value with no known word scores every category alike), there is
 * no best: `best` is null and `tie` lists them.
 */
export async function scoreLine(scorer: Scorer, { field, value }: Request): Promise<string> {
  const categories = candidateDomain(field)!.categories;
  const scores = await scorer.score(field, value);
  // Compared as printed (to 6 decimals), so a tie is one the person can see in the scores.
  const rounded = scores.map((s) => Math.round(s * 1e6) / 1e6);
  const top = Math.max(...rounded);
  const tied = categories.filter((_, i) => rounded[i] === top);
  const byCode = Object.fromEntries(categories.map((c, i) => [c.code, rounded[i]!]));
  const best = tied.length === 1 ? { best: tied[0]!.code, label: tied[0]!.label } : { best: null, tie: tied.map((c) => ({ code: c.code, label: c.label })) };
  return JSON.stringify({ field, value, ...best, scores: byCode });
}

/** The options this command knows, and its `--help`. */
export const OPTIONS = ['input', 'field', 'value'] as const;
export const HELP = [
  'veil score --input FILE.jsonl | --field F --value V',
  '  Scores a value against every public category of its field (one JSON line each):',
  '  { field, value, best, label, scores: { code: s } }; when several categories share the highest score,',
  '  best is null and tie lists them ({ code, label } each).',
].join('\n');

export async function run(args: Map<string, string>, out: (line: string) => void): Promise<void> {
  const todo = await requests(args);
  const { loadBundledScorer } = await import('../embedding/node');
  const scorer = await loadBundledScorer();
  for (const request of todo) out(await scoreLine(scorer, request));
}
