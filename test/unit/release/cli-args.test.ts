/** The CLI's options, parsed by node:util parseArgs: each refusal names what is wrong (issue 23: every refusal a test). */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliError, integer, parseJsonFile, parseJsonLines, parseOptions, readText } from '../../../src/cli/args';
import { OPTIONS as MEMVIEW_OPTIONS } from '../../../src/cli/memview';
import { epsilonUnitsOf, HELP, OPTIONS } from '../../../src/cli/release';
import { EPSILON_GRID, epsilonToUnits, UNITS_PER_EPSILON } from '../../../src/core/epsilon';
import { MAX_EPSILON } from '../../../src/dp/exact/scale';

describe('CLI options', () => {
  it('takes --name value and --name=value, each once', () => {
    expect(parseOptions(['--profile', 'p.json', '--epsilon=8'], OPTIONS)).toEqual(
      new Map([
        ['profile', 'p.json'],
        ['epsilon', '8'],
      ]),
    );
  });
  it('takes a value that starts with "-" in both forms, so the option itself can refuse it', () => {
    for (const argv of [['--epsilon', '-1'], ['--epsilon=-1']]) expect(parseOptions(argv, OPTIONS).get('epsilon')).toBe('-1');
    expect(parseOptions(['--instruction', '-x', '--seed', '-5'], OPTIONS)).toEqual(
      new Map([
        ['instruction', '-x'],
        ['seed', '-5'],
      ]),
    );
  });
  it.each([
    [['--bogus', '1'], /^unknown option --bogus \(known: --profile --mechanism --variant/],
    [['--profile', 'a', '--profile', 'b'], /^--profile given twice$/],
    [['--profile'], /^--profile needs a value$/],
    [['--profile='], /^--profile needs a value$/],
    [['--profile', '--epsilon', '8'], /^--profile needs a value$/],
    [['stray'], /^unexpected argument "stray"$/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseOptions(argv, OPTIONS)).toThrow(message);
  });
  it('each command says what it does and how the variant is chosen', () => {
    expect(HELP).toMatch(/^veil release --profile FILE --mechanism slot\|block \[--variant veil\|paper\]/);
    expect(HELP).toContain('"Unspecified"');
    expect(HELP).toContain('--facts all (default here)');
  });
});

describe("--epsilon: any ε the exact sampler supports, a note off the extension's grid, and what is wrong otherwise", () => {
  const read = (argv: string[]) => {
    const notes: string[] = [];
    const units = epsilonUnitsOf(parseOptions(argv, OPTIONS), (line) => notes.push(line));
    return { units, notes };
  };
  const epsilon = (argv: string[]) => read(argv).units;
  it('accepts every value of the grid, as exact units, without a note', () => {
    for (const e of EPSILON_GRID) expect(read(['--epsilon', String(e)])).toEqual({ units: epsilonToUnits(e), notes: [] });
    expect(read(['--epsilon', '16.0'])).toEqual({ units: epsilonToUnits(16), notes: [] });
  });
  it.each([
    ['0.5', 0.5],
    ['1', 1],
    ['3', 3],
    ['.25', 0.25],
    ['8.5', 8.5],
    ['65536', 65536],
  ])('accepts %s off the grid, exactly, with one note', (raw, value) => {
    const { units, notes } = read(['--epsilon', raw]);
    expect(units).toBe(value * UNITS_PER_EPSILON);
    expect(notes).toEqual([`ε ${raw} is not one the extension offers (2, 4, 8, …, 8192); the release is exact at it all the same`]);
  });
  it('a value that is not a multiple of 2^-20 is run at the multiple below it, and the note says so', () => {
    const { units, notes } = read(['--epsilon', '0.1']);
    expect(units).toBe(Math.floor(0.1 * UNITS_PER_EPSILON));
    expect(units / UNITS_PER_EPSILON).toBeLessThan(0.1);
    expect(notes).toEqual([
      `ε 0.1 is not one the extension offers (2, 4, 8, …, 8192); the release is exact at it all the same; it is counted in units of 2^-20 and run at ${units / UNITS_PER_EPSILON}, the multiple just below it`,
    ]);
    expect(epsilon(['--epsilon', '0.00000095367431640625'])).toBe(1);
  });
  it.each([
    ['-1', '--epsilon must be positive (a number above 0 and at most 65536), not -1'],
    ['0', '--epsilon must be positive (a number above 0 and at most 65536), not 0'],
    ['0.0', '--epsilon must be positive (a number above 0 and at most 65536), not 0.0'],
    ['-Infinity', '--epsilon must be positive (a number above 0 and at most 65536), not -Infinity'],
    ['Infinity', '--epsilon must be a finite number, at most 65536, not Infinity'],
    ['NaN', '--epsilon must be a number above 0 and at most 65536, not "NaN"'],
    ['lots', '--epsilon must be a number above 0 and at most 65536, not "lots"'],
    ['1e308', '--epsilon 1e308 is too large: the largest the exact sampler supports is 65536 (2^16)'],
    ['65536.5', '--epsilon 65536.5 is too large: the largest the exact sampler supports is 65536 (2^16)'],
    ['1e3', '--epsilon must be written as a plain decimal number (1000), not "1e3"'],
    ['0x10', '--epsilon must be written as a plain decimal number (16), not "0x10"'],
    ['0.0000001', `--epsilon 0.0000001 is too small: the smallest is 2^-20 (0.00000095367431640625), the unit ε is counted in`],
  ])('%s: %s (as --epsilon X and --epsilon=X)', (raw, message) => {
    expect(() => epsilon(['--epsilon', raw])).toThrow(new CliError(message));
    expect(() => epsilon([`--epsilon=${raw}`])).toThrow(new CliError(message));
  });
  it("the largest is the exact sampler's own limit", () => {
    expect(MAX_EPSILON).toBe(65536);
  });
});

describe('whole-number options (--seed, --n, --K)', () => {
  const seed = (raw: string) => integer(parseOptions(['--seed', raw], OPTIONS), 'seed');
  const k = (raw: string) => integer(parseOptions([`--K=${raw}`], MEMVIEW_OPTIONS), 'K', 3, { min: 1, max: 1000 });
  it('accepts plain digits in range', () => {
    expect(seed('0')).toBe(0);
    expect(seed('42')).toBe(42);
    expect(k('3')).toBe(3);
    expect(integer(new Map(), 'K', 3, { min: 1, max: 1000 })).toBe(3);
  });
  it.each([
    [seed, '-5', '--seed must be a whole number of 0 or more, not -5'],
    [seed, '2.5', '--seed must be a whole number of 0 or more, not 2.5 (not a whole number)'],
    [seed, '1e3', '--seed must be written in plain digits (1000), not "1e3"'],
    [seed, '1e308', '--seed 1e308 is too large: it must be a whole number of 0 or more'],
    [seed, 'Infinity', '--seed Infinity is too large: it must be a whole number of 0 or more'],
    [seed, 'abc', '--seed must be a whole number of 0 or more, not "abc"'],
    [k, '-3', '--K must be a whole number from 1 to 1000, not -3'],
    [k, '0', '--K must be a whole number from 1 to 1000, not 0'],
    [k, '5000', '--K 5000 is too large: it must be a whole number from 1 to 1000'],
  ])('%#: %s → %s', (read, raw, message) => {
    expect(() => read(raw)).toThrow(new CliError(message));
  });
  it('--K -3 (a space, not "=") gets the same message', () => {
    expect(() => integer(parseOptions(['--K', '-3'], MEMVIEW_OPTIONS), 'K', 3, { min: 1, max: 1000 })).toThrow(
      '--K must be a whole number from 1 to 1000, not -3',
    );
  });
});

describe('files: one wording for every command', () => {
  const dir = mkdtempSync(join(tmpdir(), 'veil-cli-files-'));
  it.each([
    ['', 'f.json is empty'],
    ['  \n', 'f.json is empty'],
    ['\u0000\u0001PNG', 'f.json is not a text file'],
    ['{"version": 1, "attributes": [', 'f.json is not valid JSON (it ends too soon)'],
    ['{"a": 1} x', 'f.json is not valid JSON (at line 1, column 10)'],
  ])('%j → %s', (text, message) => {
    expect(() => parseJsonFile(text, 'f.json')).toThrow(new CliError(message));
  });
  it('a hint says why, when the caller knows', () => {
    expect(() => parseJsonFile('{}\n{}\n', 'f.json', () => 'one per line')).toThrow(/^f\.json is not valid JSON \(.*\): one per line$/);
  });
  it('JSON lines name the line; a binary file is not read line by line', () => {
    expect(() => parseJsonLines('{"a":1}\n{oops}\n', 'q.jsonl', '--input')).toThrow(new CliError('q.jsonl:2: not valid JSON (at column 2)'));
    expect(() => parseJsonLines('\u0000\u0000', 'q.jsonl', '--input')).toThrow(new CliError('q.jsonl is not a text file'));
  });
  it('a folder or a missing file says so', async () => {
    await expect(readText(dir)).rejects.toThrow(new CliError(`cannot read ${dir}: it is a folder, not a file`));
    await expect(readText(join(dir, 'none.json'))).rejects.toThrow(new CliError(`cannot read ${join(dir, 'none.json')}: no such file`));
    writeFileSync(join(dir, 'ok.json'), '{}');
    await expect(readText(join(dir, 'ok.json'))).resolves.toBe('{}');
  });
});
