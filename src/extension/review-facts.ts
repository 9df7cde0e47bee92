/**
 * What the review panel shows of a release beside the text (review-service.ts makes the rest): each fact
 * with the person's own value and why it came out as it did, the withheld facts the release left out, the
 * profile values the person typed into the message, and the memory views. Veil's own page only: these hold
 * the person's values, and nothing here is sent.
 */
import { attributeKey, type Profile } from '../core/profile';
import { fieldLabel } from '../core/field-labels';
import { typedFacts } from '../core/typed-facts';
import { unitsToEpsilon } from '../core/epsilon';
import { candidateDomain } from '../domains/index';
import type { CapPassed } from '../ledger/ledger';
import { SLOT_LABELS, type Slot } from '../memview/slots';
import type { FactWhy, ReleaseResponse, ReviewFact, ReviewView } from '../messaging/contract';
import type { ReleasedAttribute } from '../release/release';
import { entityRole } from '../release/render';
import type { Protected } from '../crossmap';
import type { Settings } from '../settings/settings';
import { kindLabel } from '../core/span-kinds';
import { learns, placedMarks } from './message-marks';
import { hintedSentences, topicHints } from '../crossmap/topics';
import { isSpecialKind } from '../crossmap/types';
import { releasedPhrase } from './message-options';
import { viewKey } from './outgoing';

/** The panel's facts, left-out facts, typed profile values and memory views for one release. */
export function reviewFacts(
  review: { prompt: string; dropped: readonly string[] },
  release: ReleaseResponse,
  profile: Profile,
  settings: Pick<Settings, 'suppressed'>,
): Pick<ReviewView, 'facts' | 'leftOut' | 'typed' | 'views'> {
  const originals = new Map(profile.attributes.map((a) => [attributeKey(a), a.value]));
  const facts: ReviewFact[] = release.attributes.map((a) => {
    const key = attributeKey(a);
    return {
      key,
      label: labelOf(a.entity, a.field),
      sharing: a.sharing,
      treatment: a.release,
      original: originals.get(key) ?? '',
      released: a.value,
      dropped: review.dropped.includes(key),
      omitted: a.release === 'suppressed' && settings.suppressed === 'omit',
      epsilon: release.charged.perAttribute[key] ?? 0,
      ...whyOf(a, profile),
    };
  });
  const releasedValue = new Map(facts.map((f) => [f.key, f.released]));
  // Only facts a release could carry: one without public categories would be left out anyway.
  const leftOut = profile.attributes
    .filter((a) => a.sharing === 'withheld' && !releasedValue.has(attributeKey(a)) && candidateDomain(a.field) !== undefined)
    .map((a) => ({ key: attributeKey(a), label: labelOf(a.entity, a.field) }));
  const typed = typedFacts(review.prompt, profile).map((t) => {
    const key = attributeKey(t);
    return { key, label: labelOf(t.entity, t.field), text: t.text, replacement: releasedPhrase(t, releasedValue) };
  });
  const views = (release.views ?? []).map((v) => ({
    ...v,
    key: viewKey(v.slot),
    label: SLOT_LABELS[v.slot as Slot] ?? v.slot,
    dropped: review.dropped.includes(viewKey(v.slot)),
  }));
  return { facts, leftOut, typed, views };
}

/** The review's marks, placed in the composed text (the message comes first in it), and what the site learns. */
export function messageView(guarded: Protected | null, text: string): ReviewView['message'] {
  if (!guarded) return { marks: [], learns: 'This message was written in private compose: it is sent as mapped there.' };
  return { marks: placedMarks(guarded, Math.max(0, text.indexOf(guarded.text))), learns: learns(guarded) };
}

/**
 * Why a released fact is not the plain case, as facts the review page says in words (the technical
 * `reason`, with its attribute keys and figures, stays in the release for logs and the CLI). A release
 * stored before `passed` and `closure` were recorded still says that a cap, or a safeguard, was the cause.
 */
export function whyOf(a: ReleasedAttribute, profile: Profile): { why?: FactWhy } {
  const why: FactWhy = {};
  if (a.closure) why.closure = { entity: a.closure.entity, field: a.closure.field };
  else if (a.reason?.startsWith('closure:')) why.closure = {};
  if (a.origin === 'fallback-reuse' || a.origin === 'fallback-suppressed') {
    why.fallback = { reused: a.origin === 'fallback-reuse', ...(a.passed ? passedWords(a.passed, attributeKey(a), profile) : {}) };
  }
  if (a.release === 'suppressed' && a.origin === undefined && !why.closure) why.noCategories = true;
  return Object.keys(why).length > 0 ? { why } : {};
}

/** Whose cap a fallback would have passed (this fact's, the total, or another fact of its block), in ε. */
function passedWords(p: CapPassed, key: string, profile: Profile): { passed?: NonNullable<FactWhy['fallback']>['passed'] } {
  const figures = { spent: unitsToEpsilon(p.spent), charge: unitsToEpsilon(p.units), limit: unitsToEpsilon(p.limit) };
  if (p.cap === 'total') return { passed: { cap: 'total', ...figures } };
  if (p.key === key) return { passed: { cap: 'own', ...figures } };
  const other = profile.attributes.find((b) => attributeKey(b) === p.key);
  return other ? { passed: { cap: 'other', entity: other.entity, field: other.field, ...figures } } : {};
}

function labelOf(entity: string, field: string): string {
  return entity === 'self' ? fieldLabel(field) : `${fieldLabel(field)} (${entityRole(entity) ?? entity})`;
}

/** Sentences of what the person typed that read as about a sensitive matter the tagger did not mark. */
export async function topicHintsOf(
  prompt: string,
  guarded: Protected | null,
  encode: (texts: readonly string[]) => Promise<number[][]>,
): Promise<{ sentence: string; kindLabel: string }[]> {
  if (!guarded) return [];
  const sentences = hintedSentences(prompt);
  if (sentences.length === 0) return [];
  const special = guarded.marks.filter((m) => isSpecialKind(m.kind));
  return topicHints(prompt, await encode(sentences.map((s) => s.text)), special).map((h) => ({ sentence: h.sentence, kindLabel: kindLabel(h.topic) }));
}

/** The panel's view of a send whose release could not be made: nothing is sent. */
export function failedView(base: Pick<ReviewView, 'reviewId' | 'siteLabel' | 'prompt' | 'freshCost'>, error: string | undefined): ReviewView {
  return {
    ...base,
    state: 'failed',
    error: error ?? 'No release could be made.',
    text: '',
    facts: [],
    views: [],
    charged: 0,
    remaining: 0,
    reused: false,
    fallback: false,
    typed: [],
    message: { marks: [], learns: '' },
    leftOut: [],
  };
}
