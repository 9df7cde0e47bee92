/**
 * One person, one stand-in: a first or family name alone ("Marcus", "Mr Whitfield") takes its part of the
 * full name's stand-in, in the message or the conversation (./protect.ts).
 *
 * ```ts
 * const base = withNamePart(codebook, span, spans, text, options, pools); // then substituteFor(base, span, …)
 * ```
 */
import { knownEntry, substituteTaken, withEntry, type CodebookState } from './codebook';
import { personHint } from './gender';
import type { SubstitutePools } from './pools';
import type { ProtectOptions } from './protect-options';
import { substituteFor } from './stand-ins';
import type { Span } from './types';

const TITLE = /^(?:(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Herr|Frau|Mme|Mlle|M|Sr|Sra|Sig|Sig\.ra|Dott|Dott\.ssa)\.?\s+)/u;

/**
 * "Marcus Whitfield", then "Marcus" or "Mr Whitfield": the short form is the same person, so it gets the matching
 * part of the full name's stand-in ("Daniel Okafor" → "Daniel", "Mr Okafor"), added to the codebook state this
 * span is substituted from (and kept only if the span is replaced). The full name is this message's (before
 * or after the short form) or the conversation's. Anything else: the codebook as it was.
 */
export function withNamePart(
  codebook: CodebookState,
  span: Span,
  spans: readonly Span[],
  text: string,
  options: ProtectOptions,
  pools: SubstitutePools,
): CodebookState {
  if (knownEntry(codebook, span.text, options.scope)) return codebook;
  const title = TITLE.exec(span.text)?.[0] ?? '';
  const words = span.text
    .slice(title.length)
    .replace(/['’]s$/, '')
    .split(/\s+/);
  if (words.length !== 1) return codebook;
  const word = words[0]!.toLowerCase();
  const fulls = [
    ...spans.filter((s) => s.kind === 'person' && s !== span).map((s) => s.text.replace(/['’]s$/, '')),
    ...codebook.entries.filter((e) => e.kind === 'person' && (e.scope ?? undefined) === options.scope).map((e) => e.original),
  ].filter((full) => !TITLE.test(full) && full.split(/\s+/).length >= 2);
  for (const full of fulls) {
    const parts = full.toLowerCase().split(/\s+/);
    const position = !title && parts[0] === word ? 'first' : parts.at(-1) === word ? 'last' : undefined;
    if (!position) continue;
    const { state, substitute } = substituteFor(codebook, { text: full, kind: 'person' }, options.random, pools, text, {
      mode: 'protect',
      ...(options.scope ? { scope: options.scope } : {}),
      ...personHint(text, { start: text.indexOf(full), end: text.indexOf(full) + full.length, text: full }),
    });
    const pieces = substitute.split(/\s+/);
    if (pieces.length < 2) return codebook;
    const part = `${title}${position === 'first' ? pieces[0] : pieces.at(-1)}`;
    if (substituteTaken(state, part)) return codebook;
    return {
      ...state,
      entries: withEntry(state.entries, {
        original: span.text.replace(/['’]s$/, ''),
        substitute: part,
        kind: 'person',
        ...(options.scope ? { scope: options.scope } : {}),
      }),
    };
  }
  return codebook;
}
