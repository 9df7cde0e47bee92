/**
 * The tagger's labels: O (nothing), then B- and I- (begins, inside) for each kind it marks. The kinds are the
 * detector's (src/core/span-kinds.ts) but those only the person or the conversation supplies (profile,
 * custom, proper). The order is the model's output order: changing it means training again.
 */
import { IDENTIFIER_KINDS, SPECIAL_KINDS, type SpanKind } from '../../core/span-kinds';

export const TAG_KINDS = [...IDENTIFIER_KINDS.filter((k) => k !== 'profile' && k !== 'custom' && k !== 'proper'), ...SPECIAL_KINDS] as readonly SpanKind[];

/** 'O', 'B-person', 'I-person', 'B-place', … */
export const LABELS: readonly string[] = ['O', ...TAG_KINDS.flatMap((k) => [`B-${k}`, `I-${k}`])];

/** The kind of label `i` (undefined for O) and whether it begins a span. */
export function labelKind(i: number): { kind: SpanKind; begins: boolean } | undefined {
  if (i <= 0) return undefined;
  return { kind: TAG_KINDS[(i - 1) >> 1]!, begins: (i - 1) % 2 === 0 };
}

export function labelIndex(kind: SpanKind, begins: boolean): number {
  const k = TAG_KINDS.indexOf(kind);
  if (k < 0) throw new Error(`the tagger has no label for ${kind}`);
  return 1 + 2 * k + (begins ? 0 : 1);
}
