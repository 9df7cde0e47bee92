/**
 * The contract's client (src/messaging/client.ts) when the background stops before it answers (Chrome
 * stops its service worker, also in the middle of a call): a read is asked once more, anything that acts
 * is never repeated on its own, and the person reads what happened instead of Chrome's words.
 */
import { describe, expect, it } from 'vitest';
import { createClient, type Transport } from '../../../src/messaging/client';
import type { Envelope } from '../../../src/messaging/contract';

const CLOSED = 'A listener indicated an asynchronous response by returning true, but the message channel closed before a response was received';

function transport(answers: ('lost' | 'none' | unknown)[]): Transport & { sent: Envelope[] } {
  const sent: Envelope[] = [];
  const send = async (envelope: Envelope) => {
    sent.push(envelope);
    const answer = answers.shift();
    if (answer === 'lost') throw new Error(CLOSED);
    return answer === 'none' ? undefined : answer;
  };
  return Object.assign(send, { sent });
}

describe('createClient when the background stops before it answers', () => {
  it('asks a read once more and returns its answer', async () => {
    const t = transport(['lost', { ok: true, value: { totalSpent: 0 } }]);
    expect(await createClient(t)('budget.get', {})).toEqual({ totalSpent: 0 });
    expect(t.sent).toHaveLength(2);
  });

  it('no answer at all counts as lost too; lost twice says what happened', async () => {
    const t = transport(['none', 'lost', { ok: true, value: {} }]);
    await expect(createClient(t)('review.get', { tokens: ['abc'] })).rejects.toThrow("Veil's background stopped before it answered");
    expect(t.sent).toHaveLength(2);
  });

  it('never repeats a send on its own', async () => {
    const t = transport(['lost', { ok: true, value: { sent: true } }]);
    await expect(createClient(t)('review.send', { withoutVeil: false })).rejects.toThrow("Veil's background stopped before it answered");
    expect(t.sent).toHaveLength(1);
  });

  it('other transport errors and refusals pass through as they are', async () => {
    await expect(createClient(async () => Promise.reject(new Error('Extension context invalidated.')))('budget.get', {})).rejects.toThrow(
      'Extension context invalidated.',
    );
    await expect(createClient(async () => ({ ok: false, error: 'no' }))('budget.get', {})).rejects.toThrow('no');
  });
});
