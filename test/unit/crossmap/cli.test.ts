/** `veil map` and `veil recover` (issue 10). */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliError } from '../../../src/cli/args';
import { run as map } from '../../../src/cli/map';
import { run as recover } from '../../../src/cli/recover';
import { shiftDate, scaleMoney } from '../../../src/crossmap/numbers';

const dir = mkdtempSync(join(tmpdir(), 'veil-crossmap-'));
function file(name: string, lines: unknown[]): string {
  const path = join(dir, name);
  writeFileSync(path, lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n');
  return path;
}
async function run(command: typeof map, args: Record<string, string>): Promise<Record<string, unknown>[]> {
  const out: string[] = [];
  await command(new Map(Object.entries(args)), (l) => out.push(l));
  return out.map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('veil map / veil recover', () => {
  it('maps each line as its own conversation, reproducibly with --seed, and recovers an answer', async () => {
    const input = file('in.jsonl', [
      { text: 'My son Leo (6) has asthma. Which school should he go to? We live in Leeds.' },
      '',
      { text: 'Nothing private here.' },
    ]);
    const [a, b] = await run(map, { input, seed: '4', mode: 'crossmap' });
    expect(await run(map, { input, seed: '4', mode: 'crossmap' })).toEqual([a, b]);
    expect(Object.keys(a!)).toEqual(['theme', 'dictionary', 'mapped']);
    expect(a!.mapped).not.toMatch(/Leo|asthma|Leeds/);
    expect(a!.mapped).toContain('Which school should he go to?');
    expect(b).toMatchObject({ dictionary: [], mapped: 'Nothing private here.' });
    const dictionary = a!.dictionary as { original: string; substitute: string }[];
    const answer = dictionary.map((d) => `About ${d.substitute}: fine.`).join(' ');
    const [back] = await run(recover, { input: file('answer.jsonl', [{ dictionary, answer }]) });
    expect(back!.text).toBe(dictionary.map((d) => `About ${d.original}: fine.`).join(' '));
  });

  it('protects by default: identifiers replaced, special categories generalized, marks and a dictionary per line', async () => {
    const input = file('protect.jsonl', [{ text: 'My son Leo (7) has asthma and I was fired. We live in Leeds.' }]);
    const [a] = await run(map, { input, seed: '4' });
    expect(Object.keys(a!)).toEqual(['text', 'marks', 'dictionary']);
    expect(a!.text).not.toMatch(/Leo|asthma|fired|Leeds|\b7\b/);
    expect(a!.text).toContain('a lung or airway condition');
    const marks = a!.marks as { text: string; treatment: string }[];
    expect(marks.map((m) => [m.text, m.treatment])).toEqual([
      ['Leo', 'replace'],
      ['7', 'replace'],
      ['asthma', 'generalize'],
      ['was fired', 'generalize'],
      ['Leeds', 'replace'],
    ]);
    expect((a!.dictionary as { original: string }[]).map((d) => d.original)).toEqual(['Leo', '7', 'Leeds']);
    await expect(run(map, { input, mode: 'themed' })).rejects.toThrow(/--mode must be protect or crossmap/);
  });

  it('refuses a line of the wrong shape, naming the line', async () => {
    await expect(run(map, { input: file('bad.jsonl', [{ text: 'ok' }, { text: 5 }]) })).rejects.toThrow(
      new CliError(`${join(dir, 'bad.jsonl')}:2: expected { "text": string }`),
    );
    await expect(
      run(recover, { input: file('bad2.jsonl', [{ dictionary: [{ original: 'a', substitute: 'b', kind: 'weird' }], answer: '' }]) }),
    ).rejects.toThrow(/:1: expected/);
  });
});

describe('shape-keeping substitutes', () => {
  it('shifts dates in their own format', () => {
    expect(shiftDate('2024-03-12', 47)).toBe('2024-04-28');
    expect(shiftDate('12/05/1984', 47)).toBe('28/06/1984');
    expect(shiftDate('March 3rd, 2025', 47)).toBe('April 19th, 2025');
    expect(shiftDate('Friday 14 June', 1)).toBe('Friday 21 June');
    expect(shiftDate('Nov 3-5', 30)).toBe('Dec 3-5');
    expect(shiftDate('May 2023', 60)).toBe('July 2023');
  });
  it('scales amounts, keeping currency, grouping, decimals and two significant digits', () => {
    expect(scaleMoney('£850', 1.37)).toBe('£1200');
    expect(scaleMoney('$4,200', 0.71)).toBe('$3,000');
    expect(scaleMoney('€1.234,56', 1.37)).toBe('€1.691,35');
    expect(scaleMoney('₹85 lakh', 1.2)).toBe('₹100 lakh');
    expect(scaleMoney('£1 million', 0.71)).toBe('£2 million');
  });
});
