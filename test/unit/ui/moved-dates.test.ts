// Which dates the review offers to keep at once (src/ui/moved-dates.ts): dates Veil moved, when the message
// counts with them.
import { describe, expect, it } from 'vitest';
import { movedDates } from '../../../src/ui/moved-dates';
import type { ReviewMark } from '../../../src/messaging/contract';

const mark = (id: string, kind: string, treatment: ReviewMark['treatment'] = 'replace', original = id): ReviewMark => ({
  id,
  kind,
  kindLabel: kind,
  special: false,
  original,
  treatment,
  substitute: 'x',
  generalization: null,
  start: 0,
  end: 1,
});

describe('the dates the review offers to keep as typed', () => {
  it('two moved dates or more, whatever the words', () => {
    expect(movedDates('Admitted 3 March, discharged 9 March.', [mark('9-16', 'date'), mark('29-36', 'date')])).toEqual(['9-16', '29-36']);
  });
  it('one moved date when the message counts time, in the languages Veil reads', () => {
    const one = [mark('0-5', 'date')];
    expect(movedDates('Letter dated 3 April, I have 30 days to object: until when?', one)).toEqual(['0-5']);
    expect(movedDates('Operiert am 3.12., wie lange bis ich wieder laufen darf?', one)).toEqual(['0-5']);
    expect(movedDates('Mon père est décédé le 2 janvier, quel est le délai pour la succession ?', one)).toEqual(['0-5']);
    expect(movedDates('el burofax llegó el 3 de abril, ¿cuál es el plazo?', one)).toEqual(['0-5']);
    expect(movedDates('il termine è di 6 mesi dal 2 febbraio?', one)).toEqual(['0-5']);
    expect(movedDates('a cirurgia foi dia 3, até quando fico de atestado?', one)).toEqual(['0-5']);
  });
  it('none for one date that nothing counts from, dates kept as typed, or other kinds', () => {
    expect(movedDates('My appointment is on 3 May, what should I bring?', [mark('0-5', 'date')])).toEqual([]);
    expect(movedDates('Admitted 3 March, discharged 9 March.', [mark('9-16', 'date', 'keep'), mark('29-36', 'date', 'keep')])).toEqual([]);
    expect(movedDates('Admitted 3 March, discharged 9 March.', [mark('9-16', 'date'), mark('29-36', 'date', 'keep')])).toEqual([]);
    expect(movedDates('Priya is 7, 30 days of insulin?', [mark('0-5', 'person'), mark('9-10', 'age')])).toEqual([]);
    // One date written twice has one stand-in: nothing between to move.
    const twice = [mark('13-20', 'date', 'replace', '3 March'), mark('48-56', 'date', 'replace', '3  march')];
    expect(movedDates('Admitted on 3 March; the letter was dated 3  march. What now?', twice)).toEqual([]);
    expect(movedDates('Admitted on 3 March; the letter was dated 3  march. How long do I have?', twice)).toEqual(['13-20', '48-56']);
  });
});
