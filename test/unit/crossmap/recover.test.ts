/** CROSS-MAP's recoverer (issue 10): an answer written about the substitutes comes back in the person's terms. */
import { describe, expect, it } from 'vitest';
import { createOfflineMapper, newCodebook, recover, type DictionaryEntry } from '../../../src/crossmap';
import { seededRandomSource } from '../../../src/dp/exact/random';
import { listTagging } from './tagging';

const D: DictionaryEntry[] = [
  { original: 'type 1 diabetes', substitute: 'fire blight', kind: 'health' },
  { original: 'Mia', substitute: 'Ava', kind: 'person' },
  { original: 'insulin pen', substitute: 'a copper spray', kind: 'medication' },
  { original: 'Leeds', substitute: 'Osaka', kind: 'place' },
  { original: '£850', substitute: '£1,200', kind: 'money' },
];

describe('recover', () => {
  it('puts originals back in the form the answer used: sentence start, capitals, possessive, plural, without article', () => {
    const answer = "Fire blight is manageable. Ava's teachers in OSAKA should know about FIRE BLIGHT. Copper sprays and the copper spray schedule cost £1,200.";
    const back = recover(answer, D);
    expect(back.text).toBe(
      "Type 1 diabetes is manageable. Mia's teachers in LEEDS should know about TYPE 1 DIABETES. Insulin pens and the insulin pen schedule cost £850.",
    );
    for (const r of back.restored) expect(back.text.slice(r.start, r.end).toLowerCase()).toContain(r.original.toLowerCase().slice(0, 3));
  });

  it('keeps the original’s case where the substitute is capitalised anyway (a proper noun, an acronym)', () => {
    const d = [
      { original: 'type 1 diabetes', substitute: 'Dutch elm disease', kind: 'health' as const },
      { original: 'asthma', substitute: 'MRSA', kind: 'health' as const },
    ];
    expect(recover('Kids with Dutch elm disease and MRSA can go on the trip.', d).text).toBe('Kids with type 1 diabetes and asthma can go on the trip.');
  });

  it('leaves words that only contain a substitute alone', () => {
    expect(recover('Avalon and Osakan food are not Ava.', D).text).toBe('Avalon and Osakan food are not Mia.');
  });

  it('round-trips a mapped prompt back to the original', async () => {
    const random = seededRandomSource(5);
    const text = 'My son Leo has asthma; his school is in Leeds and the trip costs £120 on 4 May 2025.';
    const { result } = await createOfflineMapper(random).map(text, { codebook: newCodebook(random), tagging: listTagging(text) });
    expect(recover(result.mapped, result.dictionary).text).toBe(text);
  });

  it('does nothing with an empty dictionary', () => {
    expect(recover('Hello.', [])).toEqual({ text: 'Hello.', restored: [] });
  });
});
