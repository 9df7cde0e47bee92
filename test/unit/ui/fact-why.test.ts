/**
 * The review's words for a fact that is not the plain case: its label is on the row, so the words say what
 * happened and what Veil sends instead, with no attribute keys and no ε figures (those are the detail line).
 */
import { describe, expect, it } from 'vitest';
import type { FactWhy } from '../../../src/messaging/contract';
import { factWhy } from '../../../src/ui/fact-why';

const fact = (why: FactWhy, released = 'Healthcare', omitted = false) => factWhy({ why, released, omitted });

describe('factWhy', () => {
  it('says a fallback in words: whose budget, what is sent, free; the figures apart', () => {
    expect(fact({ fallback: { reused: true, passed: { cap: 'own', spent: 5.3333, charge: 5.3333, limit: 4 } } })).toEqual({
      text: 'Its budget for this period is used up, so Veil sends its earlier answer, “Healthcare”, again (free).',
      detail: 'ε spent this period 5.33; a fresh release would add 5.33, past its cap of 4.',
    });
    expect(fact({ fallback: { reused: false, passed: { cap: 'total', spent: 250, charge: 8, limit: 256 } } }, '[withheld]')).toEqual({
      text: 'Your budget for all facts together is used up for this period, so Veil sends “[withheld]” instead (free).',
      detail: 'ε spent this period 250; a fresh release would add 8, past the total cap of 256.',
    });
    expect(
      fact({ fallback: { reused: false, passed: { cap: 'other', entity: 'my child', field: 'age', spent: 3, charge: 2, limit: 4 } } }, '[withheld]', true)!
        .text,
    ).toBe("It goes out together with my child's age, whose budget for this period is used up, so Veil leaves it out (free).");
    // A release stored before the figures were recorded.
    expect(fact({ fallback: { reused: true } })).toEqual({
      text: 'A budget for this period is used up, so Veil sends its earlier answer, “Healthcare”, again (free).',
    });
  });

  it('says a safeguard and a fact with no categories in words', () => {
    expect(fact({ closure: { entity: 'self', field: 'work' } })!.text).toBe(
      'You share it, but it could give away your work history, so Veil sends “Healthcare” instead (a safeguard; no budget is spent on it).',
    );
    expect(fact({ closure: {}, fallback: { reused: true, passed: { cap: 'own', spent: 1, charge: 1, limit: 1 } } })!.text).toBe(
      'You share it, but it could give away a fact you withhold, so Veil does not send it as you wrote it (a safeguard; no budget is spent on it). Its budget for this period is used up, so Veil sends its earlier answer, “Healthcare”, again (free).',
    );
    expect(fact({ noCategories: true }, '[withheld]')).toEqual({
      text: 'Veil has no public categories for this kind of fact, so it sends “[withheld]” instead.',
    });
    expect(factWhy({ released: 'x', omitted: false })).toBeUndefined();
  });
});
