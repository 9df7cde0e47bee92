/**
 * What leaves for the site, composed in one place: the message (protected, or as the compose box mapped
 * it), then the released facts, then the answer preferences of the released memory views. The release
 * service writes a release's record with it, and the review writes the text Send hands to the page with it.
 *
 * Its input is a `PublicDraft`: released values only (kept shared values, category labels, the suppression
 * symbol), the entities whose name the person shared, and the released views. Never the profile.
 *
 * ```ts
 * const draft = publicDraft(release.attributes, settings.format, views, profile); // the profile is read here only
 * outgoingText(draft, 'Plan my week.', 'omit');                   // what the site gets
 * outgoingText(draft, protectedMessage, 'omit', ['self.age']);    // the person left a fact out in the review
 * ```
 */
import { attributeKey, type Profile } from '../core/profile';
import type { ReleaseFormat, SuppressedChoice } from '../core/choices';
import { answerPreferences } from '../memview/render';
import type { SlotRelease } from '../memview/turn';
import { namedEntities, type ReleasedAttribute } from '../release/release';
import { renderRelease } from '../release/render';

export interface PublicDraft {
  /** The released facts: public values only. */
  attributes: ReleasedAttribute[];
  format: ReleaseFormat;
  /** Entities the person named by a shared name (a shared value: public). */
  named: string[];
  /** The released memory views (DP-MemView): what their answer preferences say. */
  views: Pick<SlotRelease, 'slot' | 'view'>[];
}

/** The public part of a release: everything `outgoingText` needs, nothing withheld. */
export function publicDraft(
  attributes: readonly ReleasedAttribute[],
  format: ReleaseFormat,
  views: readonly Pick<SlotRelease, 'slot' | 'view'>[],
  profile: Profile,
): PublicDraft {
  return {
    attributes: [...attributes],
    format,
    named: [...namedEntities(profile)],
    views: views.map((v) => ({ slot: v.slot, view: { code: v.view.code, text: v.view.text } })),
  };
}

/** What `dropped` calls a memory slot's view (a fact is its attribute key). */
export function viewKey(slot: string): string {
  return `view:${slot}`;
}

/**
 * The text the site gets: `message` (none: the release alone), the draft's facts and views but those the
 * person left out (`dropped`: attribute keys and `viewKey`s), suppressed facts left out or marked.
 */
export function outgoingText(draft: PublicDraft, message: string | undefined, suppressed: SuppressedChoice, dropped: readonly string[] = []): string {
  const kept = draft.attributes.filter((a) => !dropped.includes(attributeKey(a)) && (suppressed !== 'omit' || a.release !== 'suppressed'));
  const text = renderRelease(kept, message, draft.format, new Set(draft.named));
  // The answer preferences of the views kept: a function of the released views only.
  const preferences = answerPreferences(draft.views.filter((v) => !dropped.includes(viewKey(v.slot))));
  return preferences === '' ? text : `${text}\n\n${preferences}`;
}
