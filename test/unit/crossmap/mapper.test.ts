/** CROSS-MAP's offline mapper and its codebook (issue 10). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createOfflineMapper, detectSpans, newCodebook, type CodebookState } from '../../../src/crossmap';
import { seededRandomSource } from '../../../src/dp/exact/random';
import { listTagging, nodeTagger } from './tagging';

/** Prompts with every sensitive span written out by hand (kind: text). */
const LABELLED: [string, [string, string][]][] = [
  [
    'My daughter Mia (7) was just diagnosed with type 1 diabetes; how do I talk to her school in Leeds?',
    [
      ['person', 'Mia'],
      ['age', '7'],
      ['health', 'type 1 diabetes'],
      ['place', 'Leeds'],
    ],
  ],
  [
    'I owe £4,860 in rent arrears to Greystar and the eviction hearing is on 12 June 2025. Call me on +44 7700 900123 or mail jo.kent@gmail.com.',
    [
      ['money', '£4,860'],
      ['finance', 'rent arrears'],
      ['organisation', 'Greystar'],
      ['legal', 'eviction hearing'],
      ['date', '12 June 2025'],
      ['phone', '+44 7700 900123'],
      ['email', 'jo.kent@gmail.com'],
    ],
  ],
  [
    'Dr. Okonkwo at Leeds General Infirmary switched me from sertraline to Wellbutrin. Policy number AB-7730192.',
    [
      ['person', 'Okonkwo'],
      ['organisation', 'Leeds General Infirmary'],
      ['medication', 'sertraline'],
      ['medication', 'Wellbutrin'],
      ['id', 'AB-7730192'],
    ],
  ],
];

const seeded = (seed: number) => {
  const random = seededRandomSource(seed);
  return { random, mapper: createOfflineMapper(random) };
};

describe('the offline mapper', () => {
  it('finds every labelled span, with its kind, and none of them is left in the mapped text', async () => {
    const tagger = await nodeTagger();
    for (const [text, labels] of LABELLED) {
      const tagging = await tagger.tag(text);
      const spans = detectSpans(text, { tagging });
      // A span of the labelled kind over the labelled words (the tagger may draw the edge a word shorter: "eviction").
      for (const [kind, span] of labels) {
        const at = text.indexOf(span);
        expect(
          spans.some((s) => s.kind === kind && s.start < at + span.length && at < s.end),
          `${kind} ${span}: ${JSON.stringify(spans.map((s) => [s.kind, s.text]))}`,
        ).toBe(true);
      }
      const { random, mapper } = seeded(7);
      const { result } = await mapper.map(text, { codebook: newCodebook(random), tagging });
      for (const [, span] of labels) expect(result.mapped.toLowerCase()).not.toContain(span.toLowerCase());
      // Structure kept: outside the spans, every character is where it was (in order).
      expect(result.mapped.startsWith(text.slice(0, spans[0]!.start))).toBe(true);
      expect(result.mapped.endsWith(text.slice(spans.at(-1)!.end))).toBe(true);
      expect(result.dictionary.map((d) => d.original).sort()).toEqual([...new Set(spans.map((s) => s.text))].sort());
    }
  });

  it('maps the profile’s own values and the always-map terms, any case', () => {
    const spans = detectSpans('Project Orion at my job as a cultural project manager is late', {
      profile: [{ field: 'occupation', value: 'Cultural Project Manager' }],
      alwaysMap: ['project orion'],
      tagging: listTagging('Project Orion at my job as a cultural project manager is late'),
    });
    expect(spans.map((s) => [s.kind, s.text])).toEqual([
      ['custom', 'Project Orion'],
      ['profile', 'cultural project manager'],
    ]);
  });

  it('keeps what the task needs: languages, nationalities, holidays, abbreviations', () => {
    const plain = 'Translate into German for my British friend before Christmas: what is an MRI?';
    expect(detectSpans(plain, { tagging: listTagging(plain) })).toEqual([]);
  });

  it('gives a span the same substitute in every prompt of a conversation, and a different one in another conversation', async () => {
    const { random, mapper } = seeded(11);
    const first = await mapper.map('Mia has asthma and lives in Leeds.', {
      codebook: newCodebook(random),
      tagging: listTagging('Mia has asthma and lives in Leeds.'),
    });
    const second = await mapper.map('Does mia need an inhaler in LEEDS for her asthma?', {
      codebook: first.codebook,
      tagging: listTagging('Does mia need an inhaler in LEEDS for her asthma?'),
    });
    for (const original of ['Mia', 'asthma', 'Leeds']) {
      const a = first.result.dictionary.find((d) => d.original.toLowerCase() === original.toLowerCase())!;
      const b = second.result.dictionary.find((d) => d.original.toLowerCase() === original.toLowerCase())!;
      expect(b.substitute).toBe(a.substitute);
    }
    // Another conversation: its own theme and substitutes (over 20 conversations, never all the same).
    const substitutes = new Set<string>();
    for (let seed = 100; seed < 120; seed++) {
      const other = seeded(seed);
      const { result } = await other.mapper.map('Mia has asthma and lives in Leeds.', {
        codebook: newCodebook(other.random),
        tagging: listTagging('Mia has asthma and lives in Leeds.'),
      });
      substitutes.add(result.dictionary.map((d) => d.substitute).join('|'));
    }
    expect(substitutes.size).toBe(20);
  });

  it('never gives two different spans one substitute, nor a substitute that is already a word of the prompt', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 2 ** 31 }), async (seed) => {
        const { random, mapper } = seeded(seed);
        const text = 'Mia, Leo and Ava saw Dr Patel in Leeds, Paris and Lagos about asthma, eczema and migraines.';
        const { result, codebook } = await mapper.map(text, { codebook: newCodebook(random), tagging: listTagging(text) });
        const subs = codebook.entries.map((e) => e.substitute.toLowerCase());
        expect(new Set(subs).size).toBe(subs.length);
        for (const s of subs) expect(text.toLowerCase()).not.toContain(s);
        expect(result.mapped).not.toMatch(/\b(Mia|Leo|Ava|Patel|Leeds|Paris|Lagos|asthma|eczema|migraines)\b/);
      }),
      { numRuns: 25 },
    );
  });

  it('moves each number by its own draw: amounts keep their scale, dates their format, ages their life stage', async () => {
    const codebook: CodebookState = { theme: 'orchard', entries: [] };
    const { mapper } = seeded(3);
    const { result } = await mapper.map('I earn $4,000 and pay $1,000 rent since 3 March 2024; I am 40.', {
      codebook,
      tagging: listTagging('I earn $4,000 and pay $1,000 rent since 3 March 2024; I am 40.'),
    });
    const m = /^I earn \$(\d),000 and pay \$(\d,?\d*) rent since (\d+) (\w+) (\d{4}); I am (\d+)\.$/.exec(result.mapped);
    expect(m, result.mapped).not.toBeNull();
    expect(Number(m![1])).not.toBe(4);
    expect(m![2]).not.toBe('1,000');
    expect(Number(m![6])).toBeGreaterThanOrEqual(18);
    expect(Number(m![6])).toBeLessThan(65);
    expect(Number(m![6])).not.toBe(40);
  });
});
