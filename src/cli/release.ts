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
import { EPSILON_GRID, epsilonToUnits, UNITS_PER_EPSILON, unitsToEpsilon } from '../core/epsilon';
import { attributeKey, KNOWN_FIELDS, likelyKnownField, parseProfile, ProfileError, type Profile } from '../core/profile';
import { FACT_CHOICES, FORMATS, MECHANISMS, SUPPRESSED_CHOICES } from '../core/choices';
import { VARIANTS } from '../dp/utility';
import { cryptoRandomSource, seededRandomSource } from '../dp/exact/random';
import { MAX_EPSILON } from '../dp/exact/scale';
import { publicView } from '../planning/public-view';
import { relevantKeys } from '../planning/relevance';
import { prepareRelease } from '../release/prepare';
import { releaseProfile } from '../release/release';
import { anyNumber, choice, CliError, integer, looksLike, parseJsonFile, parseJsonLines, readText, required, wrongFileHint } from './args';

const PROFILE_SHAPE = '{ "version": 1, "attributes": [{ "entity", "field", "value", "sharing" }] }';
const PROMPTS = `this file looks like prompts ({"text": …} per line), not a profile; --profile wants a profile ${PROFILE_SHAPE} (.json), or one per line (.jsonl)`;

/** A hint for a `.json` profile file that is not one JSON value: prompts, or several profiles. */
function profileFileHint(text: string): string | undefined {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  if (lines.length < 2) return undefined;
  try {
    if (looksLike(JSON.parse(lines[0]!)) === 'prompt') return PROMPTS;
    return 'it looks like several profiles, one per line; a file of profiles must end in .jsonl';
  } catch {
    return undefined;
  }
}

/**
 * A field name that is a slip for a known field ("ocupation", "Age") is refused: a custom field with no public
 * categories is left out of a withheld release, so the fact would be dropped without a word. The extension
 * keeps such names (its form offers custom fields, and its preview says each one is left out).
 */
function checkFieldNames(profile: Profile, where: string): Profile {
  profile.attributes.forEach((a, i) => {
    const near = likelyKnownField(a.field);
    if (near === undefined) return;
    throw new CliError(
      `${where}: attribute ${i + 1} (${attributeKey(a)}): unknown field "${a.field}" in the profile (did you mean "${near}"? known fields: ${KNOWN_FIELDS.join(', ')}; a custom field needs a name not this close to one of them)`,
    );
  });
  return profile;
}

/** The profiles of a `.json` or `.jsonl` file; errors name the file (and line) and the bad attribute. */
export async function readProfiles(path: string): Promise<Profile[]> {
  const text = await readText(path);
  const parse = (value: unknown, where: string): Profile => {
    let profile: Profile;
    try {
      profile = parseProfile(value);
    } catch (error) {
      if (!(error instanceof ProfileError)) throw error;
      if (looksLike(value) === 'prompt') throw new CliError(`${path}: ${PROMPTS}`);
      throw new CliError(`${where}: ${error.message}${wrongFileHint(value, 'profile')}`);
    }
    return checkFieldNames(profile, where);
  };
  if (path.toLowerCase().endsWith('.jsonl')) {
    const lines = parseJsonLines(text, path, '--profile', 'profile');
    if (lines.length === 0) throw new CliError(`${path} is empty: no profiles`);
    return lines.map(({ line, value }) => parse(value, `${path}:${line}`));
  }
  return [parse(parseJsonFile(text, path, profileFileHint), path)];
}

const GRID = `${EPSILON_GRID.slice(0, 3).join(', ')}, …, ${EPSILON_GRID.at(-1)!}`;
/** The smallest ε the budget arithmetic can hold: one unit, 2^-20 (src/core/epsilon.ts). */
const MIN_EPSILON = 1 / UNITS_PER_EPSILON;
const RANGE = `a number above 0 and at most ${MAX_EPSILON}`;

/** Where a note goes that is not output: stderr, as `veil: note: …` (stdout is JSON). */
export type Note = (line: string) => void;
export const stderrNote: Note = (line) => process.stderr.write(`veil: note: ${line}\n`);

/**
 * `--epsilon`: any ε from 2^-20 (one unit of the budget arithmetic) to MAX_EPSILON = 65536 (the largest whose
 * log-weights the exact sampler's integer arithmetic holds, src/dp/exact/scale.ts), as exact units. The sampler is
 * exact at every such ε; the extension offers only the grid 2, 4, 8, …, 8192, so a value off that grid gets
 * one `note` saying so. ε is counted in units of 2^-20, rounded down: a value that is not a multiple (0.1)
 * is run at the multiple below it, which the note says too (the guarantee at the ε asked for still holds).
 * Each refusal says what is wrong: not a number, not positive, not finite, too large, too small, not a plain
 * decimal.
 */
export function epsilonUnitsOf(args: Map<string, string>, note: Note = stderrNote): number {
  const raw = required(args, 'epsilon');
  const n = anyNumber(raw);
  if (n === undefined) throw new CliError(`--epsilon must be ${RANGE}, not "${raw}"`);
  if (n <= 0) throw new CliError(`--epsilon must be positive (${RANGE}), not ${raw}`);
  if (!Number.isFinite(n)) throw new CliError(`--epsilon must be a finite number, at most ${MAX_EPSILON}, not ${raw}`);
  if (n > MAX_EPSILON) throw new CliError(`--epsilon ${raw} is too large: the largest the exact sampler supports is ${MAX_EPSILON} (2^16)`);
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(raw)) throw new CliError(`--epsilon must be written as a plain decimal number (${n}), not "${raw}"`);
  if (n < MIN_EPSILON) throw new CliError(`--epsilon ${raw} is too small: the smallest is 2^-20 (0.00000095367431640625), the unit ε is counted in`);
  const units = epsilonToUnits(n);
  const offGrid = !(EPSILON_GRID as readonly number[]).includes(n);
  const runAt = unitsToEpsilon(units);
  if (offGrid) {
    const rounded = runAt === n ? '' : `; it is counted in units of 2^-20 and run at ${runAt}, the multiple just below it`;
    note(`ε ${raw} is not one the extension offers (${GRID}); the release is exact at it all the same${rounded}`);
  }
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

/** The bundled sentence encoder, for `--facts needed` (what the message needs). */
export async function loadEncoder(): Promise<Embedder> {
  const { loadBundledEncoder } = await import('../embedding/node');
  return loadBundledEncoder();
}

/** The options this command knows, and its `--help`. */
export const OPTIONS = ['profile', 'mechanism', 'variant', 'epsilon', 'seed', 'format', 'instruction', 'facts', 'suppressed'] as const;
export const HELP = [
  'veil release --profile FILE --mechanism slot|block [--variant veil|paper] --epsilon N [--seed N] [--format structured|freeform]',
  '             [--instruction TEXT] [--facts all|needed] [--suppressed omit|mark]',
  '  One release per profile (one JSON line each). --variant veil (default): scores that say "Unspecified" rather',
  "  than a wrong category; paper: the paper's. --epsilon: any ε above 0 up to 65536, exact at each; the extension",
  '  offers 2, 4, 8, …, 8192, and a value off that grid gets a note on stderr. ε is counted in units of 2^-20.',
  '  --facts all (default here): every withheld fact is released; needed: only those the instruction needs, the',
  "  extension's default (it reads the message you send; here the instruction stands for it).",
  '  --suppressed omit (default, as the extension): a withheld fact with no public categories is left out of the',
  "  text; mark: it is sent as [withheld] (the paper's). --seed: reproducible, for evaluation only.",
  '  spent.total and spent.perAttribute are ε as numbers; spent.units gives them exactly, in integers of 2^-20 of ε.',
  '  A field name that is a slip for a known one ("ocupation", "Age") is refused; a name far from them is a custom field.',
].join('\n');

export async function run(args: Map<string, string>, out: (line: string) => void, note: Note = stderrNote): Promise<void> {
  const path = required(args, 'profile');
  const mechanism = choice(args, 'mechanism', MECHANISMS);
  const variant = choice(args, 'variant', VARIANTS, 'veil');
  const epsilonUnits = epsilonUnitsOf(args, note);
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
