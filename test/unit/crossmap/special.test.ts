/** The detector's special categories and the identifier shapes added for issue 18, on labelled cases. */
import { describe, expect, it } from 'vitest';
import { detectSpans } from '../../../src/crossmap';
import examples from './lay-phrases-examples.json';
import { LAY_PHRASES, OTHER_LAY_PHRASES } from '../../../src/crossmap/lay-phrases';
import { phrasePattern, specialSpans } from '../../../src/crossmap/special';
import { SPECIAL_KINDS, type SpanKind } from '../../../src/crossmap/types';
import { listTagging } from './tagging';

/** [text, [kind, span text][]]: every labelled span must be found, with its kind. Written for these tests. */
// prettier-ignore
const CASES: Record<string, [string, [SpanKind, string][]][]> = {
  'mental-health': [
    ['I was in a psych ward for a week after a 5150 hold.', [['mental-health', 'psych ward'], ['mental-health', '5150 hold']]],
    ['i keep cutting myself and feel suicidal most nights', [['mental-health', 'cutting myself'], ['mental-health', 'suicidal']]],
    ['She has postnatal depression and panic attacks.', [['mental-health', 'postnatal depression'], ['mental-health', 'panic attacks']]],
  ],
  pregnancy: [
    ["I'm 12 weeks pregnant and had a miscarriage last year", [['pregnancy', '12 weeks pregnant'], ['pregnancy', 'miscarriage']]],
    ["we've been trying to conceive and are starting IVF", [['pregnancy', 'trying to conceive'], ['pregnancy', 'IVF']]],
  ],
  sexuality: [
    ['I came out to my parents as bisexual last year', [['sexuality', 'came out']]],
    ['my son told me he is gay', [['sexuality', 'gay']]],
  ],
  'gender-identity': [
    ["I'm transitioning and on the waitlist for top surgery", [['gender-identity', 'transitioning'], ['gender-identity', 'top surgery']]],
    ['my kid is non-binary and uses they/them', [['gender-identity', 'non-binary'], ['gender-identity', 'they/them']]],
  ],
  immigration: [
    ['I overstayed my student visa and I am undocumented now', [['immigration', 'overstayed my student visa'], ['immigration', 'undocumented']]],
    ['Can I travel on DACA while my green card application is pending?', [['immigration', 'DACA'], ['immigration', 'green card application']]],
  ],
  criminal: [
    ["I'm on probation and my PO won't answer", [['criminal', 'on probation'], ['criminal', 'my PO']]],
    ['he got arrested for a DUI and pleaded guilty', [['criminal', 'got arrested'], ['criminal', 'DUI'], ['criminal', 'pleaded guilty']]],
  ],
  substance: [
    ["I'm in recovery, 90 days sober, but I relapsed at a party", [['substance', 'in recovery'], ['substance', '90 days sober'], ['substance', 'relapsed']]],
    ['my brother is addicted to painkillers and goes to NA meetings', [['substance', 'addicted to painkillers'], ['substance', 'NA meetings']]],
  ],
  religion: [
    ["I'm Muslim and wear a hijab at work", [['religion', 'Muslim'], ['religion', 'hijab']]],
    ['She is converting to Judaism before the wedding', [['religion', 'converting to Judaism']]],
  ],
  ethnicity: [
    ["I'm mixed race, half Nigerian half Polish", [['ethnicity', 'mixed race'], ['ethnicity', 'half Nigerian half Polish']]],
    ['As a Black woman in tech I get talked over', [['ethnicity', 'a Black woman']]],
  ],
  politics: [
    ["I'm a union rep and a Labour Party member", [['politics', 'union rep'], ['politics', 'Labour Party']]],
    ['I voted for Reform and my family found out', [['politics', 'voted for Reform']]],
  ],
  employment: [
    ['I got fired last week after a final written warning', [['employment', 'got fired'], ['employment', 'final written warning']]],
    ['My husband was laid off and is on a performance improvement plan', [['employment', 'laid off'], ['employment', 'performance improvement plan']]],
  ],
  finance: [
    ["I'm drowning in debt and behind on my rent", [['finance', 'drowning in debt'], ['finance', 'behind on my rent']]],
    ['I maxed out my credit cards and filed for bankruptcy', [['finance', 'maxed out my credit cards'], ['finance', 'filed for bankruptcy']]],
  ],
  legal: [
    ['my ex is threatening to sue and we have a custody hearing', [['legal', 'threatening to sue'], ['legal', 'custody hearing']]],
  ],
  health: [
    ['I found a lump in my breast and my mum has coeliac disease', [['health', 'lump in my breast'], ['health', 'coeliac disease']]],
    ["I'm a type 2 diabetic with sleep apnoea", [['health', 'type 2 diabetic'], ['health', 'sleep apnoea']]],
  ],
  medication: [
    ['They gave me tamsulosin and I take metformin.', [['medication', 'tamsulosin'], ['medication', 'metformin']]],
  ],
};

// prettier-ignore
const IDENTIFIERS: [string, [SpanKind, string][]][] = [
  ['My husband Tom, 67, had a stroke on Sunday.', [['person', 'Tom'], ['age', '67'], ['date', 'Sunday']]],
  ['my daughter Zoe (15) and my son (13) are staying with a 6-year-old', [['person', 'Zoe'], ['age', '15'], ['age', '13'], ['age', '6-year-old']]],
  ["she's eleven, he's only 41 and my mum is turning fifty", [['age', 'eleven'], ['age', '41'], ['age', 'fifty']]],
  ["I'm in my 30s and diagnosed at 23, planning Beth's 30th", [['age', '30s'], ['age', '23'], ['age', '30th']]],
  ['I moved here in 2019 and have lived in Leeds since 2021.', [['date', '2019'], ['place', 'Leeds'], ['date', '2021']]],
  ['the hearing is next Tuesday, the rent is due on the 14th and the party is Friday the 12th', [['date', 'next Tuesday'], ['date', '14th'], ['date', 'Friday the 12th']]],
  ["I'm at Flat 2, 41 Cowley Road, Oxford OX4 1HP", [['place', 'Flat 2, 41 Cowley Road, Oxford OX4 1HP']]],
  ['Call +1 (646) 555-0143 or +60 12-345 6789.', [['phone', '+1 (646) 555-0143'], ['phone', '+60 12-345 6789']]],
  ['My card ending 9032 and the account with last four 4417', [['id', '9032'], ['id', '4417']]],
  ["We're flying LHR to JFK, then from STN.", [['place', 'LHR'], ['place', 'JFK'], ['place', 'STN']]],
];

/** Whether a span of `kind` covers `label` in `text` (a span may take in a word or two more: "arrested for a DUI"). */
function finds(text: string, [kind, label]: [SpanKind, string]): boolean {
  const at = text.indexOf(label);
  return detectSpans(text, { tagging: listTagging(text) }).some(
    (s) => s.kind === kind && s.start <= at && at + label.length <= s.end && s.end - s.start <= label.length + 12,
  );
}
const found = (text: string) => detectSpans(text, { tagging: listTagging(text) }).map((s) => [s.kind, s.text]);

describe('the detector finds the special categories in lay wording', () => {
  for (const kind of SPECIAL_KINDS) {
    it(`${kind}: every labelled span, with its kind`, () => {
      expect(CASES[kind]?.length, `no labelled case for ${kind}`).toBeGreaterThan(0);
      for (const [text, labels] of CASES[kind]!)
        for (const label of labels) expect(finds(text, label), `${label[1]} in: ${text} → ${JSON.stringify(found(text))}`).toBe(true);
    });
  }

  it('ages around names and in words, years, weekday and ordinal dates, addresses, phones, fragments, travel codes', () => {
    for (const [text, labels] of IDENTIFIERS)
      for (const label of labels) expect(finds(text, label), `${label[1]} in: ${text} → ${JSON.stringify(found(text))}`).toBe(true);
  });

  it('says nothing special about ordinary requests', () => {
    for (const text of [
      'Can you help me plan a birthday party for ten kids with a budget?',
      'The results came out today and the sun came out too.',
      'What is the best way to clean a cast iron pan?',
      'Explain how a bill becomes a law in the UK parliament.',
      'Write a story about a dragon who is afraid of the dark.',
      'The contract was terminated and the charges on my card look wrong.',
    ])
      expect(specialSpans(text), text).toEqual([]);
  });

  it('keeps every phrase a valid pattern that cannot match nothing', () => {
    for (const kind of SPECIAL_KINDS) {
      for (const phrases of Object.values(LAY_PHRASES[kind])) {
        for (const phrase of phrases!) expect(new RegExp(`^(?:${phrasePattern(phrase)})$`, 'iu').test(''), phrase).toBe(false);
      }
    }
  });

  it('finds every phrase of the other five languages in its writer’s example, in a message of that language', () => {
    const all = examples as unknown as Record<string, [SpanKind, string, string][]>;
    let count = 0;
    for (const [language, lists] of Object.entries(OTHER_LAY_PHRASES))
      for (const kind of SPECIAL_KINDS)
        for (const phrases of Object.values(lists[kind] ?? {}))
          for (const phrase of phrases!) {
            count++;
            expect(new RegExp(`^(?:${phrasePattern(phrase)})$`, 'iu').test(''), phrase).toBe(false);
            const example = all[language]!.find(([k, p]) => k === kind && p === phrase);
            expect(example, `${language} ${phrase}`).toBeDefined();
            const found = new RegExp(`(?<![\\p{L}\\p{N}])(?:${phrasePattern(phrase)})(?![\\p{L}\\p{N}])`, 'iu').exec(example![2]);
            expect(found, `${language} ${phrase}: ${example![2]}`).not.toBeNull();
            // Found in the message as a span (of that kind or of a longer phrase it overlaps).
            expect(
              specialSpans(example![2], [], language).some((s) => s.start < found!.index + found![0].length && found!.index < s.end),
              `${language} ${phrase}: ${example![2]}`,
            ).toBe(true);
          }
    expect(count).toBeGreaterThan(500);
  });

  it('lets a longer list term take in a lay span it contains', () => {
    expect(found('she has stage 2 breast cancer')).toContainEqual(['health', 'stage 2 breast cancer']);
    expect(found('is a debt consolidation loan a good idea')).toContainEqual(['finance', 'debt consolidation loan']);
  });
});
