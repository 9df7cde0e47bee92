// The figures the review panel tells a person about message protection are the stored evaluations', not
// written by hand: recomputed here from eval/tagger-holdout-47 (the messages, what Veil sends today, and the
// graders' judgements of those sends).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadNodeTagger } from '../../../src/crossmap/tagger/node';
import { MEASURED_MESSAGE, measuredDefaultsLine, measuredMessageLine } from '../../../src/ui/measured-message';
import { measureHoldout, readHoldout } from '../../../scripts/tagger/measure';

const DIRS = ['eval/tagger-holdout-47'];
const lines = (dir: string, file: string) =>
  readFileSync(join(dir, file), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
const percent = (n: number, of: number) => Math.round((100 * n) / of);

describe('the measured line on message protection', () => {
  it('carries the graders’ judgements of the answers to what Veil sends for the messages about their writer, and with sensitive matters kept as typed', () => {
    const counts = { same: 0, worse: 0, broken: 0 };
    const keptSpecial = { same: 0, worse: 0, broken: 0 };
    let personal = 0;
    for (const dir of DIRS) {
      const sent = lines(dir, 'sent.jsonl');
      const general = new Map(readHoldout(dir).map((m) => [m.text, m.general]));
      const graded = readdirSync(dir)
        .filter((f) => /^grades-\d+\.jsonl$/.test(f))
        .sort()
        .flatMap((f) => lines(dir, f));
      // Every message Veil changed graded once, and no other (an unchanged message gets the original's answer).
      const changed = sent.flatMap((m, i) => (m.sent !== m.text ? [i + 1] : []));
      expect(graded.map((g) => g.line as number).sort((x, y) => x - y)).toEqual(changed);
      const byLine = new Map(graded.map((g) => [g.line as number, g]));
      sent.forEach((m, i) => {
        if (general.get(m.text as string) !== false) return;
        personal++;
        const g = byLine.get(i + 1);
        const grade = (g?.grade ?? 'same') as keyof typeof counts;
        counts[grade]++;
        // With every sensitive matter kept as typed: graded apart where that send differs, else the same send.
        // (`sentKeepSpecial` is stored only where it differs from `sent`.)
        const keepSent = m.sentKeepSpecial ?? m.sent;
        const keep = keepSent === m.text ? 'same' : keepSent === m.sent ? grade : (g?.gradeKeepSpecial as keyof typeof counts);
        expect(['same', 'worse', 'broken']).toContain(keep);
        keptSpecial[keep]++;
      });
    }
    const share = (c: typeof counts) => ({ same: percent(c.same, personal), worse: percent(c.worse, personal), broken: percent(c.broken, personal) });
    expect(personal).toBe(MEASURED_MESSAGE.personal.messages);
    expect(share(counts)).toEqual({ same: MEASURED_MESSAGE.personal.same, worse: MEASURED_MESSAGE.personal.worse, broken: MEASURED_MESSAGE.personal.broken });
    expect(share(keptSpecial)).toEqual(MEASURED_MESSAGE.personalKeepingSensitive);
  });

  it('carries the share of personal details the shipped tagger leaves unmarked, and keeps as typed though marked, in the forty-seventh holdout, and how many general questions it changed', async () => {
    const tagger = await loadNodeTagger();
    let spans = 0,
      left = 0,
      kept = 0,
      messages = 0,
      general = 0,
      generalChanged = 0;
    try {
      for (const dir of DIRS) {
        const { all, sentLines } = await measureHoldout(readHoldout(dir), tagger.tag);
        spans += all.spans;
        left += all.left;
        kept += all.leftOnPurpose;
        messages += all.messages;
        general += all.general;
        generalChanged += all.generalChanged;
        // The stored sends (for grading) are what the model sends today.
        expect(sentLines.map((l) => (JSON.parse(l) as { sent: string }).sent)).toEqual(lines(dir, 'sent.jsonl').map((l) => l.sent));
      }
    } finally {
      await tagger.release();
    }
    expect(messages).toBe(MEASURED_MESSAGE.messages);
    expect(Math.round((1000 * left) / spans) / 10).toBe(MEASURED_MESSAGE.missedPercent);
    expect(Math.round((1000 * kept) / spans) / 10).toBe(MEASURED_MESSAGE.keptPercent);
    expect({ general, changed: generalChanged }).toEqual(MEASURED_MESSAGE.general);
  });

  it('says what was missed always, and how answers fared when Veil changed the message', () => {
    expect(measuredMessageLine(false)).toBe(
      'Measured on 150 messages Veil had never seen: about 1 in 18 of the personal details in them went to the site unmarked, so read your message before you send it; another 26 in 100 went as typed though marked (amounts, years, months, weekdays and relative dates, countries and regions, national bodies and offices named by their kind, courts, public forms, doses, weights and heights and teenagers’ ages, which answers depend on, and what Veil was unsure of).',
    );
    expect(measuredMessageLine(true)).toMatch(
      /Of the 102 about their writer, an expert judged the answer to what Veil sent as good as the original’s for 9 in 100, worse but still useful for 52, and no longer answering the question for 39: put back with “Keep as typed” what your question turns on \(a public name, a place, a number, a date\)/,
    );
    expect(measuredDefaultsLine()).toMatch(
      /as good as without Veil for 9 in 100 .* for 39; with them kept as typed .* as good for 52 in 100 and off the question for 23/,
    );
  });
});
