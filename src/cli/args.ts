/** Argument parsing shared by the CLI commands: `--name value` pairs only, each at most once. */
import { readFile } from 'node:fs/promises';

export class CliError extends Error {
  override name = 'CliError';
}

export function parseArgs(argv: readonly string[]): Map<string, string> {
  const args = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 2) {
    const flag = argv[i]!;
    const value = argv[i + 1];
    if (!flag.startsWith('--')) throw new CliError(`unexpected argument "${flag}"`);
    if (value === undefined || value.startsWith('--')) throw new CliError(`${flag} needs a value`);
    if (args.has(flag.slice(2))) throw new CliError(`${flag} given twice`);
    args.set(flag.slice(2), value);
  }
  return args;
}

/** Refuse options the command does not know, so a typo is not silently ignored. */
export function allowOnly(args: Map<string, string>, known: readonly string[]): void {
  for (const key of args.keys()) {
    if (!known.includes(key)) throw new CliError(`unknown option --${key} (known: ${known.map((k) => '--' + k).join(' ')})`);
  }
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
