/** A send's review, the answer read back and the private compose box (../contract.ts). */
import { z } from 'zod';
import type { DictionaryEntry, Span } from '../../crossmap/types';
import type { RestoredSpan } from '../../crossmap/recover';
import { conversationKey, frameTokens, message, none, REVIEWERS } from './spec';
import type { ReleaseViewInfo } from './profile';

/** One fact as the review panel shows it. The original value appears only in Veil's own pages. */
export interface ReviewFact {
  /** `entity.field`. */
  key: string;
  /** "Occupation", or "Age (my child)" for another entity. */
  label: string;
  sharing: 'shared' | 'withheld';
  treatment: 'kept' | 'privatized' | 'suppressed';
  /** The person's own value. */
  original: string;
  /** What this release says instead (the shared value, a category, or [withheld]). */
  released: string;
  /** Left out of this send by the person (Edit). */
  dropped: boolean;
  /** Left out of the text because it is suppressed and the setting says omit. */
  omitted: boolean;
  /** ε this release charged to this fact (0 when reused, kept, or a fallback). */
  epsilon: number;
  /** Why, when it is not the plain case, as facts the review page puts in plain words. */
  why?: FactWhy;
}

/** Why a fact of a release is not the plain case (several may hold). */
export interface FactWhy {
  /** Shared, but it could give away this withheld fact: privatized too, as a safeguard (no budget). */
  closure?: { entity: string; field: string } | { entity?: undefined; field?: undefined };
  /**
   * A fresh draw would have passed a cap: an earlier release sent again (`reused`), else none to reuse.
   * `passed` (in ε) is missing for a release stored before it was recorded.
   */
  fallback?: {
    reused: boolean;
    passed?:
      | { cap: 'own' | 'total'; spent: number; charge: number; limit: number }
      | { cap: 'other'; entity: string; field: string; spent: number; charge: number; limit: number };
  };
  /** No public categories for this kind of fact. */
  noCategories?: true;
}

/** One memory slot's view as the review panel shows it (no memory text: only the view and its cost). */
export interface ReviewSlotView extends ReleaseViewInfo {
  /** `view:<slot>`, what `dropped` names when the person leaves it out. */
  key: string;
  /** "Food". */
  label: string;
  dropped: boolean;
}

/** A withheld fact the prompt itself mentions, and what the panel offers to put in its place. */
export interface ReviewTypedFact {
  key: string;
  label: string;
  /** The words the prompt used. */
  text: string;
  replacement: string;
}

/**
 * One span of what the person typed, as the review shows it (issue 18): found by the detector, with what
 * each choice would write. `treatment` is the one applied in `text`.
 */
export interface ReviewMark {
  /** `${start}-${end}` in the typed message. */
  id: string;
  kind: string;
  /** The kind in words ("a name", "a health matter"). */
  kindLabel: string;
  /** A special category (health, sexuality, beliefs, …): generalized by default. */
  special: boolean;
  /** The words as typed. */
  original: string;
  treatment: 'keep' | 'replace' | 'generalize';
  substitute: string;
  generalization: string | null;
  /** Where the span's current text sits in `text` (UTF-16, end exclusive). */
  start: number;
  end: number;
}

/** An answer read back in the person's words (restore.html only). */
export interface RestoreView {
  siteLabel: string;
  text: string;
  /** Where the person's own words were put back, in `text`. */
  restored: { start: number; end: number; found: string }[];
}

/** Everything the review panel shows for one send. */
export interface ReviewView {
  reviewId: string;
  siteLabel: string;
  state: 'ready' | 'failed';
  /** Why no release could be made (state failed): nothing is sent. */
  error?: string;
  prompt: string;
  /** Exactly the text that Send writes into the site's message box. */
  text: string;
  facts: ReviewFact[];
  /** The views its memory slots released (DP-MemView), in order; empty without memories. */
  views: ReviewSlotView[];
  /** ε this release charged in all (0 when reused). */
  charged: number;
  /** ε left under the total cap after it. */
  remaining: number;
  /** ε a new release (Ask for another) would charge at most. */
  freshCost: number;
  reused: boolean;
  fallback: boolean;
  typed: ReviewTypedFact[];
  /**
   * What the person typed, de-identified: its marks, in one line what the site will learn, and the
   * sentences the sentence encoder reads as about a sensitive matter where the word lists marked none.
   */
  message: { marks: ReviewMark[]; learns: string; hints?: { sentence: string; kindLabel: string }[] };
  /** Withheld facts this release leaves out, as the message does not seem to need them (free). */
  leftOut: { key: string; label: string }[];
}

/**
 * What CROSS-MAP's compose box shows (src/extension/compose-service.ts): the person's original, the mapped
 * text, where each span and substitute sits, the conversation's codebook, and the recovered answer. Sent
 * only to the compose box (Veil's own page), never to a content script.
 */
export interface ComposeView {
  composeId: string;
  siteLabel: string;
  /**
   * 'protect' (the default): the review's protection, identifiers replaced by stand-ins and special
   * categories generalized, each span's treatment the person's to choose. 'themed': CROSS-MAP's mapping into
   * another domain (the conversation's theme), the person's explicit choice for writing and planning tasks.
   */
  mode: ComposeMode;
  /** The conversation's theme in words ("an orchard"), once it has one. */
  theme: string | null;
  original: string;
  /** Exactly the text Send hands to the site's review. */
  mapped: string;
  spans: Span[];
  /** Where each replaced span's substitute sits in `mapped` (protect mode: Replace only, not Generalize). */
  replaced: (Span & { original: string })[];
  /** Protect mode: every span's mark (placed in `mapped`) and what the site learns; themed mode: none. */
  message: { marks: ReviewMark[]; learns: string };
  dictionary: DictionaryEntry[];
  /** Who made the mapping shown: Veil's word lists, or the language model in use. */
  mappedBy: string;
  state: 'composing' | 'waiting' | 'answered';
  answer: { text: string; restored: RestoredSpan[]; read: string } | null;
  note: string | null;
}

export type ComposeMode = 'protect' | 'themed';

export const reviewMessages = {
  /**
   * The person paused typing in a chat site's message box: Veil's sentence encoder reads the draft now (in
   * the model host, kept in its memory only), so the release at the key press does not wait for it. Nothing
   * is planned, drawn or charged.
   */
  'review.prepare': message<{ prepared: true }>()(z.strictObject({ prompt: z.string().min(1).max(100_000) }), ['content']),
  /**
   * A content script caught a send: make (or reuse) its release for the review panel. `token` is a random
   * one-time token the content script also hands to the panel's iframe it placed (at the same time, so the
   * panel need not wait for this answer).
   */
  'review.begin': message<{ reviewId: string }>()(
    z.strictObject({
      prompt: z.string().min(1).max(100_000),
      conversation: conversationKey,
      /** The site's own id for the chat, when the page shows one (where the conversation's codebook is kept). */
      chat: conversationKey.nullable().optional(),
      token: z.string().min(32).max(100),
      /**
       * Sent by the content script for a compose box's text, and not read: the background knows which text its
       * compose box handed to this frame (review-service.ts `expectComposed`); the page's word turns nothing off.
       */
      composed: z.boolean().optional(),
    }),
    ['content'],
  ),
  /**
   * The content script read the site's answer after a send that replaced words: recover it for Veil's answer
   * frame, which holds `token` (issue 18). The recovered text goes to that frame only.
   */
  'restore.begin': message<{ restored: number }>()(
    z.strictObject({
      conversation: conversationKey,
      chat: conversationKey.nullable().optional(),
      text: z.string().max(200_000),
      token: z.string().min(32).max(100),
    }),
    ['content'],
  ),
  /** Veil's answer frame claims the recovered answer with its token (once; `tokens` as for `review.get`). */
  'restore.get': message<RestoreView>()(z.strictObject({ tokens: frameTokens }), ['framed']),
  /** The person's choice for one span of their message: as typed, replaced or generalized (free, at once). */
  'review.choose': message<ReviewView>()(z.strictObject({ mark: z.string().min(3).max(40), treatment: z.enum(['keep', 'replace', 'generalize']) }), REVIEWERS),
  /**
   * The panel claims its review with the one-time token (first call; `tokens`: every token that reached the
   * panel, the page's false ones among them, checked at once), which binds the review to the
   * panel's tab and frame as the browser reports them; later calls find it by that frame alone
   * (src/extension/framed-session.ts, the protocol of every framed page).
   */
  'review.get': message<ReviewView>()(z.strictObject({ tokens: frameTokens.optional() }), REVIEWERS),
  /** Edit: change the prompt, leave facts out of this send, or both. Spends nothing. */
  'review.update': message<ReviewView>()(z.strictObject({ prompt: z.string().max(100_000), dropped: z.array(z.string().max(400)).max(200) }), REVIEWERS),
  /** Draw a new release for this send: charged, like the one shown. */
  'review.fresh': message<ReviewView>()(z.strictObject({ include: z.array(z.string().min(1).max(300)).max(200).optional() }), REVIEWERS),
  /** Send the reviewed text (or, `withoutVeil`, the prompt exactly as typed, with no profile). */
  'review.send': message<{ sent: true }>()(z.strictObject({ withoutVeil: z.boolean() }), REVIEWERS),
  /**
   * Move the review into a window of Veil's own (the panel could not prove it was visible, or the person
   * prefers it): the background opens review.html there and binds the review to that window's tab.
   */
  'review.window': message<{ opened: true }>()(none, ['framed']),
  /** Close the panel and send nothing (the release shown stays charged). */
  'review.cancel': message<{ cancelled: true }>()(none, [...REVIEWERS, 'content']),
  /** The person opened CROSS-MAP's compose box: `token` is drawn by the content script and posted to the box's frame. */
  'compose.begin': message<{ composeId: string }>()(z.strictObject({ conversation: conversationKey, token: z.string().min(32).max(100) }), ['content']),
  /** The box claims its session with the token (first call; `tokens` as for `review.get`), then by its frame. */
  'compose.get': message<ComposeView>()(z.strictObject({ tokens: frameTokens.optional() }), ['framed']),
  /** Map the person's prompt with the conversation's codebook. */
  'compose.map': message<ComposeView>()(z.strictObject({ text: z.string().max(20_000) }), ['framed']),
  /** The person's own substitute for one original. */
  'compose.edit': message<ComposeView>()(z.strictObject({ original: z.string().min(1).max(500), substitute: z.string().max(500) }), ['framed']),
  /** Protect mode: the person's choice for one span (`mark` is a mark id of the view), kept while the span is in the text. */
  'compose.choose': message<ComposeView>()(z.strictObject({ mark: z.string().min(3).max(40), treatment: z.enum(['keep', 'replace', 'generalize']) }), [
    'framed',
  ]),
  /** Protect what is typed (default), or map it into another domain (themed); the text is mapped again. */
  'compose.mode': message<ComposeView>()(z.strictObject({ mode: z.enum(['protect', 'themed']) }), ['framed']),
  /** Send the mapped text through the page's normal review. */
  'compose.send': message<ComposeView>()(none, ['framed']),
  /** The content script read the site's answer to a compose send (null: it could not, `note` says why). */
  'compose.answer': message<{ recorded: true }>()(
    z.strictObject({
      composeId: z.string().min(1).max(100),
      text: z.string().max(200_000).nullable(),
      note: z.string().max(500).optional(),
      /** The site's id for the chat, when a new chat got one with this send: its codebook moves there. */
      conversation: conversationKey.optional(),
    }),
    ['content'],
  ),
  /** Recover an answer the person pasted into the box. */
  'compose.recover': message<ComposeView>()(z.strictObject({ text: z.string().max(200_000) }), ['framed']),
  /** Forget this conversation's codebook. */
  'compose.forget': message<ComposeView>()(none, ['framed']),
  /** Close the box (from the box, or the page's content script). */
  'compose.close': message<{ closed: true }>()(none, ['framed', 'content']),
} as const;
