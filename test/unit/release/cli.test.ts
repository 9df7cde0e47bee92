/** `veil release` and `veil sample` with the bundled offline model, and their error path. */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CliError } from '../../../src/cli/args';
import { run as release } from '../../../src/cli/release';
import { run as sample } from '../../../src/cli/sample';

const fixture = (name: string) => fileURLToPath(new URL(`../../fixtures/profiles/${name}`, import.meta.url));
const root = fileURLToPath(new URL('../../../', import.meta.url));

async function lines(run: typeof release, args: Record<string, string>, notes: string[] = []): Promise<unknown[]> {
  const out: string[] = [];
  await run(
    new Map(Object.entries(args)),
    (l) => out.push(l),
    (l) => notes.push(l),
  );
  return out.map((l) => JSON.parse(l) as unknown);
}

describe('veil release', () => {
  it('prints exactly the DESIGN.md object, reproducibly with --seed', async () => {
    const args = { profile: fixture('ten-attributes.json'), mechanism: 'block', epsilon: '8', seed: '5' };
    const [a] = (await lines(release, args)) as Record<string, unknown>[];
    const [b] = (await lines(release, args)) as Record<string, unknown>[];
    expect(a).toEqual(b);
    expect(Object.keys(a!)).toEqual(['mechanism', 'epsilon', 'spent', 'attributes', 'text']);
    expect(a).toMatchObject({ mechanism: 'block', epsilon: 8 });
    const attributes = a!.attributes as { entity: string; field: string; sharing: string; release: string; value: string; code?: string }[];
    expect(attributes).toHaveLength(10);
    for (const x of attributes) {
      // DESIGN.md's keys, plus `reason` (why an attribute was privatized by closure, suppressed, or fell back).
      for (const key of Object.keys(x)) expect(['entity', 'field', 'sharing', 'release', 'value', 'code', 'reason']).toContain(key);
      expect(['kept', 'privatized', 'suppressed']).toContain(x.release);
      expect(x.release === 'privatized').toBe(x.code !== undefined);
    }
    // location withheld → shared nationality and then languages are privatized by closure, not charged.
    expect(attributes.find((x) => x.field === 'nationality')!.release).toBe('privatized');
    type Spent = { total: number; perAttribute: Record<string, number> };
    const spent = a!.spent as Spent & { units: Spent & { unit: string } };
    expect(Object.keys(spent.perAttribute).sort()).toEqual(['self.age', 'self.education', 'self.location', 'self.marital_status', 'self.occupation']);
    expect(spent.total).toBeLessThanOrEqual(8);
    // The exact figures, in integers of 2^-20: 8 split five ways rounds each share down, and the sum is exact.
    expect(spent.units.unit).toBe('2^-20');
    const shares = Object.values(spent.units.perAttribute);
    expect(shares).toEqual(new Array(5).fill(Math.floor((8 * 2 ** 20) / 7)));
    expect(spent.units.total).toBe(shares.reduce((x, y) => x + y, 0));
    expect(spent.total).toBe(spent.units.total / 2 ** 20);
  }, 30_000);
  it("releases at ε off the extension's grid (0.5, 1, 3), exactly, with one note each", async () => {
    for (const epsilon of [0.5, 1, 3]) {
      const notes: string[] = [];
      const [o] = (await lines(release, { profile: fixture('ten-attributes.json'), mechanism: 'block', epsilon: String(epsilon), seed: '4' }, notes)) as {
        epsilon: number;
        spent: { total: number; units: { total: number } };
        attributes: { release: string }[];
      }[];
      expect(o!.epsilon).toBe(epsilon);
      expect(o!.spent.total).toBeLessThanOrEqual(epsilon);
      expect(o!.spent.units.total).toBeLessThanOrEqual(epsilon * 2 ** 20);
      expect(o!.attributes.filter((a) => a.release === 'privatized').length).toBeGreaterThan(0);
      expect(notes).toEqual([`ε ${epsilon} is not one the extension offers (2, 4, 8, …, 8192); the release is exact at it all the same`]);
    }
  }, 60_000);
  it('releases a .jsonl file line by line (blank lines skipped) with the given format and instruction', async () => {
    const out = (await lines(release, { profile: fixture('several.jsonl'), mechanism: 'slot', epsilon: '2', format: 'freeform', instruction: 'Hello.' })) as {
      text: string;
    }[];
    expect(out).toHaveLength(3);
    for (const o of out) expect(o.text.startsWith('Hello.')).toBe(true);
  }, 30_000);
  it('refuses bad input with a CliError', async () => {
    await expect(lines(release, { profile: fixture('bad-attribute.json'), mechanism: 'slot', epsilon: '8' })).rejects.toThrow(CliError);
    await expect(lines(release, { profile: fixture('table1.json'), mechanism: 'slot', epsilon: 'lots' })).rejects.toThrow(
      /--epsilon must be a number above 0 and at most 65536/,
    );
    await expect(lines(release, { profile: fixture('table1.json'), mechanism: 'slot', epsilon: '0' })).rejects.toThrow(/--epsilon must be positive/);
    await expect(lines(release, { profile: fixture('table1.json'), mechanism: 'slot' })).rejects.toThrow(/--epsilon is required/);
  });
  it('says what is wrong with a file in words (issue 23)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'veil-release-'));
    const file = (name: string, text: string) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    const refusal = (profile: string) => lines(release, { profile, mechanism: 'slot', epsilon: '8' });
    await expect(
      refusal(file('nofield.json', JSON.stringify({ version: 1, attributes: [{ entity: 'self', value: 'x', sharing: 'shared' }] }))),
    ).rejects.toThrow(new CliError(`${join(dir, 'nofield.json')}: attribute 1 has no "field"`));
    await expect(refusal(file('empty.json', ''))).rejects.toThrow(new CliError(`${join(dir, 'empty.json')} is empty`));
    await expect(refusal(file('empty.jsonl', '\n'))).rejects.toThrow(new CliError(`${join(dir, 'empty.jsonl')} is empty: no profiles`));
    await expect(refusal(file('several.json', '{"version":1,"attributes":[]}\n{"version":1,"attributes":[]}\n'))).rejects.toThrow(
      /several\.json is not valid JSON \(at line 2, column 1\): it looks like several profiles, one per line; a file of profiles must end in \.jsonl$/,
    );
    await expect(refusal('test/fixtures/memview/store.json')).rejects.toThrow(/this looks like a memory file, for veil memview --store/);
    await expect(refusal(dir)).rejects.toThrow(new CliError(`cannot read ${dir}: it is a folder, not a file`));
  });
  it('leaves a withheld fact with no public categories out of the text, as the extension does (--suppressed mark: [withheld])', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'veil-release-'));
    const path = join(dir, 'custom.json');
    const profile = {
      version: 1,
      attributes: [
        { entity: 'self', field: 'favourite food', value: 'durian', sharing: 'withheld' },
        { entity: 'self', field: 'age', value: '41', sharing: 'withheld' },
      ],
    };
    writeFileSync(path, JSON.stringify(profile));
    const [omit] = (await lines(release, { profile: path, mechanism: 'slot', epsilon: '8', seed: '1' })) as {
      text: string;
      attributes: { field: string; release: string }[];
    }[];
    expect(omit!.text).not.toMatch(/favourite food|withheld/i);
    expect(omit!.attributes.find((a) => a.field === 'favourite food')!.release).toBe('suppressed');
    const [mark] = (await lines(release, { profile: path, mechanism: 'slot', epsilon: '8', seed: '1', suppressed: 'mark' })) as { text: string }[];
    expect(mark!.text).toMatch(/\[withheld\]/);
  }, 30_000);
  it('--facts needed carries only the withheld facts the instruction needs, as the extension does', async () => {
    const args = { profile: fixture('ten-attributes.json'), mechanism: 'slot', epsilon: '8', seed: '2', instruction: 'Which running shoes should I buy?' };
    const [all] = (await lines(release, args)) as { spent: { perAttribute: Record<string, number> } }[];
    const [needed] = (await lines(release, { ...args, facts: 'needed' })) as {
      spent: { perAttribute: Record<string, number> };
      attributes: { field: string }[];
    }[];
    expect(Object.keys(all!.spent.perAttribute)).toHaveLength(5);
    expect(Object.keys(needed!.spent.perAttribute).length).toBeLessThan(5);
    expect(Object.keys(needed!.spent.perAttribute)).toContain('self.age');
    expect(needed!.attributes.map((a) => a.field)).not.toContain('education');
  }, 30_000);
});

describe('veil sample', () => {
  it('counts n draws by sorted entity.field=code keys', async () => {
    const [o] = (await lines(sample, { profile: fixture('table1.json'), mechanism: 'block', epsilon: '2', n: '2000', seed: '3' })) as {
      counts: Record<string, number>;
    }[];
    const entries = Object.entries(o!.counts);
    expect(entries.reduce((s, [, c]) => s + c, 0)).toBe(2000);
    expect(entries.length).toBeGreaterThan(50); // ε = 2 spreads over many of the 1,210 cells
    for (const [key] of entries) expect(key).toMatch(/^self\.education=\w+\|self\.occupation=\w+\|self\.work=\w+$/);
  }, 30_000);
  it('samples at ε = 1 (off the grid) with one note, as at any grid value', async () => {
    const notes: string[] = [];
    const [o] = (await lines(sample, { profile: fixture('table1.json'), mechanism: 'slot', epsilon: '1', n: '500', seed: '3' }, notes)) as {
      counts: Record<string, number>;
    }[];
    expect(Object.values(o!.counts).reduce((s, c) => s + c, 0)).toBe(500);
    expect(notes).toHaveLength(1);
  }, 30_000);
  it('refuses more than one profile and a missing --n', async () => {
    await expect(lines(sample, { profile: fixture('several.jsonl'), mechanism: 'slot', epsilon: '8', n: '5' })).rejects.toThrow(/one profile/);
    await expect(lines(sample, { profile: fixture('table1.json'), mechanism: 'slot', epsilon: '8' })).rejects.toThrow(/--n is required/);
  });
});

describe("the paper's Table 1 profile with the bundled model", () => {
  it('at ε = 8192 DP-BLOCK releases the closure-privatized occupation as Managers and the degree as tertiary', async () => {
    const [o] = (await lines(sample, { profile: fixture('table1.json'), mechanism: 'block', epsilon: '8192', n: '500', seed: '8' })) as {
      counts: Record<string, number>;
    }[];
    const [mode] = Object.entries(o!.counts).sort(([, a], [, b]) => b - a)[0]!;
    expect(mode).toMatch(/self\.occupation=1\b/); // ISCO-08 major group 1, Managers (as in Table 1)
    expect(mode).toMatch(/self\.education=[67]\b/); // ISCED 6 or 7 (a master's degree)
  }, 30_000);
});

describe('the command line', () => {
  it('bad input: one line on stderr, exit code 1, no stack trace', async () => {
    const result = await promisify(execFile)(
      'npx',
      ['tsx', 'src/cli/main.ts', 'release', '--profile', fixture('bad-attribute.json'), '--mechanism', 'slot', '--epsilon', '8'],
      { cwd: root },
    ).then(
      () => undefined,
      (error: { code: number; stderr: string; stdout: string }) => error,
    );
    expect(result?.code).toBe(1);
    expect(result?.stdout).toBe('');
    expect(result?.stderr).toMatch(/^veil: .*bad-attribute\.json: attribute 1 \(self\.age\): "sharing" must be "shared" or "withheld"\n$/);
  }, 30_000);
  it('runs as `npx veil` from the checkout (package.json bin), and its help says so', async () => {
    const run = (...args: string[]) =>
      promisify(execFile)('node', ['bin/veil.mjs', ...args], { cwd: root }).then(
        ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
        (error: { code: number; stderr: string; stdout: string }) => error,
      );
    const help = await run('help');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^usage: npx veil <command> \[options\]/);
    expect((await run('release', '--help')).stdout).toMatch(/^usage: npx veil release --profile FILE/);
    const negative = await run('release', '--profile', fixture('table1.json'), '--mechanism', 'slot', '--epsilon', '-1');
    expect(negative.code).toBe(1);
    expect(negative.stderr).toBe('veil: --epsilon must be positive (a number above 0 and at most 65536), not -1\n');
    for (const [raw, message] of [
      ['0', '--epsilon must be positive (a number above 0 and at most 65536), not 0'],
      ['NaN', '--epsilon must be a number above 0 and at most 65536, not "NaN"'],
      ['Infinity', '--epsilon must be a finite number, at most 65536, not Infinity'],
      ['100000', '--epsilon 100000 is too large: the largest the exact sampler supports is 65536 (2^16)'],
    ]) {
      const refused = await run('sample', '--profile', fixture('table1.json'), '--mechanism', 'slot', '--epsilon', raw!, '--n', '5');
      expect(refused.code).toBe(1);
      expect(refused.stderr).toBe(`veil: ${message}\n`);
    }
  }, 60_000);
  it('an ε off the grid: JSON on stdout, one note on stderr, exit code 0', async () => {
    const { stdout, stderr } = await promisify(execFile)(
      'node',
      ['bin/veil.mjs', 'release', '--profile', fixture('table1.json'), '--mechanism', 'slot', '--epsilon', '1', '--seed', '1'],
      { cwd: root },
    );
    expect(JSON.parse(stdout)).toMatchObject({ mechanism: 'slot', epsilon: 1 });
    expect(stderr).toBe('veil: note: ε 1 is not one the extension offers (2, 4, 8, …, 8192); the release is exact at it all the same\n');
  }, 30_000);
});
