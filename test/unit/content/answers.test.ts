// @vitest-environment happy-dom
/**
 * Finding the answer to a send (src/content/answers.ts) when the transcript is virtualised (ChatGPT and
 * Claude keep only the turns near the viewport mounted, SITES.md "Newest evidence"): the number of answers can
 * stay the same or drop while the new one appears, and the earlier last answer can be rendered anew. The
 * same for the read-back button (src/content/restore.ts), which finds its answer again by id or text when it
 * is mounted anew. The browsers are tested on the fixtures' `?virtual=N` (test/e2e/chromium-protect.test.ts).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerId, answersNow, finishedAnswer, newAnswer } from '../../../src/content/answers';
import { AnswerRestore } from '../../../src/content/restore';
import type { SiteAdapter } from '../../../src/sites/adapter';

const adapter = {
  answers: {
    all: (doc: Document) => [...doc.querySelectorAll<HTMLElement>('.turn .answer')],
    streaming: (doc: Document) => doc.querySelector('[data-streaming]') !== null,
  },
} as unknown as SiteAdapter;

/** A turn holding an answer, with an id when given (as ChatGPT's `data-message-id`). */
function turn(text: string, id?: string): HTMLElement {
  const element = document.createElement('div');
  element.className = 'turn';
  if (id) element.dataset.messageId = id;
  const answer = document.createElement('p');
  answer.className = 'answer';
  answer.textContent = text;
  element.append(answer);
  document.body.append(element);
  return answer;
}

/** The window finishedAnswer polls with, on the test's fake clock. */
const win = { document, setTimeout: (run: () => void, ms: number) => setTimeout(run, ms) } as unknown as Window;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
  document.querySelectorAll('[data-veil-restore]').forEach((element) => element.remove());
});

describe('newAnswer', () => {
  it('is the last answer that was not there, even when the count stayed the same or dropped', () => {
    const first = turn('first answer');
    const second = turn('second answer');
    const before = answersNow(adapter, document);
    expect(newAnswer(adapter.answers!.all(document), before)).toBeNull();
    // Two older turns unmount as the new one mounts: one answer, fewer than before.
    first.parentElement!.remove();
    second.parentElement!.remove();
    const third = turn('third answer');
    expect(adapter.answers!.all(document)).toHaveLength(1);
    expect(newAnswer(adapter.answers!.all(document), before)).toBe(third);
  });

  it('is not the earlier last answer rendered anew: same id where the site gives one, else same text once the old element is gone', () => {
    const old = turn('the old answer', 'm1');
    const before = answersNow(adapter, document);
    expect(before.last).toMatchObject({ text: 'the old answer', id: 'data-message-id=m1' });
    old.parentElement!.remove();
    const again = turn('the old answer, re-rendered', 'm1');
    expect(newAnswer(adapter.answers!.all(document), before)).toBeNull();
    const fresh = turn('the old answer', 'm2');
    expect(newAnswer(adapter.answers!.all(document), before), 'a new id is a new answer, whatever its text').toBe(fresh);
    again.parentElement!.remove();
    fresh.parentElement!.remove();

    const plain = turn('same words');
    const withoutIds = answersNow(adapter, document);
    const twin = turn('same words');
    expect(newAnswer(adapter.answers!.all(document), withoutIds), 'the old one is still there: this one is new').toBe(twin);
    plain.parentElement!.remove();
    expect(newAnswer(adapter.answers!.all(document), withoutIds), 'the old one is gone: a re-render of it').toBeNull();
  });

  it('is not an older answer mounted again above one that was there', () => {
    const last = turn('the last answer');
    const before = answersNow(adapter, document);
    const older = turn('an older answer, scrolled back into view');
    document.body.prepend(older.parentElement!);
    const all = adapter.answers!.all(document);
    expect(all.at(-1)).toBe(last);
    expect(newAnswer([last, older], before), 'out of page order').toBeNull();
  });
});

describe('finishedAnswer', () => {
  it('finds the new answer on a virtualised transcript once it stopped streaming and its text held still twice', async () => {
    const old = turn('an earlier answer', 'm1');
    const before = answersNow(adapter, document);
    const found = finishedAnswer(adapter, win, before, { timeoutMs: 60_000, alive: () => true });
    // The send: the old turn unmounts, the new answer streams in.
    old.parentElement!.remove();
    const answer = turn('Thanks', 'm2');
    answer.parentElement!.dataset.streaming = '';
    await vi.advanceTimersByTimeAsync(1_000);
    answer.textContent = 'Thanks for your message.';
    delete answer.parentElement!.dataset.streaming;
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(found).resolves.toEqual({ element: answer, text: 'Thanks for your message.' });
    expect(answerId(answer)).toBe('data-message-id=m2');
  });

  it('waits while only the earlier answer is there, re-rendered, and gives up at the deadline', async () => {
    const old = turn('an earlier answer');
    const before = answersNow(adapter, document);
    const found = finishedAnswer(adapter, win, before, { timeoutMs: 5_000, alive: () => true });
    old.parentElement!.remove();
    turn('an earlier answer');
    await vi.advanceTimersByTimeAsync(6_000);
    await expect(found).resolves.toBeNull();
  });
});

describe('the read-back button on a virtualised transcript', () => {
  async function restoreFor(answerText: string, id?: string) {
    const restore = new AnswerRestore({
      adapter,
      win: Object.assign(Object.create(window), win) as Window & typeof globalThis,
      send: (async () => ({ ok: true })) as never,
      restoreUrl: 'chrome-extension://x/restore.html',
      conversation: () => 'chat',
    });
    const before = answersNow(adapter, document);
    const done = restore.afterSend(before);
    const answer = turn(answerText, id);
    await vi.advanceTimersByTimeAsync(1_000);
    await done;
    return { restore, answer };
  }
  const button = () => document.querySelector('button[data-veil-restore="open"]');

  it.each([
    ['by its id', 'm7'],
    ['by its text (no ids)', undefined],
  ])('hides while its answer is unmounted and comes back beside the answer mounted anew, found %s', async (_how, id) => {
    turn('an older answer', id ? 'm1' : undefined);
    const { restore, answer } = await restoreFor('The answer to the reviewed send.', id);
    expect(button()).not.toBeNull();
    // Scrolled up: the answer's turn unmounts, older ones mount (new elements): no button, and not beside another answer.
    answer.parentElement!.remove();
    turn('an older answer, mounted again', id ? 'm0' : undefined);
    restore.place();
    expect(button()).toBeNull();
    // Back down: the answer is rendered anew.
    const again = turn('The answer to the reviewed send.', id);
    again.getBoundingClientRect = () => ({ x: 10, y: 200, left: 10, top: 200, right: 300, bottom: 240, width: 290, height: 40, toJSON: () => ({}) });
    restore.place();
    expect(button()).not.toBeNull();
    expect((button() as HTMLElement).style.top).toBe('170px');
  });
});
