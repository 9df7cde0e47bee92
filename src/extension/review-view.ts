/**
 * What the review panel shows of a review (review-service.ts asks for it): the text Send will write, composed
 * from the release's public draft and the message as protected (outgoing.ts); beside it the facts, left-out
 * facts and typed values (review-facts.ts) and the topic hints. The person's own values are read for this
 * view only (Veil's page); what leaves is composed from the draft, never from the profile, and what Send will
 * write is stored with the review before the view is returned.
 *
 * ```ts
 * const { view } = reviewViews({ db, random, tag, encode, codebookOf, patch });
 * const shown = await view(review);   // review.shown now holds exactly shown.text
 * ```
 */
import { attributeKey, type Profile } from '../core/profile';
import type { RandomSource } from '../core/contracts';
import { protect, type CodebookState, type Protected, type Tagging } from '../crossmap';
import { messageOptions } from './message-options';
import type { ReviewView } from '../messaging/contract';
import { outgoingText } from './outgoing';
import { siteLabel } from '../sites/generic';
import type { VeilDatabase } from '../storage/db';
import { readProfile } from '../storage/profile-store';
import { readSettings } from '../storage/settings-store';
import type { Settings } from '../settings/settings';
import type { MadeRelease } from './release-service';
import { failedView, messageView, reviewFacts, topicHintsOf } from './review-facts';
import type { ReviewRecord } from './review-record';

export interface ReviewViewDeps {
  db: VeilDatabase;
  random: RandomSource;
  /** The message tagger (src/crossmap/tagger, on the model host): what is personal in a message. */
  tag: (text: string) => Promise<Tagging>;
  /** The sentence encoder (the model host's `encode`), for the topic hints; none: no hints. */
  encode?: (texts: readonly string[]) => Promise<number[][]>;
  /** The review's conversation codebook (./conversation-codebook.ts), made at its first use. */
  codebookOf: (review: ReviewRecord) => Promise<CodebookState>;
  /** Change the stored review (framed-session.ts `patch`). */
  patch: (id: string, change: Partial<ReviewRecord>) => Promise<ReviewRecord | undefined>;
}

export function reviewViews(deps: ReviewViewDeps) {
  const { db, random, codebookOf, patch } = deps;

  /**
   * What the person typed, de-identified (issue 18): identifiers replaced, special categories generalized,
   * a withheld profile value typed into it generalized to its released category. Null for a text the compose
   * box mapped already. A failure here fails the review: nothing is sent.
   */
  async function protection(
    review: ReviewRecord,
    profile: Profile,
    released: ReadonlyMap<string, string>,
    settings: Settings,
    codebook?: Promise<CodebookState>,
  ): Promise<Protected | null> {
    if (review.composed) return null;
    return protect(review.prompt, {
      ...messageOptions(profile, released, settings),
      codebook: await (codebook ?? codebookOf(review)),
      random,
      tag: deps.tag,
      choices: review.choices ?? {},
    });
  }

  /**
   * What the panel shows. `first`: the release was just made, from this profile and these settings, and
   * the conversation's codebook is being read already (the panel's first view; later ones read again).
   */
  async function view(review: ReviewRecord, first?: { made: MadeRelease; codebook?: Promise<CodebookState> }): Promise<ReviewView> {
    const settings = first?.made.settings ?? (await readSettings(db));
    const base = {
      reviewId: review.id,
      siteLabel: siteLabel(review.site),
      prompt: review.prompt,
      freshCost: settings.epsilon,
    };
    if (review.state !== 'ready' || !review.release || !review.draft) {
      return failedView(base, review.error);
    }
    const release = review.release;
    // The person's own values, for this view only (Veil's page): what leaves is composed from the draft.
    const profile = await readProfile(db);
    const releasedOf = new Map(release.attributes.map((a) => [attributeKey(a), a.value]));
    const guarded = await protection(review, profile, releasedOf, settings, first?.codebook);
    const message = guarded ? guarded.text : review.prompt;
    const text = outgoingText(review.draft, message.trim() !== '' ? message : undefined, settings.suppressed, review.dropped);
    // What Send will write is what this view shows, not a recomputation (a setting or the codebook may change).
    // Stored before the view is returned (below), written while the rest of it is made.
    const shown = patch(review.id, { shown: { text, codebook: guarded?.codebook ?? null, replaced: guarded?.dictionary.length ?? 0 } });
    shown.catch(() => undefined);
    const { facts, leftOut, typed, views } = reviewFacts(review, release, profile, settings);
    const hints = deps.encode ? await topicHintsOf(review.prompt, guarded, deps.encode) : [];
    await shown;
    return {
      ...base,
      state: 'ready',
      text,
      facts,
      views,
      charged: release.charged.total,
      remaining: release.remaining.total,
      reused: release.reused,
      fallback: release.fallback,
      typed,
      message: { ...messageView(guarded, text), hints },
      leftOut,
    };
  }

  return { view };
}
