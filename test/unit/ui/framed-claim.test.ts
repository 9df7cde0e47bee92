// How a framed page claims its session (src/ui/framed-claim.ts): batches offered until one is accepted,
// "nothing here" when no token comes, the background's refusal shown, and nothing shown after clean-up.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { claimSession, TOKEN_WAIT_MS, type Claimed } from '../../../src/ui/framed-claim';

afterEach(() => vi.useRealTimers());

function batches() {
  const queue: string[][] = [];
  let waiting: ((b: string[]) => void) | null = null;
  return {
    next: () => new Promise<string[]>((resolve) => (queue.length > 0 ? resolve(queue.shift()!) : (waiting = resolve))),
    post: (batch: string[]) => (waiting ? (waiting(batch), (waiting = null)) : queue.push(batch)),
  };
}

describe('claiming a framed session', () => {
  it('offers each batch until the background accepts one, and shows it', async () => {
    const t = batches();
    const shown: Claimed<string>[] = [];
    const offered: string[][] = [];
    claimSession(
      t.next,
      async (tokens) => (offered.push(tokens), tokens.includes('real') ? 'view' : Promise.reject(new Error('refused'))),
      (c) => shown.push(c),
      { none: 'none' },
    );
    t.post(['false']);
    await vi.waitFor(() => expect(shown.at(-1)).toEqual({ kind: 'none', error: 'refused' }));
    t.post(['other', 'real']);
    await vi.waitFor(() => expect(shown.at(-1)).toEqual({ kind: 'open', view: 'view' }));
    expect(offered).toEqual([['false'], ['other', 'real']]);
  });

  it('says there is nothing here when no token came in time, and says the refusal in the page’s own words', async () => {
    vi.useFakeTimers();
    const t = batches();
    const shown: Claimed<string>[] = [];
    claimSession(
      t.next,
      () => Promise.reject(new Error('no send to review here')),
      (c) => shown.push(c),
      { none: 'nothing', refused: () => 'nothing' },
    );
    await vi.advanceTimersByTimeAsync(TOKEN_WAIT_MS + 1);
    expect(shown).toEqual([{ kind: 'none', error: 'nothing' }]);
    t.post(['false']);
    await vi.advanceTimersByTimeAsync(0);
    expect(shown.slice(1)).toEqual([{ kind: 'loading' }, { kind: 'none', error: 'nothing' }]);
  });

  it('shows nothing once the page cleaned up', async () => {
    vi.useFakeTimers();
    const t = batches();
    const shown: Claimed<string>[] = [];
    const stop = claimSession(
      t.next,
      async () => 'view',
      (c) => shown.push(c),
      { none: 'none' },
    );
    stop();
    t.post(['real']);
    await vi.advanceTimersByTimeAsync(TOKEN_WAIT_MS + 1);
    expect(shown).toEqual([]);
  });
});
