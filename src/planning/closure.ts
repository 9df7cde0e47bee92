/**
 * Policy closure (Profile-DP §4.3): a shared field that would strongly reveal a withheld field of the same
 * entity joins the privatization set; repeat to a fixed point P+.
 *
 * The paper decides "strongly reveals" with a small yes/no model over the instruction, field identities
 * and sharing labels. We have no such model offline, so the decision is this public, reviewable rule
 * table over field topics (see field-topics.ts for custom fields). Two fields reveal each other when:
 * - they have the same topic (a shared "employer" and a withheld "work" describe the same thing), or
 * - a rule below says the source's topic strongly constrains the target's.
 *
 * Rules and why (source → target):
 * - occupation ⇄ work: a current occupation is usually the latest entry of a work history; both are
 *   released as ISCO-08 major groups, so one shared verbatim gives the other's category away (Table 1).
 * - location ⇄ nationality: most people live in the UN M49 sub-region of their nationality, and both use
 *   that same classification.
 * - nationality ⇄ languages: a nationality names its national language(s), hence their family.
 * Deliberately not rules: occupation → education (an ISCO skill level leaves 3 ISCED levels open, which
 * DP-BLOCK's compatibility prior models instead), age ⇄ marital status / children (weak constraints).
 *
 * The instruction is not an input: closure is independent of the request, so a DP-BLOCK release can be
 * reused for later requests for free (DESIGN.md "Reuse").
 *
 * Not part of the formal guarantee: closure is an empirical safeguard. The guarantee covers the original
 * withheld values; a closure-privatized field is shared (public), so it is released as a category but
 * never charged to a ledger. The UI must not present closure as differential privacy.
 *
 * ```ts
 * policyClosure(publicView(profile), topics).get(1); // { target: 'self.work', reason: '…' }
 * ```
 */
import { attributeKey, type KnownField } from '../core/profile';
import type { PublicAttribute } from './public-view';

export interface ClosureRule {
  readonly source: KnownField;
  readonly target: KnownField;
  readonly reason: string;
}

const occupationWork = 'an occupation and a work history are both ISCO-08 groups; one gives the other away';
const locationNationality = 'most people live in the UN M49 sub-region of their nationality';
const nationalityLanguages = 'a nationality names its national language(s), hence their family';

export const CLOSURE_RULES: readonly ClosureRule[] = [
  { source: 'occupation', target: 'work', reason: occupationWork },
  { source: 'work', target: 'occupation', reason: occupationWork },
  { source: 'location', target: 'nationality', reason: locationNationality },
  { source: 'nationality', target: 'location', reason: locationNationality },
  { source: 'nationality', target: 'languages', reason: nationalityLanguages },
  { source: 'languages', target: 'nationality', reason: nationalityLanguages },
];

/** Why a source field reveals a target field, or undefined when the rules say it does not. */
export function reveals(source: KnownField | undefined, target: KnownField | undefined): string | undefined {
  if (source === undefined || target === undefined) return undefined;
  if (source === target) return `both describe ${target.replace('_', ' ')}`;
  return CLOSURE_RULES.find((r) => r.source === source && r.target === target)?.reason;
}

export interface ClosureReason {
  /** `entity.field` of the privatized attribute this one would reveal. */
  readonly target: string;
  readonly reason: string;
}

/**
 * The shared attributes that closure adds to the privatization set, by profile index, each with the
 * attribute it would reveal. Starts from the withheld set P and iterates to the fixed point P+.
 */
export function policyClosure(attributes: readonly PublicAttribute[], topics: ReadonlyMap<string, KnownField | undefined>): Map<number, ClosureReason> {
  const privatized = new Set(attributes.filter((a) => a.sharing === 'withheld').map((a) => a.index));
  const added = new Map<number, ClosureReason>();
  for (let changed = true; changed;) {
    changed = false;
    for (const source of attributes) {
      if (privatized.has(source.index)) continue;
      for (const target of attributes) {
        if (!privatized.has(target.index) || target.entity !== source.entity) continue;
        const reason = reveals(topics.get(source.field), topics.get(target.field));
        if (reason) {
          privatized.add(source.index);
          added.set(source.index, { target: attributeKey(target), reason });
          changed = true;
          break;
        }
      }
    }
  }
  return added;
}
