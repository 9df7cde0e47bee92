/**
 * `veil release --profile FILE --mechanism slot|block [--variant veil|paper] --epsilon N [--seed N] [--format structured|freeform]
 * [--instruction TEXT] [--facts all|needed] [--suppressed omit|mark]` (DESIGN.md "Command-line interface"): one JSON line per profile,
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
import { EPSILON_GRID, epsilonToUnits } from '../core/epsilon';
import { parseProfile, ProfileError, type Profile } from '../core/profile';
import { FACT_CHOICES, FORMATS, MECHANISMS, SUPPRESSED_CHOICES } from '../core/settings';
import { VARIANTS } from '../dp/utility';
import { cryptoRandomSource, seededRandomSource } from '../dp/random';
import { publicView } from '../dp/public-view';
import { relevantKeys } from '../dp/relevance';
import { prepareRelease } from '../release/prepare';
import { releaseProfile } from '../release/release';
import { anyNumber, choice, CliError, integer, parseJsonFile, parseJsonLines, readText, required } from './args';

/** A hint for a `.json` profile file that is not one JSON value: several profiles, or a memory file. */
function profileFileHint(text: string): string | undefined {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  if (lines.length < 2) return undefined;
  try {
    JSON.parse(lines[0]!);
    return 'it looks like several profiles, one per line; a file of profiles must end in .jsonl';
  } catch {
    return undefined;
  }
}

/** The profiles of a `.json` or `.jsonl` file; errors name the file (and line) and the bad attribute. */
export async function readProfiles(path: string): Promise<Profile[]> {
  const text = await readText(path);
  const parse = (value: unknown, where: string): Profile => {
    try {
      return parseProfile(value);
    } catch (error) {
      if (!(error instanceof ProfileError)) throw error;
      const memory = value !== null && typeof value === 'object' && 'memories' in value && !('attributes' in value);
      throw new CliError(`${where}: ${error.message}${memory ? ' (this looks like a memory file, for veil memview --store)' : ''}`);
    }
  };
  if (path.toLowerCase().endsWith('.jsonl')) {
    const lines = parseJsonLines(text, path);
    if (lines.length === 0) throw new CliError(`${path} is empty: no profiles`);
    return lines.map(({ line, value }) => parse(value, `${path}:${line}`));
  }
  return [parse(parseJsonFile(text, path, profileFileHint), path)];
}

const GRID = `one of ${EPSILON_GRID.slice(0, 3).join(', ')}, …, ${EPSILON_GRID.at(-1)!}`;

/**
 * `--epsilon`: one of the values the extension offers (EPSILON_GRID: 2, 4, 8, …, 8192), as exact units.
 * The mechanisms' guarantee holds for any ε > 0, but the CLI takes the same values as the extension so
 * that what it prints (and evaluates) is what a person can choose; `8.5` is refused, not rounded. Each
 * refusal says what is wrong: not positive, too large, not a number, not a plain decimal, off the grid.
 */
export function epsilonUnitsOf(args: Map<string, string>): number {
  const raw = required(args, 'epsilon');
  const n = anyNumber(raw);
  if (n === undefined) throw new CliError(`--epsilon must be a number, ${GRID}, not "${raw}"`);
  if (n <= 0) throw new CliError(`--epsilon must be positive, ${GRID}, not ${raw}`);
  if (n > EPSILON_GRID.at(-1)!) throw new CliError(`--epsilon ${raw} is too large: the largest is ${EPSILON_GRID.at(-1)!}`);
  if (!/^\d+(\.\d+)?$/.test(raw)) throw new CliError(`--epsilon must be written as a plain decimal number (${n}), not "${raw}"`);
  if (!(EPSILON_GRID as readonly number[]).includes(n)) throw new CliError(`--epsilon must be ${GRID} (the values the extension offers), not ${raw}`);
  return epsilonToUnits(n);
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

/** The bundled sentence encoder, for `--facts needed` (what the message needs). */
export async function loadEncoder(): Promise<Embedder> {
  const { loadBundledEncoder } = await import('../embedding/node');
  return loadBundledEncoder();
}

/** The options this command knows, and its `--help`. */
export const OPTIONS = ['profile', 'mechanism', 'variant', 'epsilon', 'seed', 'format', 'instruction', 'facts', 'suppressed'] as const;
export const HELP = [
  "veil release --profile FILE --mechanism slot|block [--variant veil|paper] --epsilon N [--seed N] [--format structured|freeform]",
  "             [--instruction TEXT] [--facts all|needed] [--suppressed omit|mark]",
  "  One release per profile (one JSON line each). --variant veil (default): scores that say \"Unspecified\" rather",
  "  than a wrong category; paper: the paper's. --epsilon: one of 2, 4, 8, …, 8192, as in the extension.",
  "  --facts all (default here): every withheld fact is released; needed: only those the instruction needs, the",
  "  extension's default (it reads the message you send; here the instruction stands for it).",
  "  --suppressed omit (default, as the extension): a withheld fact with no public categories is left out of the",
  "  text; mark: it is sent as [withheld] (the paper's). --seed: reproducible, for evaluation only.",
  "  spent.total and spent.perAttribute are ε as numbers; spent.units gives them exactly, in integers of 2^-20 of ε.",
].join('\n');

export async function run(args: Map<string, string>, out: (line: string) => void): Promise<void> {
  const path = required(args, 'profile');
  const mechanism = choice(args, 'mechanism', MECHANISMS);
  const variant = choice(args, 'variant', VARIANTS, 'veil');
  const epsilonUnits = epsilonUnitsOf(args);
  const format = choice(args, 'format', FORMATS, 'structured');
  const instruction = args.get('instruction');
  const facts = choice(args, 'facts', FACT_CHOICES, 'all');
  const suppressed = choice(args, 'suppressed', SUPPRESSED_CHOICES, 'omit');
  const random = randomSourceOf(args);
  const profiles = await readProfiles(path);
  const scorer = await loadScorer();
  const encoder = facts === 'needed' ? await loadEncoder() : undefined;
  for (const profile of profiles) {
    // `needed`: the extension's rule (the sentence encoder's view of the message), with the instruction standing for the message.
    const message = instruction ?? profile.instruction;
    const carry = encoder ? relevantKeys(publicView(profile), message, (await encoder.embed([message ?? '']))[0]) : undefined;
    const prepared = await prepareRelease(profile, { mechanism, variant, epsilonUnits, scorer, embedder: scorer.embedder, ...(carry ? { carry } : {}) });
    const r = releaseProfile(prepared, { random, format, suppressed, ledger: 'unaccounted', ...(instruction !== undefined ? { instruction } : {}) });
    // DESIGN.md's object: no `origin` (without a ledger every privatized value is a fresh draw), and the
    // closure as `reason` only (its structured form is for the review's words).
    const attributes = r.attributes.map(({ origin: _origin, passed: _passed, closure: _closure, ...a }) => a);
    // ε figures are numbers as DESIGN.md fixes them; `spent.units` repeats them exactly, as integers of 2^-20.
    const spent = { ...r.spent, units: { unit: '2^-20', total: r.units.total, perAttribute: r.units.perAttribute } };
    out(JSON.stringify({ mechanism: r.mechanism, epsilon: r.epsilon, spent, attributes, text: r.text }));
  }
}
