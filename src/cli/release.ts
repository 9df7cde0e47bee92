/**
 * `veil release --profile FILE --mechanism slot|block [--variant veil|paper] --epsilon N [--seed N] [--format structured|freeform]
 * [--instruction TEXT]` (DESIGN.md "Command-line interface"): one JSON line per profile,
 * `{ mechanism, epsilon, spent: { total, perAttribute, units }, attributes: [...], text }` (`units`: the same ε
 * figures exactly, as integers of 2^-20).
 *
 * FILE is a `.json` profile or a `.jsonl` file of profiles (one output line per input line, blank lines
 * skipped). Each line is one fresh release of ε, explicitly unaccounted: the CLI keeps no ledger (the
 * evaluation accounts for spend); the extension's releases are charged by its release service.
 * Without `--seed`, randomness is `crypto.getRandomValues`; with it, runs are reproducible and NOT private.
 * Uses the bundled offline model; nothing leaves the machine.
 */
import type { Embedder, RandomSource, Scorer } from '../core/contracts';
import { epsilonToUnits } from '../core/epsilon';
import { parseProfile, ProfileError, type Profile } from '../core/profile';
import { FORMATS, MECHANISMS } from '../core/settings';
import { VARIANTS } from '../dp/utility';
import { cryptoRandomSource, seededRandomSource } from '../dp/random';
import { MAX_EPSILON } from '../dp/scale';
import { prepareRelease } from '../release/prepare';
import { releaseProfile } from '../release/release';
import { choice, CliError, integer, parseJsonLines, readText, required } from './args';

/** The profiles of a `.json` or `.jsonl` file; errors name the file (and line) and the bad attribute. */
export async function readProfiles(path: string): Promise<Profile[]> {
  const text = await readText(path);
  const parse = (value: unknown, where: string): Profile => {
    try {
      return parseProfile(value);
    } catch (error) {
      if (error instanceof ProfileError) throw new CliError(`${where}: ${error.message}`);
      throw error;
    }
  };
  if (path.toLowerCase().endsWith('.jsonl')) {
    const lines = parseJsonLines(text, path);
    if (lines.length === 0) throw new CliError(`${path}: no profiles`);
    return lines.map(({ line, value }) => parse(value, `${path}:${line}`));
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new CliError(`${path}: not valid JSON (a file of profiles must end in .jsonl)`);
  }
  return [parse(value, path)];
}

/** `--epsilon`: a positive decimal number up to the exact sampler's range, as exact units (rounded down). */
export function epsilonUnitsOf(args: Map<string, string>): number {
  const raw = required(args, 'epsilon');
  if (!/^\d+(\.\d+)?$/.test(raw)) throw new CliError(`--epsilon must be a positive number, not "${raw}"`);
  const epsilon = Number(raw);
  if (epsilon > MAX_EPSILON) throw new CliError(`--epsilon must be at most ${MAX_EPSILON}, not ${raw}`);
  const units = epsilonToUnits(epsilon);
  if (units === 0) throw new CliError(`--epsilon must be positive (at least 2^-20), not ${raw}`);
  return units;
}

export function randomSourceOf(args: Map<string, string>): RandomSource {
  const seed = integer(args, 'seed');
  return seed === undefined ? cryptoRandomSource() : seededRandomSource(seed);
}

/** The bundled model's scorer and embedder (loaded lazily: it reads ~10 MB). */
export async function loadScorer(): Promise<Scorer & { embedder: Embedder }> {
  const { loadBundledScorer } = await import('../embedding/node');
  return loadBundledScorer();
}

/** The options this command knows, and its `--help`. */
export const OPTIONS = ['profile', 'mechanism', 'variant', 'epsilon', 'seed', 'format', 'instruction'] as const;
export const HELP = [
  "veil release --profile FILE --mechanism slot|block [--variant veil|paper] --epsilon N [--seed N] [--format structured|freeform] [--instruction TEXT]",
  "  One release per profile (one JSON line each). --variant veil (default): scores that say \"Unspecified\" rather",
  "  than a wrong category; paper: the paper's. Every withheld fact is released. --seed: reproducible, for evaluation only.",
  "  spent.total and spent.perAttribute are ε as numbers; spent.units gives them exactly, in integers of 2^-20 of ε.",
].join('\n');

export async function run(args: Map<string, string>, out: (line: string) => void): Promise<void> {
  const path = required(args, 'profile');
  const mechanism = choice(args, 'mechanism', MECHANISMS);
  const variant = choice(args, 'variant', VARIANTS, 'veil');
  const epsilonUnits = epsilonUnitsOf(args);
  const format = choice(args, 'format', FORMATS, 'structured');
  const instruction = args.get('instruction');
  const random = randomSourceOf(args);
  const profiles = await readProfiles(path);
  const scorer = await loadScorer();
  for (const profile of profiles) {
    const prepared = await prepareRelease(profile, { mechanism, variant, epsilonUnits, scorer, embedder: scorer.embedder });
    const r = releaseProfile(prepared, { random, format, ledger: 'unaccounted', ...(instruction !== undefined ? { instruction } : {}) });
    // DESIGN.md's object: no `origin` (without a ledger every privatized value is a fresh draw).
    const attributes = r.attributes.map(({ origin: _origin, ...a }) => a);
    // ε figures are numbers as DESIGN.md fixes them; `spent.units` repeats them exactly, as integers of 2^-20.
    const spent = { ...r.spent, units: { unit: '2^-20', total: r.units.total, perAttribute: r.units.perAttribute } };
    out(JSON.stringify({ mechanism: r.mechanism, epsilon: r.epsilon, spent, attributes, text: r.text }));
  }
}
