/**
 * The stored compose session: what the private compose box holds between the person's keystrokes, the
 * mapping shown, and the answer read back (./compose-service.ts keeps and changes it).
 */
import type { Span, Treatment } from '../crossmap';
import type { RestoredSpan } from '../crossmap/recover';
import type { ComposeMode, ReviewMark } from '../messaging/contract';
import type { FramedRecord } from './framed-session';

/** A compose session: a framed session (framed-session.ts) whose frame is the box. */
export interface ComposeRecord extends FramedRecord {
  site: string;
  conversation: string;
  original: string;
  mapped: string;
  spans: Span[];
  replaced: (Span & { original: string })[];
  theme: string | null;
  /** Protect (the default) or map into another domain: the person's choice, for this box. */
  mode: ComposeMode;
  /** Protect mode: the person's treatment of a span, by its words (lookupKey), so it holds while they type on. */
  choices: Record<string, Treatment>;
  /** Protect mode: the marks of the text shown, and what the site learns. */
  marks: ReviewMark[];
  learns: string;
  /** Who made the mapping shown: Veil's word lists, or the language model in use. */
  mappedBy: string;
  state: 'composing' | 'waiting' | 'answered';
  answer: { text: string; restored: RestoredSpan[]; read: string } | null;
  note: string | null;
}
