/**
 * The README's first minute (its "Try it" walkthrough) does what the README says, in Node with the same
 * models the extension ships: the first message's name, age and town get stand-ins and its health matter goes
 * by its kind; the second message needs the occupation, which goes out drawn from its categories, not as typed.
 * (The same walkthrough in the browser: test/e2e/demo-page.test.ts.)
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run as map } from '../../../src/cli/map';
import { run as release } from '../../../src/cli/release';
import { FIRST_MESSAGE, SECOND_MESSAGE } from './messages';

const dir = mkdtempSync(join(tmpdir(), 'veil-readme-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function lines(run: typeof map, args: Record<string, string>): Promise<Record<string, unknown>[]> {
  const out: string[] = [];
  await run(new Map(Object.entries(args)), (l) => out.push(l));
  return out.map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe("the README's first minute", () => {
  it('the first message: Mia, 7 and Leeds get stand-ins, asthma goes as "a lung or airway condition", the question stays', async () => {
    const input = join(dir, 'first.jsonl');
    writeFileSync(input, JSON.stringify({ text: FIRST_MESSAGE }) + '\n');
    for (const seed of ['1', '2', '3']) {
      const [out] = await lines(map, { input, seed });
      const text = out!.text as string;
      expect(text).toMatch(/^My daughter \p{Lu}\p{L}+ \(\d+\) has a lung or airway condition; can she do PE at her school in \p{Lu}[\p{L} -]+\?$/u);
      for (const original of ['Mia', '(7)', 'asthma', 'Leeds']) expect(text).not.toContain(original);
    }
  });

  it('the second message needs the withheld occupation: it goes out as one of its categories, charged', async () => {
    const profile = join(dir, 'profile.json');
    writeFileSync(
      profile,
      JSON.stringify({ version: 1, attributes: [{ entity: 'self', field: 'occupation', value: 'Pediatric nurse', sharing: 'withheld' }] }),
    );
    const [out] = await lines(release, { profile, mechanism: 'block', epsilon: '16', facts: 'needed', instruction: SECOND_MESSAGE, seed: '4' });
    const attributes = out!.attributes as { field: string; release: string }[];
    expect(attributes.find((a) => a.field === 'occupation')?.release).toBe('privatized');
    expect(out!.text as string).not.toContain('Pediatric nurse');
    expect((out!.spent as { total: number }).total).toBeGreaterThan(0);
  });
});
