/**
 * Why a fact of a release is not the plain case, in the words a person reads in the review: the fact
 * by its label, what happened, and what Veil sends instead. ε figures go only in the `detail` line.
 *
 * ```ts
 * factWhy(fact) // { text: 'Its budget for this period is used up, so Veil sends “[withheld]” instead (free).',
 *               //   detail: 'ε spent this period 5.33; a fresh release would add 5.33, past its cap of 4.' }
 * ```
 */
import type { FactWhy, ReviewFact } from '../messaging/contract';
import { capitalize, factPhrase, formatEpsilonValue } from './labels';

export interface FactWhyWords {
  /** The main line, in plain words. */
  text: string;
  /** A secondary line with the figures, when there are any. */
  detail?: string;
}

export function factWhy(fact: Pick<ReviewFact, 'why' | 'released' | 'omitted'>): FactWhyWords | undefined {
  const why = fact.why;
  if (!why) return undefined;
  const sentences: string[] = [];
  let detail: string | undefined;
  const instead = fact.omitted ? 'leaves it out' : `sends “${fact.released}” instead`;
  if (why.closure) {
    const target = why.closure.entity !== undefined ? factPhrase(why.closure) : 'a fact you withhold';
    sentences.push(
      `You share it, but it could give away ${target}, so Veil ${why.fallback ? 'does not send it as you wrote it' : instead} (a safeguard; no budget is spent on it).`,
    );
  }
  if (why.fallback) {
    const sends = why.fallback.reused ? `sends its earlier answer, “${fact.released}”, again` : instead;
    sentences.push(`${capitalize(usedUp(why.fallback.passed))}, so Veil ${sends} (free).`);
    detail = figures(why.fallback.passed);
  }
  if (why.noCategories) sentences.push(`Veil has no public categories for this kind of fact, so it ${instead}.`);
  if (sentences.length === 0) return undefined;
  return { text: sentences.join(' '), ...(detail ? { detail } : {}) };
}

type Passed = NonNullable<FactWhy['fallback']>['passed'];

function usedUp(passed: Passed): string {
  if (!passed) return 'a budget for this period is used up';
  if (passed.cap === 'other') return `it goes out together with ${factPhrase(passed)}, whose budget for this period is used up`;
  return passed.cap === 'own' ? 'its budget for this period is used up' : 'your budget for all facts together is used up for this period';
}

function figures(passed: Passed): string | undefined {
  if (!passed) return undefined;
  const whose = passed.cap === 'own' ? 'its' : passed.cap === 'total' ? 'the total' : 'that fact’s';
  return `ε spent this period ${formatEpsilonValue(passed.spent)}; a fresh release would add ${formatEpsilonValue(passed.charge)}, past ${whose} cap of ${formatEpsilonValue(passed.limit)}.`;
}
