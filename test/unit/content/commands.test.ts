// The content script's end of the background's commands (src/content/commands.ts): only from Veil's
// background, only of the contract's shape (src/messaging/to-content.ts), each to its part of the script.
import { describe, expect, it } from 'vitest';
import { commandListener } from '../../../src/content/commands';
import type { ContentReply } from '../../../src/messaging/to-content';

const BACKGROUND = { id: 'veil' };

function listen() {
  const seen: unknown[] = [];
  const listener = commandListener('veil', {
    panel: async (c) => (seen.push(c), c.veilPanel === 'send' && c.text === 'fail' ? Promise.reject(new Error('the composer is gone')) : { ok: true }),
    compose: async (c) => (seen.push(c), { ok: true }),
  });
  const send = (message: unknown, sender: { id?: string; tab?: unknown } = BACKGROUND) =>
    new Promise<ContentReply | 'not answered'>((resolve) => {
      if (!listener(message, sender, resolve)) resolve('not answered');
    });
  return { seen, send };
}

describe('commands from the background', () => {
  it('hands a well-formed command to its part of the script and answers with its reply, an error included', async () => {
    const { seen, send } = listen();
    expect(await send({ veilPanel: 'send', reviewId: 'r1', text: 'Hello', restore: true })).toEqual({ ok: true });
    expect(await send({ veilCompose: 'close', composeId: 'c1' })).toEqual({ ok: true });
    expect(await send({ veilPanel: 'send', reviewId: 'r1', text: 'fail' })).toEqual({ ok: false, error: 'the composer is gone' });
    expect(seen).toEqual([
      { veilPanel: 'send', reviewId: 'r1', text: 'Hello', restore: true },
      { veilCompose: 'close', composeId: 'c1' },
      { veilPanel: 'send', reviewId: 'r1', text: 'fail' },
    ]);
  });

  it('leaves alone what is not the background’s, not of the contract’s shape, or has no part here to act on it', async () => {
    const { seen, send } = listen();
    const ok = { veilPanel: 'close', reviewId: 'r1' };
    expect(await send(ok, { id: 'veil', tab: { id: 3 } })).toBe('not answered'); // another content script
    expect(await send(ok, { id: 'someone-else' })).toBe('not answered');
    for (const bad of [
      { veilPanel: 'send', reviewId: 'r1' },
      { veilPanel: 'open', reviewId: 'r1' },
      { veilPanel: 'close', reviewId: 'r1', extra: 1 },
      { veilCompose: 'send', composeId: 'c1', text: 4 },
      null,
      'close',
    ]) {
      expect(await send(bad)).toBe('not answered');
    }
    expect(await send({ veilPick: true })).toBe('not answered'); // no pick mode in this script
    expect(seen).toEqual([]);
  });
});
