/** The background's cache of messages' vectors in front of the model host (src/model-host/encode-cache.ts). */
import { describe, expect, it } from 'vitest';
import { withEncodeCache } from '../../../src/model-host/encode-cache';
import { fakeHost } from './fake-host';

describe('withEncodeCache', () => {
  it('asks the host only for texts it has not seen, answers in the order asked, and forgets the oldest', async () => {
    const host = fakeHost();
    const cached = withEncodeCache(host, 2);
    const first = await cached.encode(['a message', 'another']);
    expect(host.calls.encode).toBe(1);
    const again = await cached.encode(['another', 'a message']);
    expect(host.calls.encode).toBe(1);
    expect(again.vectors).toEqual([first.vectors[1], first.vectors[0]]);
    expect(again.dimension).toBe(512);
    await cached.encode(['a third']);
    await cached.encode(['another']);
    expect(host.calls.encode).toBe(2);
    await cached.encode(['a message']);
    expect(host.calls.encode).toBe(3);
  });
  it('passes every other call through, and a failed encode caches nothing', async () => {
    const host = fakeHost();
    const cached = withEncodeCache(host);
    expect((await cached.score([{ field: 'age', value: '41' }])).model).toBe('fake-model');
    host.failWith = new Error('model gone');
    await expect(cached.encode(['x'])).rejects.toThrow('model gone');
    host.failWith = undefined;
    await cached.encode(['x']);
    expect(host.calls.encode).toBe(1);
  });
});
