import { afterEach, describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness';

let h: Harness;
afterEach(() => h?.db.close());

const file = {
  version: 1,
  instruction: 'Suggest a weekend plan.',
  attributes: [
    { entity: 'self', field: 'occupation', value: 'Cultural project manager', sharing: 'shared' },
    { entity: 'my child', field: 'age', value: '7', sharing: 'withheld' },
  ],
};

describe('profile import and export through the contract', () => {
  it('export → import → export gives the same bytes', async () => {
    h = harness();
    const send = h.client();
    await send('profile.import', { text: JSON.stringify(file) });
    const first = await send('profile.export', {});
    expect(first.filename).toBe('veil-profile-2026-11-30.json');
    expect(JSON.parse(first.text)).toEqual(file);
    await send('profile.putAttribute', { attribute: { entity: 'self', field: 'gender', value: 'woman', sharing: 'withheld' } });
    await send('profile.import', { text: first.text });
    expect((await send('profile.export', {})).text).toBe(first.text);
  });

  it('a malformed file is refused with what is wrong, and the profile is untouched', async () => {
    h = harness();
    const send = h.client();
    await send('profile.import', { text: JSON.stringify(file) });
    const before = await send('profile.export', {});
    const bad: [string, RegExp][] = [
      ['', /the file is empty/],
      ['{"version":1,', /the file is not valid JSON/],
      ['[1,2]', /profile: must be a JSON object/],
      [JSON.stringify({ ...file, version: 2 }), /profile: "version" must be 1/],
      [
        JSON.stringify({ ...file, attributes: [...file.attributes, { entity: 'self', field: 'age', value: '41', sharing: 'private' }] }),
        /attribute 3 \(self\.age\): "sharing" must be "shared" or "withheld"/,
      ],
      [JSON.stringify({ ...file, attributes: [file.attributes[0], file.attributes[0]] }), /attribute 2 \(self\.occupation\) repeats attribute 1/],
    ];
    for (const [text, message] of bad) {
      await expect(send('profile.import', { text })).rejects.toThrow(message);
      expect((await send('profile.export', {})).text).toBe(before.text);
    }
  });

  it('raising a cap through the contract needs confirmed: true', async () => {
    h = harness();
    const send = h.client();
    await send('profile.import', { text: JSON.stringify(file) });
    await expect(send('budget.setCap', { key: 'my child.age', cap: 64 * 2 ** 20, confirmed: false })).rejects.toThrow(/confirmation/);
    const budget = await send('budget.setCap', { key: 'my child.age', cap: 64 * 2 ** 20, confirmed: true });
    expect(budget.ledgers).toEqual([expect.objectContaining({ key: 'my child.age', cap: 64 * 2 ** 20 })]);
    await expect(send('settings.update', { patch: { totalCap: 1024 } })).rejects.toThrow(/confirmation/);
    expect(await send('settings.update', { patch: { totalCap: 1024 }, confirmed: true })).toMatchObject({ totalCap: 1024 });
  });
});
