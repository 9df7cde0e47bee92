/**
 * Reviews: the path from a caught send to the text the person approved (DESIGN.md "The review page").
 *
 * 1. `begin` (content script): the release is made (or reused) at once, in the background, under a random
 *    one-time token the content script drew.
 * 2. At the same time the content script shows the panel's iframe (nothing in its URL) and posts the token
 *    to that frame's window only, addressed to the extension's origin: the page never sees it.
 * 3. The panel (`framed` sender) claims the review with the token, in the same tab: that binds the review
 *    to the panel's frame as the browser reports it, and spends the token (framed-session.ts, the protocol
 *    the compose box and the answer read-back share). A page that frames the panel's URL itself has no
 *    token and gets nothing.
 * 4. `send` hands the approved text to the content script that began it, which writes it into the
 *    composer, reads it back, and only then presses the site's send. `cancel` sends nothing.
 *
 * Reviews live in session storage (Chrome may stop the service worker while the person reads), never on
 * disk. The release shown is already charged (release service): cancelling does not give it back.
 *
 * The stored review is review-record.ts; its release while it is made, review-release.ts; what the panel
 * shows of it, review-view.ts.
 */
import { tooLong, type Tagging, type Treatment } from '../crossmap';
import { cryptoRandomSource } from '../dp/exact/random';
import type { ReviewView } from '../messaging/contract';
import type { VeilDatabase } from '../storage/db';
import { Refusal } from '../storage/errors';
import type { MadeRelease, ReleaseService } from './release-service';
import { traceMark } from './trace-marks';
import { composedHandOffs } from './composed-handoff';
import { sameWords } from './message-marks';
import type { ContentReply, ToContent } from '../messaging/to-content';
import { codebookKeyOf, conversationCodebook, keepReplacements } from './conversation-codebook';
import { frameOf, framedSessions, type Sender, type SessionStore } from './framed-session';
import type { ReviewRecord } from './review-record';
import { reviewReleases } from './review-release';
import { reviewViews } from './review-view';

export interface ReviewDeps {
  db: VeilDatabase;
  releases: ReleaseService;
  store: SessionStore<ReviewRecord>;
  /** Deliver a command to one frame of one tab and wait for its reply. */
  toTab: ToContent;
  now: () => number;
  /** How long a release may take before the send is blocked (ms). */
  releaseTimeoutMs?: number;
  /** Open review.html in a window of Veil's own; resolves with its tab's id. None: the review cannot move. */
  openWindow?: () => Promise<number>;
  /** How many reviews one tab may begin in a minute (a page that makes sends up is held to it); default 10. */
  reviewsPerMinute?: number;
  /** The message tagger (src/crossmap/tagger, on the model host): what is personal in a message. */
  tag: (text: string) => Promise<Tagging>;
  /** The sentence encoder (the model host's `encode`), for the topic hints; none: no hints. */
  encode?: (texts: readonly string[]) => Promise<number[][]>;
}

export function createReviewService(deps: ReviewDeps) {
  const { db, releases, store, toTab, now } = deps;
  const NOTHING_HERE = 'There is no send to review here. This panel opens only when Veil catches a send on a chat site.';
  const sessions = framedSessions(store, { now, nothingHere: NOTHING_HERE });
  const { patch } = sessions;
  const random = cryptoRandomSource();

  /** The review's conversation codebook (./conversation-codebook.ts), made at its first use. */
  const codebookOf = (review: ReviewRecord) => conversationCodebook(db, review.site, review.codebookKey ?? review.conversation, random, now());

  const { view } = reviewViews({ db, random, tag: deps.tag, encode: deps.encode, codebookOf, patch });
  const jobs = reviewReleases({ store, patch, view, releaseTimeoutMs: deps.releaseTimeoutMs ?? 60_000 });
  const reviewsPerMinute = deps.reviewsPerMinute ?? 10;
  /** When each tab began its recent reviews (this process; a restarted worker starts counting again). */
  const begun = new Map<number, number[]>();

  /** The release a review asks for, started at once (`begin` starts it before the review is stored). */
  function releaseFor(review: Pick<ReviewRecord, 'prompt' | 'conversation' | 'site' | 'include'>, fresh: boolean): Promise<MadeRelease> {
    return releases.made({ prompt: review.prompt, conversation: review.conversation, site: review.site, fresh, include: review.include ?? [] });
  }

  const composed = composedHandOffs(now);

  /** The review whose panel is this frame: claimed with one of `tokens` the first time, by the frame after. */
  function reviewOfPanel(sender: Sender, tokens?: readonly string[]): Promise<ReviewRecord> {
    // The panel's own frame, or the review moved into Veil's window (the top document of that window's tab).
    return sessions.of(sender, tokens, (r, tabId, frameId) => r.windowTabId === tabId && frameId === 0);
  }

  async function close(review: ReviewRecord, outcome: 'sent' | 'edited' | 'cancelled'): Promise<void> {
    jobs.forgetFirstView(review.id);
    await sessions.remove(review.id);
    if (review.release) {
      await releases.outcome(review.release.releaseId, outcome).catch(() => undefined);
    }
  }

  return {
    /** The compose box's send: the frame that opened it will begin a review of exactly `text` (./composed-handoff.ts). */
    expectComposed: composed.expect,

    /** `request.composed` (the page's word) is not read: whether the text is composed is the background's own record. */
    async begin(request: { prompt: string; conversation: string; chat?: string | null; token: string }, site: string, sender: Sender) {
      const { tabId, frameId } = frameOf(sender);
      const isComposed = composed.take(tabId, frameId, request.prompt);
      // Refused before anything is made or charged: a message too long to protect in bounded time, and a tab
      // that begins reviews faster than a person sends (the content script asks for a person's act first).
      const long = tooLong(request.prompt);
      if (long) throw new Refusal(`${long}. Nothing was sent or charged`);
      const recent = (begun.get(tabId) ?? []).filter((at) => now() - at < 60_000);
      if (recent.length >= reviewsPerMinute) {
        throw new Refusal(
          `this page asked for ${recent.length} reviews in the last minute, more than a person sends, so Veil held this one. Nothing was sent or charged; wait a minute and send again`,
        );
      }
      begun.set(tabId, [...recent, now()]);
      // One review per page at a time: an earlier one from this frame is over (its panel is gone).
      for (const earlier of await sessions.ofOpener(sender)) await close(earlier, 'cancelled');
      traceMark('veil-begin');
      // The release first: the rest here is bookkeeping the panel does not wait for.
      const release = releaseFor({ prompt: request.prompt, conversation: request.conversation, site }, false);
      release.catch(() => undefined); // awaited by `make`, once the review is stored
      try {
        const review: ReviewRecord = {
          id: crypto.randomUUID(),
          token: request.token,
          tabId,
          frameId,
          framedBy: null,
          site,
          conversation: request.conversation,
          prompt: request.prompt,
          dropped: [],
          ...(isComposed ? { composed: true } : {}),
          codebookKey: await codebookKeyOf(db, site, request.conversation, request.chat ?? null),
          state: 'making',
          createdAt: now(),
        };
        // Read (or made) while the release is drawn: the panel's first view protects the message with it.
        const codebook = isComposed ? undefined : codebookOf(review);
        codebook?.catch(() => undefined);
        await sessions.open(review);
        void jobs.start(review, release, codebook);
        return { reviewId: review.id };
      } catch (error) {
        // No review to show it in: a release made anyway is over (it stays charged).
        void release.then((r) => releases.outcome(r.response.releaseId, 'cancelled')).catch(() => undefined);
        throw error;
      }
    },

    async get(tokens: readonly string[] | undefined, sender: Sender): Promise<ReviewView> {
      const review = await jobs.settled(await reviewOfPanel(sender, tokens));
      return jobs.takeFirstView(review) ?? view(review);
    },

    async update(request: { prompt: string; dropped: string[] }, sender: Sender): Promise<ReviewView> {
      const long = tooLong(request.prompt);
      if (long) throw new Refusal(long);
      const review = await jobs.settled(await reviewOfPanel(sender));
      if (review.state !== 'ready') throw new Refusal('there is no release to edit');
      // A new message has new spans: the choices made for the old one do not carry over.
      const choices = request.prompt === review.prompt ? review.choices : undefined;
      const edited = review.edited === true || request.prompt !== review.prompt || request.dropped.length > 0;
      const next = await patch(review.id, { prompt: request.prompt, dropped: request.dropped, choices, edited });
      if (!next) throw new Refusal(NOTHING_HERE);
      return view(next);
    },

    /** The person's choice for one span of their message: free, shown at once. */
    async choose(mark: string, treatment: Treatment, sender: Sender): Promise<ReviewView> {
      const review = await jobs.settled(await reviewOfPanel(sender));
      if (review.state !== 'ready') throw new Refusal('there is no release to edit');
      const next = await patch(review.id, (r) => ({ ...r, choices: { ...(r.choices ?? {}), ...sameWords(r.prompt, mark, treatment) } }));
      if (!next) throw new Refusal(NOTHING_HERE);
      return view(next);
    },

    /** A new release (charged again); `include` adds withheld facts the message did not seem to need. */
    async fresh(sender: Sender, include: string[] = []): Promise<ReviewView> {
      const review = await jobs.settled(await reviewOfPanel(sender));
      if (review.release) await releases.outcome(review.release.releaseId, 'cancelled').catch(() => undefined);
      const next = await patch(review.id, (r) => {
        const { release: _release, error: _error, ...rest } = r;
        return { ...rest, state: 'making', include: [...new Set([...(r.include ?? []), ...include])] };
      });
      if (!next) throw new Refusal(NOTHING_HERE);
      await jobs.start(next, releaseFor(next, true));
      const current = (await store.get(review.id))!;
      return jobs.takeFirstView(current) ?? view(current);
    },

    async send(withoutVeil: boolean, sender: Sender): Promise<{ sent: true }> {
      const review = await jobs.settled(await reviewOfPanel(sender));
      if (!withoutVeil && review.state !== 'ready') throw new Refusal('there is no release to send');
      let text: string | null = null;
      let restore = false;
      if (!withoutVeil) {
        // Exactly the text the panel showed, and the replacements in it.
        if (!review.shown) throw new Refusal('the panel has not shown this send yet, so nothing was sent');
        text = review.shown.text;
        // The replacements this send makes are kept for the conversation (the answer is read back with them).
        if (review.shown.codebook && review.shown.replaced > 0) {
          await keepReplacements(db, review.site, review.codebookKey ?? review.conversation, review.shown.codebook, now());
          restore = true;
        }
      }
      // From Veil's window: the content script need not see its panel (the person reviewed out of the page's reach).
      const fromWindow = review.windowTabId !== undefined && sender.tabId === review.windowTabId;
      const reply = await toTab(review.tabId, review.frameId, {
        veilPanel: 'send',
        reviewId: review.id,
        text,
        restore,
        ...(fromWindow ? { window: true } : {}),
      }).catch((error: unknown): ContentReply => ({
        ok: false,
        error: `the chat page did not answer (${error instanceof Error ? error.message : String(error)})`,
      }));
      if (!reply.ok) throw new Refusal(`Nothing was sent: ${reply.error}`);
      await close(review, withoutVeil ? 'cancelled' : review.edited ? 'edited' : 'sent');
      return { sent: true as const };
    },

    /** Move the review into a window of Veil's own, out of the page's reach; the panel on the page stays, saying so. */
    async window(sender: Sender): Promise<{ opened: true }> {
      const review = await reviewOfPanel(sender);
      if (!deps.openWindow) throw new Refusal('this browser cannot open a window of Veil’s own here');
      const windowTabId = await deps.openWindow();
      await patch(review.id, { windowTabId });
      return { opened: true as const };
    },

    async cancel(sender: Sender, fromContent: boolean): Promise<{ cancelled: true }> {
      const review = fromContent ? (await sessions.ofOpener(sender))[0] : await reviewOfPanel(sender).catch(() => undefined);
      if (!review) return { cancelled: true };
      await close(await jobs.settled(review), 'cancelled');
      if (!fromContent) await toTab(review.tabId, review.frameId, { veilPanel: 'close', reviewId: review.id }).catch(() => undefined);
      return { cancelled: true };
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
