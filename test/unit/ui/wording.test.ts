/** Small wording rules of the popup and the profile editor. */
import { describe, expect, it } from 'vitest';
import { budgetShare } from '../../../src/ui/pages/Popup';
import { entityLabel, factPhrase, fieldExample, fieldLabel, formatEpsilon, formatEpsilonValue } from '../../../src/ui/labels';

describe('wording', () => {
  it('says how much of the budget is used in words a person reads', () => {
    expect(budgetShare(0, 256)).toBe('none yet');
    expect(budgetShare(1, 256 * 2 ** 20)).toBe('under 1%');
    expect(budgetShare(96, 256)).toBe('38%');
    expect(budgetShare(300, 256)).toBe('100%');
  });

  it('names facts in sentences and labels alike', () => {
    expect(factPhrase({ entity: 'self', field: 'marital_status' })).toBe('your marital status');
    expect(factPhrase({ entity: 'my child', field: 'age' })).toBe("my child's age");
    expect(entityLabel('my child')).toBe('My child');
    expect(fieldLabel('work')).toBe('Work history');
    expect(fieldLabel('favourite_food')).toBe('Favourite food');
    expect(fieldExample('age')).toBe('41');
    expect(fieldExample('favourite food')).toBe('what you would tell a friend');
  });
});

describe('ε figures without float noise', () => {
  it('rounds to two decimals and drops trailing zeros', () => {
    expect(formatEpsilonValue(7.999998092651367)).toBe('8');
    expect(formatEpsilonValue(216)).toBe('216');
    expect(formatEpsilonValue(2.6666660308837890625)).toBe('2.67');
    expect(formatEpsilonValue(0.5)).toBe('0.5');
    expect(formatEpsilon(8 * 2 ** 20 - 2)).toBe('8');
  });
});
