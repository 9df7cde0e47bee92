/** Protection of long messages in pieces (issue 29): the same marks and stand-ins as one go, pauses between pieces, a stated limit. */
import { describe, expect, it } from 'vitest';
import { newCodebook, protect, protectMessage, LONGEST } from '../../../src/crossmap';
import { listTag, listTagging } from './tagging';
import { pieces } from '../../../src/crossmap/long';
import { seededRandomSource } from '../../../src/dp/exact/random';

const random = seededRandomSource(7);
const PARAGRAPH = "My daughter Priya (8) has asthma and we live in Leeds. Her school, St Mary's Primary, wants a letter by 3 March 2025.\n";

describe('protect (long messages)', () => {
  it('cuts at line ends into pieces no longer than the limit, and loses nothing', () => {
    const text = PARAGRAPH.repeat(200);
    const parts = pieces(text, 4000);
    expect(parts.join('')).toBe(text);
    for (const p of parts) expect(p.length).toBeLessThanOrEqual(4000);
    expect(parts.slice(0, -1).every((p) => p.endsWith('\n'))).toBe(true);
  });

  it('protects a long message piece by piece, pausing between pieces, with one stand-in per entity throughout', async () => {
    const text = PARAGRAPH.repeat(200);
    let pauses = 0;
    const codebook = newCodebook(random);
    const sent = await protect(text, { codebook, random, tag: listTag }, async () => void pauses++);
    expect(pauses).toBeGreaterThan(5);
    for (const m of sent.marks) expect(text.slice(m.start, m.end)).toBe(m.text);
    for (const p of sent.placed) expect(sent.text.slice(p.start, p.end)).not.toBe('');
    const priya = new Set(sent.marks.filter((m) => m.text === 'Priya').map((m) => m.substitute));
    expect(priya.size).toBe(1);
    expect(sent.text).not.toMatch(/\bPriya\b|\bLeeds\b|asthma/);
    // The same as protecting one paragraph with the codebook the long one made.
    expect(protectMessage(PARAGRAPH, { codebook: sent.codebook, random, tagging: listTagging(PARAGRAPH) }).text).toBe(
      sent.text.slice(0, sent.text.indexOf('\n') + 1),
    );
  });

  it("keeps the person's choice for a span in a later piece", async () => {
    const text = PARAGRAPH.repeat(100);
    const codebook = newCodebook(random);
    const first = await protect(text, { codebook, random, tag: listTag }, async () => undefined);
    const late = first.marks.filter((m) => m.text === 'Leeds').at(-1)!;
    const chosen = await protect(text, { codebook, random, tag: listTag, choices: { [late.id]: 'keep' } }, async () => undefined);
    expect(chosen.marks.find((m) => m.id === late.id)!.treatment).toBe('keep');
    expect(chosen.text.endsWith(text.slice(late.start))).toBe(false);
    expect(chosen.text).toContain('we live in Leeds');
  });

  it(`refuses a message longer than ${LONGEST.toLocaleString('en')} characters with a clear message`, async () => {
    await expect(protect('a'.repeat(LONGEST + 1), { codebook: newCodebook(random), random, tag: listTag })).rejects.toThrow(
      /100,001 characters long.*up to 100,000/,
    );
  });
});
