// The figures the review panel tells a person about message protection are the stored evaluations', not
// written by hand: recomputed here from eval/tagger-holdout-4 and -4b (the messages, what Veil sends today)
// and eval/tagger-holdout-3's grades (src/ui/measured-message.ts says why those are an earlier version's).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadNodeTagger } from '../../../src/crossmap/tagger/node';
import { MEASURED_MESSAGE, measuredMessageLine } from '../../../src/ui/measured-message';
import { measureHoldout, readHoldout } from '../../../scripts/tagger/measure';

const DIRS = ['eval/tagger-holdout-4', 'eval/tagger-holdout-4b'];
const GRADED = 'eval/tagger-holdout-3';
const lines = (dir: string, file: string) =>
  readFileSync(join(dir, file), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
const percent = (n: number, of: number) => Math.round((100 * n) / of);

describe('the measured line on message protection', () => {
  it('carries the graded set’s judgements of the messages about their writer', () => {
    const sent = lines(GRADED, 'sent.jsonl');
    const general = new Map<string, boolean>();
    for (const f of readdirSync(GRADED).filter((f) => /^[a-z]{2}\.jsonl$/.test(f))) for (const m of lines(GRADED, f)) general.set(m.text as string, m.general === true);
    const graded = readdirSync(GRADED).filter((f) => /^grades-\d+\.jsonl$/.test(f)).sort().flatMap((f) => lines(GRADED, f));
    // Every stored send graded once.
    expect(graded.map((g) => g.line).sort((a, b) => (a as number) - (b as number))).toEqual(sent.map((_, i) => i + 1));
    const personal = graded.filter((g) => general.get(sent[(g.line as number) - 1]!.text as string) === false);
    const share = (grade: string) => percent(personal.filter((g) => g.grade === grade).length, personal.length);
    expect(personal).toHaveLength(MEASURED_MESSAGE.personal.messages);
    expect({ same: share('same'), worse: share('worse'), broken: share('broken') }).toEqual({
      same: MEASURED_MESSAGE.personal.same,
      worse: MEASURED_MESSAGE.personal.worse,
      broken: MEASURED_MESSAGE.personal.broken,
    });
  });

  it('carries the share of personal details the shipped tagger leaves unmarked in the fourth holdouts, and how many general questions it changed', async () => {
    const tagger = await loadNodeTagger();
    let spans = 0,
      left = 0,
      messages = 0,
      general = 0,
      generalChanged = 0;
    try {
      for (const dir of DIRS) {
        const { all, sentLines } = await measureHoldout(readHoldout(dir), tagger.tag);
        spans += all.spans;
        left += all.left;
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
    expect({ general, changed: generalChanged }).toEqual(MEASURED_MESSAGE.general);
  });

  it('says what was missed always, and how answers fared when Veil changed the message', () => {
    expect(measuredMessageLine(false)).toBe(
      'Measured on 245 messages Veil had never seen: about 1 in 24 of the personal details in them went to the site unmarked, so read your message before you send it.',
    );
    expect(measuredMessageLine(true)).toMatch(
      /On an earlier set of 98 messages about their writer, an expert judged the answer to what Veil sent as good as the original’s for 7 in 100, worse but still useful for 49, and no longer answering the question for 44/,
    );
  });
});
