/**
 * `veil sample --profile FILE --mechanism slot|block [--variant veil|paper] --epsilon N --n N [--seed N]` (DESIGN.md): N fresh
 * draws of one profile's release (scores computed once), printed as `{ counts: { "<key>": n } }`, the key
 * being `entity.field=code` of every privatized attribute, sorted, joined by `|`. This is what privacy
 * audits run: compare the counts of neighbouring profiles. Keys are printed in sorted order.
 */
import { MECHANISMS } from '../core/choices';
import { VARIANTS } from '../dp/utility';
import { RandomBits } from '../dp/exact/bits';
import { prepareRelease } from '../release/prepare';
import { sampleCounts } from '../release/sample';
import { choice, CliError, integer, required } from './args';
import { epsilonUnitsOf, loadScorer, randomSourceOf, readProfiles, stderrNote, type Note } from './release';

export const MAX_DRAWS = 10_000_000;

/** The options this command knows, and its `--help`. */
export const OPTIONS = ['profile', 'mechanism', 'variant', 'epsilon', 'n', 'seed'] as const;
export const HELP = [
  'veil sample --profile FILE --mechanism slot|block [--variant veil|paper] --epsilon N --n N [--seed N]',
  "  N fresh draws of one profile's release, counted per output (for privacy audits; nothing is charged).",
  "  --epsilon: any ε above 0 up to 65536, as for veil release (off the extension's grid 2, 4, …, 8192: a note on stderr).",
].join('\n');

export async function run(args: Map<string, string>, out: (line: string) => void, note: Note = stderrNote): Promise<void> {
  const path = required(args, 'profile');
  const mechanism = choice(args, 'mechanism', MECHANISMS);
  const variant = choice(args, 'variant', VARIANTS, 'veil');
  const epsilonUnits = epsilonUnitsOf(args, note);
  required(args, 'n');
  const n = integer(args, 'n', undefined, { min: 1, max: MAX_DRAWS })!;
  const bits = new RandomBits(randomSourceOf(args));
  const profiles = await readProfiles(path);
  if (profiles.length !== 1) throw new CliError(`${path}: sample takes one profile, the file has ${profiles.length}`);
  const scorer = await loadScorer();
  const prepared = await prepareRelease(profiles[0]!, { mechanism, variant, epsilonUnits, scorer, embedder: scorer.embedder });
  const counts = sampleCounts(prepared, n, bits);
  out(JSON.stringify({ counts: Object.fromEntries([...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) }));
}
