/** Argument parsing shared by the CLI commands: `--name value` options only, each at most once. */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';

export class CliError extends Error {
  override name = 'CliError';
}

/**
 * `--name value` options (each at most once; `--name=value` too) of a command that knows `known`, with
 * `node:util` parseArgs. A typo, a missing value, a repeated option or a stray word is refused with a
 * message naming it, so nothing is silently ignored.
 */
export function parseOptions(argv: readonly string[], known: readonly string[]): Map<string, string> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: [...argv], options: Object.fromEntries(known.map((k) => [k, { type: 'string' as const }])), strict: true, tokens: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const unknown = /Unknown option '(--[^']+)'/.exec(message);
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
    if (token.value === undefined || token.value.startsWith('--')) throw new CliError(`--${token.name} needs a value`);
    args.set(token.name, token.value);
  }
  return args;
}

export function required(args: Map<string, string>, key: string): string {
  const value = args.get(key);
  if (value === undefined) throw new CliError(`--${key} is required`);
  return value;
}

export function choice<T extends string>(args: Map<string, string>, key: string, options: readonly T[], fallback?: T): T {
  const value = args.get(key) ?? fallback;
  if (value === undefined) throw new CliError(`--${key} is required (${options.join('|')})`);
  if (!(options as readonly string[]).includes(value)) throw new CliError(`--${key} must be one of ${options.join('|')}, not "${value}"`);
  return value as T;
}

/** A non-negative integer option (seeds, counts). */
export function integer(args: Map<string, string>, key: string, fallback?: number): number | undefined {
  const raw = args.get(key);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) throw new CliError(`--${key} must be a non-negative integer, not "${raw}"`);
  return Number(raw);
}

export async function readText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CliError(code === 'ENOENT' ? `cannot read ${path}: no such file` : `cannot read ${path}: ${code ?? String(error)}`);
  }
}

/** Parse JSON lines; an error names the line. Blank lines are skipped. */
export function parseJsonLines(text: string, path: string): { line: number; value: unknown }[] {
  const out: { line: number; value: unknown }[] = [];
  text.split('\n').forEach((raw, i) => {
    if (raw.trim() === '') return;
    try {
      out.push({ line: i + 1, value: JSON.parse(raw) });
    } catch {
      throw new CliError(`${path}:${i + 1}: not valid JSON`);
    }
  });
  return out;
}
