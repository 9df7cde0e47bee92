/** Freeing an unused model (src/model-host/idle-release.ts): when, and never under a call or a download. */
import { describe, expect, it } from 'vitest';
import type { ModelInstall } from '../../../src/messaging/contract';
import { idleRelease } from '../../../src/model-host/idle-release';
import { fakeHost } from './fake-host';

/** Timers run by hand: `tick()` fires the one pending timer. */
function manualTimers() {
  let pending: { run: () => void; ms: number } | undefined;
  return {
    setTimer: (run: () => void, ms: number) => (pending = { run, ms }),
    clearTimer: (timer: unknown) => {
      if (pending === timer) pending = undefined;
    },
    get pending() {
      return pending;
    },
    async tick() {
      const timer = pending;
      pending = undefined;
      timer?.run();
      // expire() asks the host for its download first.
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

describe('idleRelease', () => {
  it('frees the model when no call came for the idle time, counted from the end of the last call', async () => {
    const timers = manualTimers();
    let released = 0;
    const host = idleRelease(fakeHost(), { idleMs: () => 300_000, release: () => released++, ...timers });
    expect(timers.pending?.ms).toBe(300_000);
    await host.score([{ field: 'age', value: '41' }]);
    expect(timers.pending?.ms).toBe(300_000);
    await timers.tick();
    expect(released).toBe(1);
  });

  it('never while a call is being answered: the call that ends schedules it again', async () => {
    const timers = manualTimers();
    let released = 0;
    const inner = fakeHost();
    let finish!: () => void;
    inner.duringScore = () => new Promise<void>((resolve) => (finish = resolve));
    const host = idleRelease(inner, { idleMs: () => 1000, release: () => released++, ...timers });
    const call = host.score([{ field: 'age', value: '41' }]);
    // A call in flight takes the timer away; firing one set before it does nothing.
    expect(timers.pending).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(released).toBe(0);
    finish();
    await call;
    expect(timers.pending?.ms).toBe(1000);
    await timers.tick();
    expect(released).toBe(1);
  });

  it('waits for a model download to end, and reads the idle time anew each time', async () => {
    const timers = manualTimers();
    let released = 0;
    const inner = fakeHost();
    let install: ModelInstall | null = { model: 'm', state: 'downloading', progress: 0.5, detail: '' };
    inner.install = async () => install;
    let idle = 1000;
    const host = idleRelease(inner, { idleMs: () => idle, release: () => released++, ...timers });
    idle = 50;
    await timers.tick();
    expect(released).toBe(0);
    expect(timers.pending?.ms).toBe(50);
    install = { ...install!, state: 'done' };
    await timers.tick();
    expect(released).toBe(1);
    expect(await host.status()).toMatchObject({ state: 'ready' });
  });
});
