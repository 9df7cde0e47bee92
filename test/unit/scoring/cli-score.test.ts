import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { candidateDomain } from '../../../src/domains';

const run = promisify(execFile);
const root = join(import.meta.dirname, '../../..');

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('npx', ['tsx', 'src/cli/main.ts', 'score', ...args], { cwd: root });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

function file(content: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'veil-score-')), 'in.jsonl');
  writeFileSync(path, content);
  return path;
}

describe('veil score', () => {
  it('prints every category score of each value, one JSON line each', async () => {
    const input = file('{"field":"occupation","value":"Pediatric nurse"}\n\n{"field":"languages","value":"English and French"}\n');
    const { code, stdout, stderr } = await cli('--input', input);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { field: string; value: string; best: string; scores: Record<string, number> });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ field: 'occupation', value: 'Pediatric nurse', best: '2' });
    expect(Object.keys(lines[0]!.scores).sort()).toEqual(
      candidateDomain('occupation')!
        .categories.map((c) => c.code)
        .sort(),
    );
    expect(lines[1]!.best).toBe('mul');
    for (const line of lines) for (const s of Object.values(line.scores)) expect(s).toBeGreaterThanOrEqual(0);
  }, 60_000);

  it('scores one value from --field and --value, naming the best category beside its code', async () => {
    const { code, stdout } = await cli('--field', 'location', '--value', 'Lyon, France');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({
      field: 'location',
      best: '155',
      label: candidateDomain('location')!.categories.find((c) => c.code === '155')!.label,
    });
  }, 60_000);

  it('says when the highest score is a tie instead of naming the first category as best', async () => {
    const { code, stdout } = await cli('--field', 'gender', '--value', 'W');
    expect(code).toBe(0);
    const line = JSON.parse(stdout) as { best: unknown; label?: string; tie: { code: string; label: string }[]; scores: Record<string, number> };
    expect(line.best).toBeNull();
    expect(line).not.toHaveProperty('label');
    expect(line.tie.map((c) => c.code)).toEqual(candidateDomain('gender')!.categories.map((c) => c.code));
    expect(line.tie[0]).toEqual({ code: 'woman', label: 'Woman' });
    expect(new Set(Object.values(line.scores)).size).toBe(1);
  }, 60_000);

  it.each([
    ['a field with no domain', ['--field', 'favourite_colour', '--value', 'blue'], /no candidate domain/],
    ['a missing input file', ['--input', '/nonexistent/x.jsonl'], /no such file/],
    ['--field without --value', ['--field', 'age'], /--field F and --value V/],
    ['an unknown option', ['--field', 'age', '--value', '3', '--bogus', '1'], /unknown option --bogus/],
    ['a value of 501 characters', ['--field', 'occupation', '--value', 'x'.repeat(501)], /"value" must be at most 500 characters/],
    ['a folder as input', ['--input', '/tmp'], /cannot read \/tmp: it is a folder, not a file/],
    ['an empty input file', ['--input', file('')], /in\.jsonl is empty: no values to score/],
    ['a binary input file', ['--input', file('\u0000\u0001\u0002')], /in\.jsonl is not a text file/],
  ])(
    'rejects %s with one stderr line and exit 1',
    async (_what, args, message) => {
      const { code, stdout, stderr } = await cli(...args);
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr.trim().split('\n')).toHaveLength(1);
      expect(stderr).toMatch(message);
    },
    60_000,
  );

  it('names the bad line of an input file', async () => {
    const input = file('{"field":"age","value":"34"}\n{"field":"age","value":""}\n');
    const { code, stderr } = await cli('--input', input);
    expect(code).toBe(1);
    expect(stderr).toMatch(/in\.jsonl:2: "value" must be a non-empty string/);
    const broken = await cli('--input', file('{not json}\n'));
    expect(broken.stderr).toMatch(/:1: not valid JSON/);
  }, 60_000);
});
