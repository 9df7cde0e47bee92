/** The README's `veil map` / `veil recover` examples (examples/*.jsonl) run and do what the README says. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { run as map } from '../../../src/cli/map';
import { run as recover } from '../../../src/cli/recover';

async function lines(run: typeof map, args: Record<string, string>): Promise<Record<string, unknown>[]> {
  const out: string[] = [];
  await run(new Map(Object.entries(args)), (l) => out.push(l));
  return out.map((l) => JSON.parse(l) as Record<string, unknown>);
}

const jsonl = (path: string) =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('examples/ for the README', () => {
  it('map: one line out per prompt, and the sent text holds none of the spans it changes (either mode)', async () => {
    const prompts = jsonl('examples/prompts.jsonl');
    const out = await lines(map, { input: 'examples/prompts.jsonl', seed: '7' });
    expect(out).toHaveLength(prompts.length);
    for (const line of out) {
      const marks = line.marks as { text: string; treatment: string }[];
      expect(marks.length).toBeGreaterThan(0);
      // Short originals (an age "7") may appear inside other words or numbers of the sent text.
      for (const { text, treatment } of marks) if (text.length >= 3 && treatment !== 'keep') expect(line.text as string).not.toContain(text);
    }
    for (const line of await lines(map, { input: 'examples/prompts.jsonl', seed: '7', mode: 'crossmap' })) {
      const dictionary = line.dictionary as { original: string; substitute: string }[];
      expect(dictionary.length).toBeGreaterThan(0);
      for (const { original } of dictionary) if (original.length >= 3) expect(line.mapped as string).not.toContain(original);
    }
  });
  it('recover: each answer comes back in the original words', async () => {
    const answers = jsonl('examples/answers.jsonl') as { dictionary: { original: string; substitute: string }[] }[];
    const out = await lines(recover, { input: 'examples/answers.jsonl' });
    expect(out).toHaveLength(answers.length);
    out.forEach((line, i) => {
      for (const { original, substitute } of answers[i]!.dictionary) {
        expect(line.text as string).toContain(original);
        expect(line.text as string).not.toContain(substitute);
      }
    });
  });
});
