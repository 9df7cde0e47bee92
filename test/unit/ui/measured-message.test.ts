// The figures the review panel tells a person about message protection are the stored evaluation's, not
// written by hand: recomputed here from eval/tagger-holdout-3 (the messages, what Veil sent, the grades).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadNodeTagger } from '../../../src/crossmap/tagger/node';
import { MEASURED_MESSAGE, measuredMessageLine } from '../../../src/ui/measured-message';
import { measureHoldout, readHoldout } from '../../../scripts/tagger/measure';

const DIR = 'eval/tagger-holdout-3';
const lines = (file: string) => readFileSync(join(DIR, file), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);

describe('the measured line on message protection', () => {
  it('carries the third holdout’s grades of the messages about their writer', () => {
    const sent = lines('sent.jsonl');
    const general = new Map<string, boolean>();
    for (const lang of ['de', 'en', 'es', 'fr', 'it', 'pt']) for (const m of lines(`${lang}.jsonl`)) general.set(m.text as string, m.general === true);
    const grades = [...lines('grades-1.jsonl'), ...lines('grades-2.jsonl')];
    expect(sent).toHaveLength(MEASURED_MESSAGE.messages);
    expect(grades).toHaveLength(MEASURED_MESSAGE.messages);
    const personal = grades.filter((g) => general.get(sent[(g.line as number) - 1]!.text as string) === false);
    const share = (grade: string) => Math.round((100 * personal.filter((g) => g.grade === grade).length) / personal.length);
    expect(personal).toHaveLength(MEASURED_MESSAGE.personal.messages);
    expect({ same: share('same'), worse: share('worse'), broken: share('broken') }).toEqual({
      same: MEASURED_MESSAGE.personal.same,
      worse: MEASURED_MESSAGE.personal.worse,
      broken: MEASURED_MESSAGE.personal.broken,
    });
  });

  it('carries the share of personal details the shipped tagger leaves unmarked there, and every general question goes as typed', async () => {
    const messages = readHoldout(DIR);
    expect(messages).toHaveLength(MEASURED_MESSAGE.messages);
    const tagger = await loadNodeTagger();
    try {
      const { all, sentLines } = await measureHoldout(messages, tagger.tag);
      // What eval-tagger.ts prints as "retention" (one decimal), from the model as it ships.
      expect(Math.round((1000 * all.left) / all.spans) / 10).toBe(MEASURED_MESSAGE.missedPercent);
      expect(all.general).toBe(MEASURED_MESSAGE.general);
      expect(all.generalChanged).toBe(0);
      // And the stored sends the grades were made on are what the model sends today.
      expect(sentLines.map((l) => (JSON.parse(l) as { sent: string }).sent)).toEqual(lines('sent.jsonl').map((l) => l.sent));
    } finally {
      await tagger.release();
    }
  });

  it('says what was missed always, and how answers fared when Veil changed the message', () => {
    expect(measuredMessageLine(false)).toBe('Measured on 140 messages Veil had never seen: about 1 in 20 of the personal details in them went to the site unmarked, so read your message before you send it.');
    expect(measuredMessageLine(true)).toMatch(/as good as the original’s for 7 in 100, worse but still useful for 49, and no longer answering the question for 44/);
  });
});
