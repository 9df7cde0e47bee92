/**
 * Stand-ins reveal nothing about other originals (issue 29, DESIGN.md "Substitutes keep what the answer depends
 * on"): every span's stand-in is drawn from the conversation's secret and that span alone. The property, as a
 * page could try it: knowing any number of (original, stand-in) pairs of a conversation, it cannot compute
 * another original from its stand-in better than by guessing. Before, one shift per conversation let a single
 * pair give every other date, amount and age away.
 */
import { describe, expect, it } from 'vitest';
import { newCodebook, protectMessage, type CodebookState } from '../../../src/crossmap';
import { substituteFor } from '../../../src/crossmap/stand-ins';
import { substitutePools } from '../../../src/crossmap/pools';
import { seededRandomSource } from '../../../src/dp/exact/random';
import type { SpanKind } from '../../../src/crossmap/types';
import { listTagging } from './tagging';

const pools = substitutePools();
const random = seededRandomSource(1);

function standIn(codebook: CodebookState, text: string, kind: SpanKind, scope?: 'compose'): { codebook: CodebookState; substitute: string } {
  const { state, substitute } = substituteFor(codebook, { text, kind }, random, pools, '', { mode: 'protect', ...(scope ? { scope } : {}) });
  return { codebook: state, substitute };
}

const DAY = 86_400_000;
const days = (iso: string) => Date.parse(iso) / DAY;
/** The attacks: learn the move from one pair, apply it backwards to another stand-in. */
const ATTACKS: { kind: SpanKind; a: string; b: string; guess: (a: string, aSub: string, bSub: string) => string; chance: number }[] = [
  {
    kind: 'date',
    a: '2024-03-03',
    b: '2023-11-20',
    guess: (a, aSub, bSub) => new Date((days(bSub) - (days(aSub) - days(a))) * DAY).toISOString().slice(0, 10),
    // A date moves 7 to 60 days either way: 108 moves.
    chance: 1 / 108,
  },
  // An age moves one to three years within its five-year band: at a band's edge (39, 44) its stand-in is one of
  // three ages, so a blind guess of the move is right one time in three.
  { kind: 'age', a: '39', b: '44', guess: (a, aSub, bSub) => String(Number(bSub) - (Number(aSub) - Number(a))), chance: 1 / 3 },
  {
    kind: 'money',
    a: '£4,000',
    b: '£1,250',
    guess: (a, aSub, bSub) => {
      const n = (s: string) => Number(s.replace(/[^\d.]/g, ''));
      return `£${Math.round((n(bSub) * n(a)) / n(aSub)).toLocaleString('en')}`;
    },
    chance: 1 / 100,
  },
];

describe('stand-ins reveal nothing about other originals', () => {
  it.each(ATTACKS)('$kind: a page that knows one pair cannot compute another original (over 400 conversations)', ({ kind, a, b, guess, chance }) => {
    let right = 0;
    for (let i = 0; i < 400; i++) {
      const empty = newCodebook(seededRandomSource(1000 + i));
      const first = standIn(empty, a, kind);
      const second = standIn(first.codebook, b, kind);
      // b's stand-in is the same whether or not a came first: it depends on the secret and b alone (unless it
      // was a's already, when b draws again: no two originals share a stand-in).
      const alone = standIn(empty, b, kind).substitute;
      if (alone !== first.substitute) expect(second.substitute).toBe(alone);
      if (guess(a, first.substitute, second.substitute) === b) right++;
    }
    // With one shared shift the guess was right every time (400 of 400). Drawn per span it is right about
    // as often as a blind guess: binomial(400, chance) stays under 400·chance + 6 sd with probability > 1 − 1e-6.
    const bound = 400 * chance + 6 * Math.sqrt(400 * chance * (1 - chance)) + 1;
    expect(right).toBeLessThan(bound);
  });

  it("private compose's stand-ins are its own: a pair from a typed send names nothing it sent", () => {
    let same = 0;
    for (let i = 0; i < 200; i++) {
      const codebook = newCodebook(seededRandomSource(5000 + i));
      const typed = protectMessage('My son Tomasz is 12 and owes £340 since 14 May 2024.', {
        codebook,
        random,
        defaults: { money: 'replace' },
        tagging: listTagging('My son Tomasz is 12 and owes £340 since 14 May 2024.'),
      });
      const composed = protectMessage('My son Tomasz is 12 and owes £340 since 14 May 2024.', {
        codebook: typed.codebook,
        random,
        scope: 'compose',
        defaults: { money: 'replace' },
        tagging: listTagging('My son Tomasz is 12 and owes £340 since 14 May 2024.'),
      });
      for (const original of ['Tomasz', '340', '14 May 2024']) {
        const t = typed.marks.find((m) => m.text.includes(original))!.substitute;
        const c = composed.marks.find((m) => m.text.includes(original))!.substitute;
        if (t === c) same++;
      }
      // One conversation, one stand-in per original and place: the same scope again gives the same text.
      expect(
        protectMessage('My son Tomasz is 12.', { codebook: composed.codebook, random, scope: 'compose', tagging: listTagging('My son Tomasz is 12.') }).text,
      ).toContain(composed.marks[0]!.substitute);
      // Both read back: no two originals share a stand-in.
      const subs = composed.codebook.entries.map((e) => e.substitute.toLowerCase());
      expect(new Set(subs).size).toBe(subs.length);
    }
    // Never the same: no stand-in is shared across the scopes (every pair's is distinct).
    expect(same).toBe(0);
  });
});
