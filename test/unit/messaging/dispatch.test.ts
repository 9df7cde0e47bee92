import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGE_NAMES, contract } from '../../../src/messaging/contract';
import { MessageError } from '../../../src/messaging/client';
import { CONTENT_ON_DEMO, POPUP, SELF, harness, type Harness } from './harness';

let h: Harness;
afterEach(() => h?.db.close());

const age = { entity: 'self', field: 'age', value: '41', sharing: 'withheld' } as const;

describe('dispatch: validation at the boundary', () => {
  it('refuses what is not an envelope, and unknown message names', async () => {
    h = harness();
    expect(await h.dispatch(null, POPUP)).toEqual({ ok: false, error: 'a message must be an object { type, request }' });
    expect(await h.dispatch('profile.get', POPUP)).toMatchObject({ ok: false });
    expect(await h.dispatch({ type: 'profile.drop', request: {} }, POPUP)).toEqual({ ok: false, error: 'unknown message "profile.drop"' });
    expect(await h.dispatch({ type: 'toString', request: {} }, POPUP)).toMatchObject({ ok: false, error: 'unknown message "toString"' });
  });

  it('refuses a malformed request with the path and reason, and changes nothing', async () => {
    h = harness();
    const send = h.client();
    await expect(send('profile.putAttribute', { attribute: { ...age, sharing: 'secret' as 'shared' } })).rejects.toThrow(
      'profile.putAttribute: attribute.sharing: must be "shared" or "withheld"',
    );
    await expect(send('profile.putAttribute', { attribute: { ...age, value: '   ' } })).rejects.toThrow('attribute.value: must not be empty');
    await expect(send('settings.update', { patch: { epsilon: 3 } })).rejects.toThrow('patch.epsilon: must be on the grid');
    await expect(send('profile.putAttribute', { attribute: age, previous: { entity: 'self', field: 'age' }, index: 0 })).rejects.toThrow(
      'profile.putAttribute: index is only for a new attribute',
    );
    await expect(send('profile.putAttribute', { attribute: age, index: -1 })).rejects.toThrow('index:');
    await expect(send('budget.newPeriod', { confirmed: false as true })).rejects.toThrow('confirmed: needs your confirmation');
    expect(await h.dispatch({ type: 'profile.get', request: { extra: 1 } }, POPUP)).toMatchObject({ ok: false });
    expect(await send('profile.get', {})).toEqual({ version: 1, attributes: [] });
  });

  it('lets content scripts send only the messages marked for them', async () => {
    h = harness();
    const allowed = MESSAGE_NAMES.filter((n) => contract[n].senders.includes('content'));
    expect(allowed).toEqual([
      'review.prepare',
      'review.begin',
      'restore.begin',
      'review.cancel',
      'compose.begin',
      'compose.answer',
      'compose.close',
      'tab.report',
      'site.status',
      'site.generic',
      'site.pick',
    ]);
    const fromContent = h.client(CONTENT_ON_DEMO);
    await h.client()('profile.putAttribute', { attribute: age });
    for (const name of MESSAGE_NAMES.filter((n) => !allowed.includes(n))) {
      const reply = await h.dispatch({ type: name, request: {} }, CONTENT_ON_DEMO);
      expect(reply, name).toEqual({ ok: false, error: `${name} is refused from a content script` });
    }
    await expect(fromContent('profile.import', { text: '{"version":1,"attributes":[]}' })).rejects.toThrow(MessageError);
    expect((await h.client()('profile.get', {})).attributes).toEqual([age]);
    expect(await fromContent('site.status', {})).toEqual({ site: 'demo', enabled: true });
  });

  it('refuses every message from another extension or a sender without a URL', async () => {
    h = harness();
    for (const sender of [{ id: 'another-extension', url: `${SELF.origin}popup.html` }, { id: SELF.id }]) {
      expect(await h.dispatch({ type: 'site.status', request: {} }, sender)).toEqual({
        ok: false,
        error: 'site.status is refused from an unknown sender',
      });
    }
  });

  it('reports a site as off when the person turned it off, and unknown sites as off', async () => {
    h = harness();
    await h.client()('settings.update', { patch: { sites: ['claude'] } });
    expect(await h.client(CONTENT_ON_DEMO)('site.status', {})).toEqual({ site: 'demo', enabled: false });
    expect(await h.client({ ...CONTENT_ON_DEMO, url: 'https://claude.ai/chat/1' })('site.status', {})).toEqual({ site: 'claude', enabled: true });
    expect(await h.client({ ...CONTENT_ON_DEMO, url: 'https://example.com/' })('site.status', {})).toEqual({ site: null, enabled: false });
  });
});
