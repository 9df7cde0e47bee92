/** `veil release` and `veil sample` with the bundled offline model, and their error path. */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CliError } from '../../../src/cli/args';
import { run as release } from '../../../src/cli/release';
import { run as sample } from '../../../src/cli/sample';

const fixture = (name: string) => fileURLToPath(new URL(`../../fixtures/profiles/${name}`, import.meta.url));
const root = fileURLToPath(new URL('../../../', import.meta.url));

async function lines(run: typeof release, args: Record<string, string>): Promise<unknown[]> {
  const out: string[] = [];
  await run(new Map(Object.entries(args)), (l) => out.push(l));
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
  it('releases a .jsonl file line by line (blank lines skipped) with the given format and instruction', async () => {
    const out = (await lines(release, { profile: fixture('several.jsonl'), mechanism: 'slot', epsilon: '2', format: 'freeform', instruction: 'Hello.' })) as { text: string }[];
    expect(out).toHaveLength(3);
    for (const o of out) expect(o.text.startsWith('Hello.')).toBe(true);
  }, 30_000);
  it('refuses bad input with a CliError', async () => {
    await expect(lines(release, { profile: fixture('bad-attribute.json'), mechanism: 'slot', epsilon: '8' })).rejects.toThrow(CliError);
    await expect(lines(release, { profile: fixture('table1.json'), mechanism: 'slot', epsilon: 'lots' })).rejects.toThrow(/--epsilon must be a positive number/);
    await expect(lines(release, { profile: fixture('table1.json'), mechanism: 'slot' })).rejects.toThrow(/--epsilon is required/);
  });
});

describe('veil sample', () => {
  it('counts n draws by sorted entity.field=code keys', async () => {
    const [o] = (await lines(sample, { profile: fixture('table1.json'), mechanism: 'block', epsilon: '2', n: '2000', seed: '3' })) as { counts: Record<string, number> }[];
    const entries = Object.entries(o!.counts);
    expect(entries.reduce((s, [, c]) => s + c, 0)).toBe(2000);
    expect(entries.length).toBeGreaterThan(50); // ε = 2 spreads over many of the 1,210 cells
    for (const [key] of entries) expect(key).toMatch(/^self\.education=\w+\|self\.occupation=\w+\|self\.work=\w+$/);
  }, 30_000);
  it('refuses more than one profile and a missing --n', async () => {
    await expect(lines(sample, { profile: fixture('several.jsonl'), mechanism: 'slot', epsilon: '8', n: '5' })).rejects.toThrow(/one profile/);
    await expect(lines(sample, { profile: fixture('table1.json'), mechanism: 'slot', epsilon: '8' })).rejects.toThrow(/--n is required/);
  });
});

describe("the paper's Table 1 profile with the bundled model", () => {
  it('at ε = 8192 DP-BLOCK releases the closure-privatized occupation as Managers and the degree as tertiary', async () => {
    const [o] = (await lines(sample, { profile: fixture('table1.json'), mechanism: 'block', epsilon: '8192', n: '500', seed: '8' })) as { counts: Record<string, number> }[];
    const [mode] = Object.entries(o!.counts).sort(([, a], [, b]) => b - a)[0]!;
    expect(mode).toMatch(/self\.occupation=1\b/); // ISCO-08 major group 1, Managers (as in Table 1)
    expect(mode).toMatch(/self\.education=[67]\b/); // ISCED 6 or 7 (a master's degree)
  }, 30_000);
});

describe('the command line', () => {
  it('bad input: one line on stderr, exit code 1, no stack trace', async () => {
    const result = await promisify(execFile)('npx', ['tsx', 'src/cli/main.ts', 'release', '--profile', fixture('bad-attribute.json'), '--mechanism', 'slot', '--epsilon', '8'], { cwd: root }).then(
      () => undefined,
      (error: { code: number; stderr: string; stdout: string }) => error,
    );
    expect(result?.code).toBe(1);
    expect(result?.stdout).toBe('');
    expect(result?.stderr).toMatch(/^veil: .*bad-attribute\.json: attribute 1 \(self\.age\): "sharing" must be "shared" or "withheld"\n$/);
  }, 30_000);
});
