// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { ClientContext } from '../../../src/ui/client';
import { ImportExport } from '../../../src/ui/components/ImportExport';
import type { Profile } from '../../../src/core/profile';
import { harness } from '../messaging/harness';

afterEach(cleanup);

const good = {
  version: 1,
  attributes: [
    { entity: 'self', field: 'gender', value: 'woman', sharing: 'withheld' },
    { entity: 'my partner', field: 'occupation', value: 'Pediatric nurse', sharing: 'shared' },
  ],
};

function setup() {
  const h = harness();
  const saved: { filename: string; text: string }[] = [];
  const shown: Profile[] = [];
  render(
    <ClientContext.Provider value={h.client()}>
      <ImportExport onProfile={(p) => shown.push(p)} saveFile={(filename, text) => saved.push({ filename, text })} />
    </ClientContext.Provider>,
  );
  const pick = (name: string, text: string) =>
    fireEvent.change(screen.getByLabelText('Import profile…'), { target: { files: [new File([text], name, { type: 'application/json' })] } });
  return { h, saved, shown, pick };
}

describe('import and export', () => {
  it('imports a file, then exports the same profile', async () => {
    const { h, saved, shown, pick } = setup();
    pick('mine.json', JSON.stringify(good));
    await screen.findByText('Imported 2 facts from mine.json. Your previous profile was replaced.');
    expect(shown).toEqual([good]);
    fireEvent.click(screen.getByRole('button', { name: 'Export profile' }));
    await screen.findByText(/Exported to veil-profile-2026-11-30\.json/);
    expect(JSON.parse(saved[0]!.text)).toEqual(good);
    h.db.close();
  });

  it('refuses a malformed file with what is wrong and leaves the profile untouched', async () => {
    const { h, shown, pick } = setup();
    await h.client()('profile.import', { text: JSON.stringify(good) });
    const bad = { ...good, attributes: [{ entity: 'self', field: 'age', value: '', sharing: 'withheld' }] };
    pick('bad.json', JSON.stringify(bad));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'bad.json has a fact Veil cannot read, so nothing was imported and your profile is unchanged. (Details: attribute 1 (self.age): "value" must not be empty.)',
    );
    pick('worse.json', 'not json');
    await within(document.body).findByText(
      /^worse\.json is not a profile file Veil can read, so nothing was imported and your profile is unchanged\. \(Details: the file is not valid JSON/,
    );
    expect(shown).toEqual([]);
    expect(await h.client()('profile.get', {})).toEqual(good);
    h.db.close();
  });
});
