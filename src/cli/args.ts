/** Argument parsing shared by the CLI commands: `--name value` options only, each at most once. */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';

export class CliError extends Error {
  override name = 'CliError';
}

/**
 * `--epsilon -1` as `--epsilon=-1`: parseArgs reads a word starting with "-" after an option as another
 * option (and refuses with "argument missing"), so a value that starts with a single "-" is joined to the
 * known option before it. Every option of Veil's commands takes a value, so nothing is lost: the value is
 * then refused or accepted by the option's own check ("--epsilon must be positive ..., not -1").
 */
function joinDashValues(argv: readonly string[], known: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    const next = argv[i + 1];
    if (word.startsWith('--') && !word.includes('=') && known.includes(word.slice(2)) && next !== undefined && /^-(?!-)./.test(next)) {
      out.push(`${word}=${next}`);
      i++;
    } else out.push(word);
  }
  return out;
}

/**
 * `--name value` options (each at most once; `--name=value` too) of a command that knows `known`, with
 * `node:util` parseArgs. A typo, a missing value, a repeated option or a stray word is refused with a
 * message naming it, so nothing is silently ignored.
 */
export function parseOptions(argv: readonly string[], known: readonly string[]): Map<string, string> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: joinDashValues(argv, known),
      options: Object.fromEntries(known.map((k) => [k, { type: 'string' as const }])),
      strict: true,
      tokens: true,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const unknown = /Unknown option '(--?[^']+)'/.exec(message);
    if (unknown) throw new CliError(`unknown option ${unknown[1]} (known: ${known.map((k) => '--' + k).join(' ')})`);
    // "argument missing", or "argument is ambiguous" when the next word is another option.
    const missing = /Option '(--[^ ']+)[^']*' argument (missing|is ambiguous)/.exec(message);
    if (missing) throw new CliError(`${missing[1]} needs a value`);
    const stray = /Unexpected argument '([^']+)'/.exec(message);
    if (stray) throw new CliError(`unexpected argument "${stray[1]}"`);
    throw new CliError(message.split('\n')[0]!);
  }
  const args = new Map<string, string>();
  for (const token of parsed.tokens ?? []) {
    if (token.kind !== 'option') continue;
    if (args.has(token.name)) throw new CliError(`--${token.name} given twice`);
    if (token.value === undefined || token.value === '' || token.value.startsWith('--')) throw new CliError(`--${token.name} needs a value`);
    args.set(token.name, token.value);
  }
  return args;
}

export function required(args: Map<string, string>, key: string): string {
  const value = args.get(key);
  if (value === undefined) throw new CliError(`--${key} is required`);
  return value;
}

export function choice<T extends string>(args: Map<string, string>, key: string, options: readonly T[], byDefault?: T): T {
  const value = args.get(key) ?? byDefault;
  if (value === undefined) throw new CliError(`--${key} is required (${options.join('|')})`);
  if (!(options as readonly string[]).includes(value)) throw new CliError(`--${key} must be one of ${options.join('|')}, not "${value}"`);
  return value as T;
}

/** A number in any notation JavaScript reads (`1e3`, `0x10`, `Infinity`), or undefined for a word. */
export function anyNumber(raw: string): number | undefined {
  if (raw.trim() === '') return undefined;
  const n = Number(raw);
  return Number.isNaN(n) ? undefined : n;
}

/**
 * A whole-number option (seeds, counts) from `min` to `max`, written in plain digits. Each refusal says
 * what is wrong: negative or below the range, too large, not a whole number, or written another way
 * (`1e3`, `0x10`). `--seed -5` and `--seed=-5` get the same message.
 */
export function integer(
  args: Map<string, string>,
  key: string,
  byDefault?: number,
  range: { readonly min?: number; readonly max?: number } = {},
): number | undefined {
  const raw = args.get(key);
  if (raw === undefined) return byDefault;
  const { min = 0, max = Number.MAX_SAFE_INTEGER } = range;
  const want = `a whole number ${max === Number.MAX_SAFE_INTEGER ? `of ${min} or more` : `from ${min} to ${max}`}`;
  const n = anyNumber(raw);
  if (n === undefined) throw new CliError(`--${key} must be ${want}, not "${raw}"`);
  if (n < min) throw new CliError(`--${key} must be ${want}, not ${raw}`);
  if (n > max || !Number.isSafeInteger(Math.floor(n))) throw new CliError(`--${key} ${raw} is too large: it must be ${want}`);
  if (!Number.isInteger(n)) throw new CliError(`--${key} must be ${want}, not ${raw} (not a whole number)`);
  if (!/^\d+$/.test(raw)) throw new CliError(`--${key} must be written in plain digits (${n}), not "${raw}"`);
  return n;
}

/** Why a file cannot be read, in words: "no such file", "is a folder, not a file", "permission denied". */
export async function readText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why: Record<string, string> = {
      ENOENT: 'no such file',
      EISDIR: 'it is a folder, not a file',
      EACCES: 'permission denied',
      EPERM: 'permission denied',
      ENOTDIR: 'a part of the path is not a folder',
    };
    throw new CliError(`cannot read ${path}: ${(code && why[code]) ?? code ?? String(error)}`);
  }
}

/** NUL bytes or bytes that are not UTF-8 (decoded as U+FFFD): an image, an archive, a compiled file. */
function notText(text: string): boolean {
  return /[\u0000\uFFFD]/.test(text);
}

/** Where JSON.parse stopped, as "line L, column C" (Node's messages give a position, when they do). */
function jsonProblem(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/end of JSON input|Unterminated/i.test(message)) return 'it ends too soon';
  const position = /position (\d+)/.exec(message);
  if (!position) {
    const token = /Unexpected token '?([^',]+)'?/.exec(message)?.[1];
    return token ? `an unexpected "${token}"` : 'it cannot be read as JSON';
  }
  const before = text.slice(0, Number(position[1]));
  const line = before.split('\n').length;
  return `at line ${line}, column ${before.length - before.lastIndexOf('\n')}`;
}

/**
 * One JSON value from a file's text, refused in the same words by every command: "FILE is empty", "FILE is
 * not a text file", "FILE is not valid JSON (at line 3, column 5)". `hint` may add why (a file of several
 * profiles that should end in .jsonl).
 */
export function parseJsonFile(text: string, path: string, hint?: (text: string) => string | undefined): unknown {
  if (text.trim() === '') throw new CliError(`${path} is empty`);
  if (notText(text)) throw new CliError(`${path} is not a text file`);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const more = hint?.(text);
    throw new CliError(`${path} is not valid JSON (${jsonProblem(text, error)})${more ? `: ${more}` : ''}`);
  }
}

type Kind = 'profile' | 'memory file' | 'prompt';

/** What a JSON value given to the wrong option looks like: Veil's other inputs, by their keys. */
export function looksLike(value: unknown): Kind | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  if ('attributes' in value && !('memories' in value)) return 'profile';
  if ('memories' in value && !('attributes' in value)) return 'memory file';
  if ('text' in value && typeof value.text === 'string' && !('attributes' in value)) return 'prompt';
  return undefined;
}

/** "a profile, for veil release --profile", or undefined when the value is none of Veil's files or is `wanted`. */
function otherFile(value: unknown, wanted?: Kind): string | undefined {
  const kind = looksLike(value);
  if (kind === undefined || kind === wanted) return undefined;
  return `a ${kind}, for ${{ profile: 'veil release --profile', 'memory file': 'veil memview --store', prompt: 'veil map --input' }[kind]}`;
}

/** " (this looks like a profile, for veil release --profile)", or "" when the value is none of Veil's files or is `wanted`. */
export function wrongFileHint(value: unknown, wanted?: Kind): string {
  const other = otherFile(value, wanted);
  return other ? ` (this looks like ${other})` : '';
}

/**
 * Parse JSON lines; an error names the line. Blank lines are skipped. `option` is the option the file was
 * given to (`--input`; the scripts give none): a file that is one JSON value pretty-printed over several lines (a profile, a list)
 * is told so, by the option's name, instead of "line 1 ends too soon"; `wanted` is what the option takes
 * (not named as a mistake).
 */
export function parseJsonLines(text: string, path: string, option?: string, wanted?: Kind): { line: number; value: unknown }[] {
  if (notText(text)) throw new CliError(`${path} is not a text file`);
  const out: { line: number; value: unknown }[] = [];
  text.split('\n').forEach((raw, i) => {
    if (raw.trim() === '') return;
    try {
      out.push({ line: i + 1, value: JSON.parse(raw) });
    } catch (error) {
      const spread = spreadOverLines(text, wanted);
      if (spread !== undefined) throw new CliError(`${path}: ${spread}; ${option ? `${option} wants` : 'it must have'} one JSON object per line (JSONL)`);
      throw new CliError(`${path}:${i + 1}: not valid JSON (${jsonProblem(raw, error).replace(/^at line 1, /, 'at ')})`);
    }
  });
  return out;
}

/** "this looks like one JSON object spread over several lines" when the whole text is one JSON object or list. */
function spreadOverLines(text: string, wanted?: Kind): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  const what = Array.isArray(value) ? 'one JSON list' : 'one JSON object';
  const other = otherFile(value, wanted);
  return `this looks like ${what} spread over several lines${other ? ` (${other})` : ''}`;
}
