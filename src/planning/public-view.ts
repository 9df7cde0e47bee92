/**
 * The public side of a profile: what DP-BLOCK's planning may look at (DESIGN.md "Public decisions see
 * only public inputs"). It carries no value at all — not even shared ones, which the rules do not need —
 * (only the person's public choices: sharing and importance), so by construction no planning decision can
 * depend on a withheld value, and neighbouring profiles
 * (which differ only in withheld values) have identical views and therefore identical plans.
 *
 * ```ts
 * const view = publicView(profile); // [{ index: 0, entity: 'self', field: 'work', sharing: 'withheld' }, …]
 * ```
 */
import type { Importance, Profile, Sharing } from '../core/profile';

export interface PublicAttribute {
  /** Position in the profile. */
  readonly index: number;
  readonly entity: string;
  readonly field: string;
  readonly sharing: Sharing;
  /** The person's public choice of precision for a withheld fact (absent: normal). */
  readonly importance?: Importance;
}

export function publicView(profile: Pick<Profile, 'attributes'>): PublicAttribute[] {
  return profile.attributes.map((a, index) => ({
    index,
    entity: a.entity,
    field: a.field,
    sharing: a.sharing,
    ...(a.importance ? { importance: a.importance } : {}),
  }));
}
