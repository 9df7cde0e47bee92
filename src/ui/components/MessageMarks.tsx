/**
 * What Veil found in a message and what it does with each span: Keep as typed / Replace / Generalize, free
 * and at once (issue 18). One component for the review panel and the private compose box, so both show the
 * same marks, defaults and choices. A withheld fact typed into the message is one of these marks.
 *
 * ```tsx
 * <MarkedMessage text={view.text} marks={view.message.marks} />
 * <MessageMarks message={view.message} draftSeen onChoose={(id, t) => send('review.choose', { mark: id, treatment: t })} disabled={false} />
 * ```
 */
import type { ComponentChildren } from 'preact';
import type { ReviewMark } from '../../messaging/contract';
import { measuredMessageLine } from '../measured-message';
import { movedDates } from '../moved-dates';
import { Marked } from './Marked';

/** The text to send, each span Veil changed (or kept) marked where it sits. */
export function MarkedMessage({ text, marks }: { text: string; marks: readonly ReviewMark[] }) {
  return (
    <Marked
      text={text}
      marks={marks.map((m) => ({
        start: m.start,
        end: m.end,
        class: `veil-mark ${m.treatment}`,
        title: `${m.kindLabel}: ${m.treatment === 'keep' ? 'kept as you typed it' : `you typed “${m.original}”`}`,
      }))}
    />
  );
}

export function MessageMarks({
  message,
  onChoose,
  disabled,
  draftSeen,
  text,
  onChooseMany,
  children,
}: {
  message: { marks: readonly ReviewMark[]; learns: string; hints?: readonly { sentence: string; kindLabel: string }[] };
  onChoose: (mark: string, treatment: ReviewMark['treatment']) => void;
  /** The text to send, and one choice for several marks: with both, the review offers to keep moved dates at once. */
  text?: string;
  onChooseMany?: (marks: readonly string[], treatment: ReviewMark['treatment']) => void;
  disabled: boolean;
  /** The message was typed into the site's own box (a review), not into Veil's compose box. */
  draftSeen: boolean;
  /** Shown under the line on what the site learns (the review's note on withheld facts typed in). */
  children?: ComponentChildren;
}) {
  const { learns, hints = [] } = message;
  // One entity, one line: the same words marked again further on are listed once (a choice applies to all).
  const entity = (m: ReviewMark) => `${m.kind}\u0000${m.original.toLowerCase()}`;
  const seen = new Map<string, number>();
  for (const m of message.marks) seen.set(entity(m), (seen.get(entity(m)) ?? 0) + 1);
  const listed = new Set<string>();
  const marks = message.marks.filter((m) => !listed.has(entity(m)) && Boolean(listed.add(entity(m))));
  const times = (m: ReviewMark) => seen.get(entity(m)) ?? 1;
  const dates = text !== undefined && onChooseMany ? movedDates(text, message.marks) : [];
  const one = dates.length === 1;
  return (
    <div class="review-message">
      <p class="message-learns">{learns}</p>
      {learns && (
        <p class="muted message-measured" data-testid="message-measured">
          {measuredMessageLine(message.marks.some((m) => m.treatment !== 'keep'))}
        </p>
      )}
      {children}
      {hints.length > 0 && (
        <div class="message-hints" role="note">
          <p>
            Veil’s sentence model reads {hints.length === 1 ? 'this sentence' : 'these sentences'} as about a sensitive matter, but found no words in{' '}
            {hints.length === 1 ? 'it' : 'them'} to generalize, so {hints.length === 1 ? 'it goes' : 'they go'} as typed. Edit your message if{' '}
            {hints.length === 1 ? 'it says' : 'they say'} more than you want:
          </p>
          <ul>
            {hints.map((h) => (
              <li key={h.sentence}>
                “{h.sentence}” <span class="muted">(maybe {h.kindLabel})</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {dates.length > 0 && (
        <div class="message-dates" role="note" data-testid="message-dates">
          <p>
            Veil moved {one ? 'this date' : `these ${dates.length} dates`} by 7 to 60 days, each by a draw of its own, so{' '}
            {one ? 'the days from it to any other date change' : 'the days between them change'}. If your question counts days (a deadline, a stay, a waiting
            time), keep {one ? 'it' : 'them'} as typed: the site then sees the real {one ? 'date' : 'dates'}.
          </p>
          <button type="button" class="button" disabled={disabled} onClick={() => onChooseMany!(dates, 'keep')}>
            Keep {one ? 'the date' : `the ${dates.length} dates`} as typed
          </button>
        </div>
      )}
      {marks.length > 0 && (
        <>
          <p class="muted">
            {draftSeen ? "The site's own box has already shown it your draft as you typed it; Veil changes what it is sent and keeps. " : ''}Names, towns,
            dates, ages and ID numbers get stand-ins (Veil reads them back in the answer; a town's stand-in is in the same state or region, else the same
            country); sensitive matters are sent only by their kind. Amounts, a year or a month alone, countries, states and provinces, bodies named by an
            acronym and courts named by their type are kept as typed, as the answer depends on them, and so is what Veil is not sure is sensitive: choose for
            each below.
          </p>
          <ul class="review-marks">
            {marks.slice(0, LISTED).map((mark) => (
              <li key={mark.id} data-mark={mark.id}>
                <span class="mark-what">
                  “{mark.original}”{' '}
                  <span class="muted">
                    ({mark.kindLabel}
                    {times(mark) > 1 ? `, ${times(mark)} times` : ''})
                  </span>
                </span>
                <span class="mark-choices" role="group" aria-label={`What to send for “${mark.original}”`}>
                  <button type="button" class="button" aria-pressed={mark.treatment === 'keep'} disabled={disabled} onClick={() => onChoose(mark.id, 'keep')}>
                    Keep as typed
                  </button>
                  <button
                    type="button"
                    class="button"
                    aria-pressed={mark.treatment === 'replace'}
                    disabled={disabled}
                    onClick={() => onChoose(mark.id, 'replace')}
                  >
                    Replace with “{mark.substitute}”
                  </button>
                  {mark.generalization !== null && (
                    <button
                      type="button"
                      class="button"
                      aria-pressed={mark.treatment === 'generalize'}
                      disabled={disabled}
                      onClick={() => onChoose(mark.id, 'generalize')}
                    >
                      Generalize to “{mark.generalization}”
                    </button>
                  )}
                </span>
              </li>
            ))}
          </ul>
          {marks.length > LISTED && (
            <p class="muted">
              And {marks.length - LISTED} more further on in your message, each shown above in the text and treated by the default for its kind. To choose for
              one of them, edit the message or send it in shorter parts.
            </p>
          )}
        </>
      )}
    </div>
  );
}

/** How many marks are listed with their choices (a long pasted text can have thousands). */
const LISTED = 100;
