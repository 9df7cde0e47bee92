// The labelled-data checker (scripts/tagger-data/check.ts) that every writer of tagger data and holdouts runs:
// --fix fills offsets and must never drop what a writer wrote (a plain-string `keep` word was written back empty).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const run = (file: string) => {
  try {
    return { out: execFileSync('npx', ['tsx', 'scripts/tagger-data/check.ts', '--fix', file], { encoding: 'utf8', stdio: 'pipe' }), failed: false };
  } catch (e) {
    return { out: String((e as { stderr?: string }).stderr), failed: true };
  }
};

describe('the tagger data checker', () => {
  it('fills offsets, reads a plain-string keep word as its text, and reports a span not in the message', () => {
    const dir = mkdtempSync(join(tmpdir(), 'veil-check-'));
    const file = join(dir, 'w.jsonl');
    writeFileSync(
      file,
      [
        '{"lang":"en","general":true,"text":"who was Marie Curie","spans":[],"keep":["Marie Curie"]}',
        '{"lang":"en","general":false,"text":"my son Tom is 7","spans":[{"text":"Tom","kind":"person"},{"text":"7","kind":"age"}]}',
      ].join('\n'),
    );
    expect(run(file).failed).toBe(false);
    const [general, personal] = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(general.keep).toEqual([{ start: 8, end: 19, text: 'Marie Curie' }]);
    expect(personal.spans).toEqual([
      { start: 7, end: 10, text: 'Tom', kind: 'person' },
      { start: 14, end: 15, text: '7', kind: 'age' },
    ]);
    writeFileSync(file, '{"lang":"en","general":false,"text":"my son Tom","spans":[{"text":"Tim","kind":"person"}]}\n');
    const bad = run(file);
    expect(bad.failed).toBe(true);
    expect(bad.out).toContain('"Tim" not found');
  }, 60_000);
});
