/**
 * A review as the background stores it for this browser session (review-service.ts): the framed session of
 * the panel, the message and the person's choices on it, the release made for it with its public draft, and
 * exactly what the panel last showed (what Send writes).
 */
import type { CodebookState, Treatment } from '../crossmap';
import type { ReleaseResponse } from '../messaging/contract';
import type { FramedRecord } from './framed-session';
import type { PublicDraft } from './outgoing';

/** A review: a framed session (framed-session.ts) whose frame is the panel. */
export interface ReviewRecord extends FramedRecord {
  /** The tab of Veil's own window the review was moved to (`window`), if it was. */
  windowTabId?: number;
  /** A registry site's id, or a generic site's origin. */
  site: string;
  conversation: string;
  prompt: string;
  dropped: string[];
  /** Withheld facts the person added to the release, on top of what the message needs. */
  include?: string[];
  /** The person's choice per span of their message (mark id → treatment); absent: the defaults. */
  choices?: Record<string, Treatment>;
  /**
   * A text the compose box mapped already: sent as it is, not de-identified again. Set only from the
   * background's own compose session (`expectComposed`), never from the page's request.
   */
  composed?: boolean;
  /** Where the conversation's codebook is stored (the site's id for the chat once it has one; see `codebookKeyOf`). */
  codebookKey?: string;
  /** Exactly what the panel last showed: Send writes this text, and keeps these replacements. */
  shown?: { text: string; codebook: CodebookState | null; replaced: number };
  /** The person edited the message or left facts out (the release's outcome says so). */
  edited?: boolean;
  state: 'making' | 'ready' | 'failed';
  error?: string;
  release?: ReleaseResponse;
  /** The release's public draft: what leaves is composed from it (outgoing.ts), never from the profile. */
  draft?: PublicDraft;
}
