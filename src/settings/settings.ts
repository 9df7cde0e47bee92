/**
 * Settings a person chooses, with their documented defaults, as stored and checked (the words they choose
 * from are ../core/choices.ts, which the privacy core reads without the site registry). Pure module (no
 * storage here).
 *
 * Defaults, and why:
 * - mechanism `block`: DP-BLOCK adds policy closure and the public compatibility prior, which the paper
 *   finds gives more coherent releases at the same ε.
 * - variant `veil`: the same guarantee, with scores that use their full range and a public weight on
 *   `unspecified` (src/dp/utility.ts). Measured on eval/holdout.jsonl (profiles of 3–5 withheld facts, all
 *   released, DP-BLOCK): at ε = 8 the paper's variant names a wrong category 78% of the time, Veil's 20%
 *   (it says "unspecified" 72%); at ε = 64, right 42% against 91%, wrong 56% against 2%.
 * - epsilon 16 per release, chosen from the measurements (`npm run eval:release`, eval/holdout.jsonl,
 *   DP-BLOCK with Veil's variant). A release carries the facts its message needs, usually 1 or 2: at
 *   ε = 16 such a fact comes out right 60% of the time, "Unspecified" 31%, wrong 8%. At ε = 8 it is
 *   25 / 59 / 16 (mostly "Unspecified"); at ε = 32, 92 / 6 / 2, but one single-fact release then spends
 *   a whole per-fact cap (32). 16 is the smallest grid value at which the right category is the most
 *   likely outcome and a wrong one rare. The bound: one release changes an observer's odds about the
 *   facts it carries by at most e^16 in all.
 * - attributeCap 32: with ε = 16 split over the 1–2 facts a message needs, a fact takes part in 2 to 4
 *   fresh releases (a conversation reuses its release for free) before Veil reuses its last release.
 * - totalCap 256: the sum over all attributes' ledgers.
 * - facts `needed`: a release carries only the withheld facts the message needs, so a fact a message does
 *   not need costs nothing and the ε is split among fewer facts (each comes out right more often). The
 *   person can add a fact to a release in the review panel (a new release) or choose `all`.
 * - format `structured`: `Field: value` lines are easiest to review before sending.
 * - memoryMode `online`, memoryK 2 (DP-MemView): each view a protected memory pays for costs B_a/2, so a
 *   protected attribute supports 2 charged views per budget period (a conversation reuses a slot's view
 *   for free). The paper's main setting is K = 3; with Veil's rule K = 2 is what keeps a misleading
 *   preference rare at the default cap and lets a backed one outnumber it at cap 8 (issue 22, dev half of
 *   `npm run eval:memview`). `pre` spreads B_a over the number of uses the person plans instead.
 * - suppressed `omit`: a fact Veil cannot privatize (no public categories, or its cap spent with no
 *   earlier release) is left out of the release text. Sent as `[withheld]` it would tell the assistant
 *   nothing about the value (the symbol is the same for every value) but would tell the site the fact
 *   exists; leaving it out loses nothing and reveals less. `mark` keeps the paper's `[withheld]` line.
 * - messageDefaults `{}` (issue 18): what a reviewed send does with each kind of thing the person typed, by
 *   kind; a kind not listed takes the built-in default: identifiers (names, places, organisations, dates, ages,
 *   amounts, contact details, ID numbers) replaced by a stand-in of the same kind, which keeps the question
 *   answerable and reads back in the answer; special categories (health, medicines, sexuality, immigration,
 *   a criminal record, money trouble, …) generalized to a public phrase of their category ("a health
 *   condition"), which tells the site the category only, where a stand-in would change the question (a
 *   bakery word for a disease). It is a setting because people need different things by default: a date kept
 *   as typed for a deadline question, a medicine for an interaction question, without choosing it again on
 *   every span of every message. The review panel still changes any one span. `profile` (a withheld value
 *   typed into a message: its released category) and `custom` (the always-map words: always replaced) are not
 *   settable. `generalize` for a kind with no public phrase (a name, an e-mail) sends a stand-in.
 */
import { z } from 'zod';
import { EPSILON_GRID } from '../core/epsilon';
import { DEFAULTABLE_KINDS, FACT_CHOICES, FORMATS, MECHANISMS, MESSAGE_TREATMENTS, SUPPRESSED_CHOICES, VARIANTS } from '../core/choices';
import { SITES, type Site } from '../sites/index';
import { genericSiteSchema } from '../sites/generic';

export * from '../core/choices';
/** Chat sites Veil can be turned on for (src/sites); `demo` is the local demo chat page. */
export { SITES, type Site };

const positiveEpsilon = z
  .number()
  .finite()
  .positive()
  .max(2 ** 30);

export const settingsSchema = z.strictObject({
  mechanism: z.enum(MECHANISMS),
  /** `veil`: full-range scores and abstaining on `unspecified` (src/dp/utility.ts); `paper`: the paper's scores. */
  variant: z.enum(VARIANTS),
  /** `needed`: a release carries only the withheld facts its message needs (src/planning/relevance.ts); `all`: every one. */
  facts: z.enum(FACT_CHOICES),
  epsilon: z.number().refine((e) => (EPSILON_GRID as readonly number[]).includes(e), 'must be on the grid 2, 4, …, 8192'),
  format: z.enum(FORMATS),
  suppressed: z.enum(SUPPRESSED_CHOICES),
  sites: z.array(z.enum(SITES)),
  /**
   * Sites outside the registry the person switched Veil on for (the generic adapter, src/sites/generic.ts),
   * one per origin. Changed only through `site.add` / `site.pick` / `site.remove`, which also hold the
   * browser's host permission and the content script's registration in step.
   */
  genericSites: z
    .array(genericSiteSchema)
    .max(200)
    .refine((list) => new Set(list.map((s) => s.origin)).size === list.length, 'one entry per site'),
  /** Words CROSS-MAP's compose box always replaces, whatever its detector finds (a project name, a nickname). */
  alwaysMap: z.array(z.string().trim().min(2, 'a word to replace needs at least 2 characters').max(100)).max(200),
  /** Per kind, what a reviewed send does with what the person typed; a kind not listed: the built-in default (above). */
  messageDefaults: z.partialRecord(z.enum(DEFAULTABLE_KINDS), z.enum(MESSAGE_TREATMENTS)),
  /** DP-MemView's budget mode: `online` ε = min B_a/K per charged view; `pre` ε = min B_a/C_a (C_a: planned uses). */
  memoryMode: z.enum(['online', 'pre']),
  /** K: the number of charged views each protected memory attribute's cap is split into (online mode). */
  memoryK: z.number().int().min(1, 'must be at least 1').max(64, 'must be at most 64'),
  /** Default cap for each withheld attribute's ledger (ε). A ledger may carry its own, raised cap. */
  attributeCap: positiveEpsilon,
  /** Cap on the sum of all ledgers (ε). */
  totalCap: positiveEpsilon,
});
export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = Object.freeze({
  mechanism: 'block',
  variant: 'veil',
  facts: 'needed',
  epsilon: 16,
  format: 'structured',
  suppressed: 'omit',
  sites: [...SITES],
  genericSites: [],
  alwaysMap: [],
  messageDefaults: {},
  memoryMode: 'online',
  memoryK: 2,
  attributeCap: 32,
  totalCap: 256,
}) as Settings;
