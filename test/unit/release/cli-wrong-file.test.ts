/**
 * A file given to the wrong option, or a profile with a slip in a field name, is refused by the command
 * line with a message that names the mistake: one line on stderr, exit code 1, nothing on stdout (issue 30).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CliError } from '../../../src/cli/args';
import { readProfiles } from '../../../src/cli/release';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'veil-wrong-file-'));
const file = (name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
};
const veil = (...args: string[]) =>
  promisify(execFile)('node', ['bin/veil.mjs', ...args], { cwd: root }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stderr: string; stdout: string }) => error,
  );

const profile = {
  version: 1,
  attributes: [
    { entity: 'self', field: 'age', value: '41', sharing: 'withheld' },
    { entity: 'self', field: 'ocupation', value: 'Pediatric nurse', sharing: 'withheld' },
  ],
};
const KNOWN = 'gender, age, location, nationality, languages, marital_status, children, occupation, work, education';
const pretty = file('profile-pretty.json', JSON.stringify({ ...profile, attributes: [profile.attributes[0]] }, null, 2));
const prompts = file('prompts.jsonl', '{"text": "Which shoes should I buy?"}\n{"text": "Plan a trip to Lyon."}\n');

describe('a slip in a profile field name', () => {
  it('is refused, naming the nearest known field and listing them all (.json and .jsonl)', async () => {
    const typo = file('typo.json', JSON.stringify(profile));
    await expect(readProfiles(typo)).rejects.toThrow(
      new CliError(
        `${typo}: attribute 2 (self.ocupation): unknown field "ocupation" in the profile (did you mean "occupation"? known fields: ${KNOWN}; a custom field needs a name not this close to one of them)`,
      ),
    );
    const lines = file(
      'typo.jsonl',
      `${JSON.stringify({ ...profile, attributes: [profile.attributes[0]] })}\n${JSON.stringify({ version: 1, attributes: [{ entity: 'my child', field: 'Age', value: '6', sharing: 'withheld' }] })}\n`,
    );
    await expect(readProfiles(lines)).rejects.toThrow(
      /typo\.jsonl:2: attribute 1 \(my child\.Age\): unknown field "Age" in the profile \(did you mean "age"\?/,
    );
  });
  it('a custom field far from every known one is still taken', async () => {
    const custom = file(
      'custom.json',
      JSON.stringify({ version: 1, attributes: [{ entity: 'self', field: 'favourite food', value: 'durian', sharing: 'withheld' }] }),
    );
    expect((await readProfiles(custom))[0]!.attributes[0]!.field).toBe('favourite food');
  });
  it('on the command line: exit code 1, the message on stderr', async () => {
    const result = await veil('release', '--profile', file('typo.json', JSON.stringify(profile)), '--mechanism', 'slot', '--epsilon', '8');
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^veil: .*typo\.json: attribute 2 \(self\.ocupation\): unknown field "ocupation" in the profile \(did you mean "occupation"\? known fields: gender, age, .*\)\n$/,
    );
  }, 30_000);
  it('veil score --field says so too', async () => {
    const result = await veil('score', '--field', 'ocupation', '--value', 'nurse');
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`veil: score: unknown field "ocupation" (did you mean "occupation"? known fields: ${KNOWN})\n`);
  }, 30_000);
});

describe('a file given where another kind is wanted', () => {
  it.each([
    ['score', '--input'],
    ['map', '--input'],
  ])(
    'a pretty-printed profile to veil %s %s: "one JSON object spread over several lines"',
    async (command, option) => {
      const result = await veil(command, option, pretty);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(
        `veil: ${pretty}: this looks like one JSON object spread over several lines (a profile, for veil release --profile); ${option} wants one JSON object per line (JSONL)\n`,
      );
    },
    30_000,
  );
  it('a pretty-printed list to --input, and a pretty-printed profile to --profile FILE.jsonl', async () => {
    const list = file('list.jsonl', JSON.stringify([{ text: 'a' }, { text: 'b' }], null, 2));
    expect((await veil('map', '--input', list)).stderr).toBe(
      `veil: ${list}: this looks like one JSON list spread over several lines; --input wants one JSON object per line (JSONL)\n`,
    );
    const jsonl = file('profile-pretty.jsonl', JSON.stringify(profile, null, 2));
    await expect(readProfiles(jsonl)).rejects.toThrow(
      new CliError(`${jsonl}: this looks like one JSON object spread over several lines; --profile wants one JSON object per line (JSONL)`),
    );
  }, 30_000);
  it('prompts as --profile: "this file looks like prompts", as .jsonl, as .json of several lines and of one', async () => {
    const wants =
      'not a profile; --profile wants a profile { "version": 1, "attributes": [{ "entity", "field", "value", "sharing" }] } (.json), or one per line (.jsonl)';
    const result = await veil('release', '--profile', prompts, '--mechanism', 'slot', '--epsilon', '8');
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`veil: ${prompts}: this file looks like prompts ({"text": …} per line), ${wants}\n`);
    const several = file('prompts.json', '{"text": "a"}\n{"text": "b"}\n');
    await expect(readProfiles(several)).rejects.toThrow(
      new CliError(`${several} is not valid JSON (at line 2, column 1): this file looks like prompts ({"text": …} per line), ${wants}`),
    );
    const one = file('prompt.json', '{"text": "a"}\n');
    await expect(readProfiles(one)).rejects.toThrow(new CliError(`${one}: this file looks like prompts ({"text": …} per line), ${wants}`));
  }, 30_000);
  it('one line of the wrong kind is named too (a profile to veil score, a prompt to veil score)', async () => {
    const result = await veil('score', '--input', file('one-profile.jsonl', `${JSON.stringify(profile)}\n`));
    expect(result.stderr).toMatch(
      /one-profile\.jsonl:1: must be an object \{ "field": …, "value": … \} \(this looks like a profile, for veil release --profile\)\n$/,
    );
    expect((await veil('score', '--input', prompts)).stderr).toMatch(
      /prompts\.jsonl:1: must be an object \{ "field": …, "value": … \} \(this looks like a prompt, for veil map --input\)\n$/,
    );
  }, 30_000);
});
