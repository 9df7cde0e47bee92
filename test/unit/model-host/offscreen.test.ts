/**
 * The service worker's side of Chrome's model host (src/model-host/offscreen.ts), over a fake offscreen
 * control: a document that goes away with a call in it (closed, or crashed) costs one more try in a new
 * document for a call that only reads the model; a second loss, or a lost install, is said plainly.
 */
import { describe, expect, it } from 'vitest';
import { OffscreenModelHost, serveModelHost, type HostEnvelope, type OffscreenControl } from '../../../src/model-host/offscreen';
import type { ModelHost } from '../../../src/model-host/host';
import type { SenderInfo } from '../../../src/messaging/sender';

const CLOSED = 'A listener indicated an asynchronous response by returning true, but the message channel closed before a response was received';

/** A control whose document answers `answers` in turn: a value to send back, or `lost` (it goes away first). */
function control(answers: ('lost' | unknown)[]): OffscreenControl & { created: number; sent: HostEnvelope[] } {
  let open = false;
  const fake = {
    created: 0,
    sent: [] as HostEnvelope[],
    hasDocument: async () => open,
    createDocument: async () => {
      open = true;
      fake.created++;
    },
    closeDocument: async () => {
      open = false;
    },
    send: async (envelope: HostEnvelope) => {
      fake.sent.push(envelope);
      const answer = answers.shift();
      if (answer === 'lost') {
        open = false;
        throw new Error(CLOSED);
      }
      return answer;
    },
  };
  return fake;
}

const scores = { ok: true, value: { model: 'm', scores: [[0.5]] } };

describe('OffscreenModelHost when the document goes away during a call', () => {
  it('a score is asked again of a new document, once, and answered', async () => {
    const fake = control(['lost', scores]);
    const host = new OffscreenModelHost(fake);
    expect(await host.score([{ field: 'occupation', value: 'nurse' }])).toEqual(scores.value);
    expect(fake.created).toBe(2);
    expect(fake.sent).toHaveLength(2);
  });

  it('a document that closes without answering (no reply at all) counts as lost too', async () => {
    const fake = control([undefined, scores]);
    expect(await new OffscreenModelHost(fake).score([{ field: 'age', value: '41' }])).toEqual(scores.value);
  });

  it('lost twice: the call fails with what happened, after two tries', async () => {
    const fake = control(['lost', 'lost', scores]);
    await expect(new OffscreenModelHost(fake).embed(['occupation'])).rejects.toThrow(
      /Veil's model stopped before it answered \(the page it runs in was closed or crashed\)/,
    );
    expect(fake.sent).toHaveLength(2);
  });

  it('an install that was lost is not started again on its own', async () => {
    const fake = control(['lost', { ok: true, value: null }]);
    await expect(new OffscreenModelHost(fake).startInstall('some-model')).rejects.toThrow(/model stopped before it answered/);
    expect(fake.sent).toHaveLength(1);
  });

  it('an error the host answers with is passed on as it is, not tried again', async () => {
    const fake = control([{ ok: false, error: 'no model is installed' }, scores]);
    await expect(new OffscreenModelHost(fake).score([])).rejects.toThrow('no model is installed');
    expect(fake.sent).toHaveLength(1);
  });
});

describe('the offscreen side of the model host', () => {
  const BACKGROUND = 'chrome-extension://veil/background.js';
  function served() {
    const calls: unknown[][] = [];
    const host = new Proxy({} as ModelHost, {
      get:
        (_t, op: string) =>
        async (...args: unknown[]) => (calls.push([op, ...args]), `${op} done`),
    });
    let listener: ((message: unknown, sender: SenderInfo, sendResponse: (reply: unknown) => void) => true | undefined) | undefined;
    serveModelHost(host, { id: 'veil', onMessage: { addListener: (l) => void (listener = l) } }, BACKGROUND);
    const ask = (message: unknown, sender: SenderInfo = { id: 'veil', url: BACKGROUND }) =>
      new Promise<unknown>((resolve) => {
        const answered = listener!(message, sender, resolve);
        if (answered === undefined) setTimeout(() => resolve('left alone'), 0);
      });
    return { calls, ask };
  }

  it('runs a call of the host’s own shape, from the background only', async () => {
    const { calls, ask } = served();
    expect(await ask({ veilModelHost: { op: 'tag', args: [[1, 2, 3], 3] } })).toEqual({ ok: true, value: 'tag done' });
    expect(await ask({ veilModelHost: { op: 'startInstall', args: ['m', 'https://models.example/m'] } })).toEqual({ ok: true, value: 'startInstall done' });
    expect(await ask({ veilModelHost: { op: 'status', args: [] } }, { id: 'veil', url: 'chrome-extension://veil/popup.html' })).toEqual({
      ok: false,
      error: "the model host answers only Veil's background",
    });
    expect(calls).toEqual([
      ['tag', [1, 2, 3], 3],
      ['startInstall', 'm', 'https://models.example/m'],
    ]);
  });

  it('refuses a call the host does not have, or arguments of the wrong shape, and leaves other messages alone', async () => {
    const { calls, ask } = served();
    for (const bad of [
      { op: 'release', args: [] },
      { op: 'tag', args: ['1', 3] },
      { op: 'encode', args: ['one text'] },
      { op: 'status' },
      { op: 'generate', args: ['a', 'b'] },
    ]) {
      expect(await ask({ veilModelHost: bad })).toMatchObject({ ok: false, error: expect.stringMatching(/^the model host cannot run this call/) });
    }
    expect(await ask({ type: 'profile.get', request: {} })).toBe('left alone');
    expect(calls).toEqual([]);
  });
});
