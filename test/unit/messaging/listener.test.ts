import { describe, expect, it } from 'vitest';
import { messageListener } from '../../../src/messaging/listener';
import { POPUP } from './harness';

describe('messageListener', () => {
  it('keeps the channel open and answers through sendResponse', async () => {
    const listener = messageListener(async (message) => ({ ok: true, value: message }));
    const reply = await new Promise((resolve) => expect(listener({ type: 'x' }, POPUP, resolve)).toBe(true));
    expect(reply).toEqual({ ok: true, value: { type: 'x' } });
  });
  it('turns a crashed dispatcher into an error reply', async () => {
    const listener = messageListener(() => Promise.reject(new Error('boom')));
    expect(await new Promise((resolve) => listener({}, POPUP, resolve))).toEqual({ ok: false, error: 'boom' });
  });
});
