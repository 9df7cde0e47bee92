/**
 * The content send path in happy-dom, without a browser and without the built extension: a small chat
 * page (a form, its message box, its send button; the site's own handlers record what it received), a
 * site adapter for it, a fake background client that records every message, and the send guard built as
 * the content script builds it, with a WXT content script context of its own (`ctx`; `extension.gone` says
 * whether an ended context means the extension went away). Events the person makes are marked trusted (`isTrusted`, which happy-dom
 * leaves false and the guard requires); anything else is what a page script could make up.
 *
 * ```ts
 * const t = chatPage();
 * t.type('hello');
 * t.enter(); // the guard holds the send and begins a review
 * await t.panelLoads();
 * expect(await t.approve('hello, reviewed')).toEqual({ ok: true });
 * expect(t.received).toEqual(['hello, reviewed']);
 * ```
 */
import { vi } from 'vitest';
import { ContentScriptContext } from 'wxt/utils/content-script-context';
import type { MessageName, RequestOf } from '../../src/messaging/contract';
import type { VeilClient } from '../../src/messaging/client';
import type { SiteAdapter } from '../../src/sites/adapter';
import { SendGuard } from '../../src/content/send-guard';
import type { ContentReply, PanelCommand } from '../../src/messaging/to-content';

/** happy-dom has no layout: a shadow root hit-tests nothing (the guard's visibility checks then say "covered"). */
const shadowProto = ShadowRoot.prototype as ShadowRoot & { elementFromPoint?: (x: number, y: number) => Element | null };
if (typeof shadowProto.elementFromPoint !== 'function') shadowProto.elementFromPoint = () => null;

/** happy-dom loads no frame (Veil's panel is an extension page): its complaint about that is no news here. */
const consoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  if (String(args[0]).includes('Iframe page loading is disabled')) return;
  consoleError(...args);
};

/** Mark an event as the browser's, made by the person. */
export function trusted<E extends Event>(event: E): E {
  Object.defineProperty(event, 'isTrusted', { value: true });
  return event;
}

export interface PageOptions {
  /** Whether a plain Enter sends (false: a layout where Enter makes a new line). */
  enterSends?: boolean;
  /** The adapter's selectors no longer match: `composer` (the box), `send` (the button), or both. */
  renamed?: ('composer' | 'send')[];
  /** The send button's markup (default: an icon button labelled "Send"). */
  button?: string;
  /** How long the guard waits for the background and the panel (ms). */
  timeoutMs?: number;
  /** Answers of the fake background, by message; a missing one answers `{}`. */
  answers?: Partial<Record<MessageName, (request: unknown) => Promise<unknown>>>;
}

export type Call = { type: MessageName; request: unknown };

export function chatPage(options: PageOptions = {}) {
  vi.stubEnv('VEIL_TEST', '1');
  document.documentElement.querySelectorAll('iframe, veil-notice').forEach((element) => element.remove());
  document.body.innerHTML = `<main><form id="chat"><textarea id="prompt"></textarea>${options.button ?? '<button id="send" type="button" aria-label="Send">➤</button>'}</form></main>`;
  const box = document.getElementById('prompt') as HTMLTextAreaElement;
  const form = document.getElementById('chat') as HTMLFormElement;
  const button = form.querySelector('button')!;
  // The site: what its own send handlers took, in order; the box empties on a send.
  const received: string[] = [];
  const site = { takesSends: true };
  const siteSend = () => {
    if (!site.takesSends || box.value.trim() === '') return;
    received.push(box.value);
    box.value = '';
  };
  box.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing && event.keyCode !== 229 && (options.enterSends ?? true)) {
      event.preventDefault();
      siteSend();
    }
  });
  button.addEventListener('click', siteSend);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    siteSend();
  });

  const renamed = new Set(options.renamed ?? []);
  const adapter: SiteAdapter = {
    id: 'test',
    label: 'Test Chat',
    hosts: ['chat.test'],
    protocol: 'https:',
    relies: 'the box #prompt and the button #send',
    findComposer: (doc) => (renamed.has('composer') ? null : doc.getElementById('prompt')),
    findSendButton: (doc) => (renamed.has('send') ? null : doc.getElementById('send')),
    enterSends: () => options.enterSends ?? true,
    conversation: () => null,
  };

  const calls: Call[] = [];
  const send = (async (type: MessageName, request: unknown) => {
    calls.push({ type, request });
    const answer = options.answers?.[type];
    if (answer) return answer(request);
    if (type === 'review.begin') return { reviewId: 'review-1' };
    return {};
  }) as VeilClient;

  const ctx = new ContentScriptContext('veil-test');
  const extension = { gone: false };
  const page = new AbortController();
  const guard = new SendGuard({
    adapter,
    win: window as unknown as Window & typeof globalThis,
    ctx,
    send,
    panelUrl: 'https://veil.test/review.html',
    timeoutMs: options.timeoutMs ?? 500,
    extensionGone: () => extension.gone,
    pageLife: page.signal,
  });
  guard.install();
  /** The test is over: this copy of the guard stands down (as when a newer copy of the script starts), and the page is left. */
  const stop = () => {
    ctx.abort();
    page.abort();
  };

  /** Messages the panel's frame was given (the review's one-time token). */
  const posted: unknown[] = [];
  const panel = () => document.querySelector<HTMLIFrameElement>('iframe[data-veil-panel="open"]');
  const notice = () => document.querySelector('veil-notice')?.shadowRoot?.textContent ?? null;

  return {
    box,
    form,
    button,
    site,
    received,
    calls,
    guard,
    ctx,
    extension,
    stop,
    posted,
    panel,
    notice,
    /** What the guard asked the background, by name. */
    asked: (type: MessageName) => calls.filter((call) => call.type === type).map((call) => call.request as RequestOf<typeof type>),
    type(text: string) {
      box.focus();
      box.value = text;
      box.dispatchEvent(trusted(new Event('input', { bubbles: true })));
    },
    /** The person presses a key in the box; returns whether the page's default (a send or a new line) was stopped. */
    press(init: KeyboardEventInit, { person = true } = {}): boolean {
      const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
      box.dispatchEvent(person ? trusted(event) : event);
      return event.defaultPrevented;
    },
    enter(init: KeyboardEventInit = {}, how: { person?: boolean } = {}): boolean {
      return this.press({ key: 'Enter', code: 'Enter', keyCode: 13, ...init }, how);
    },
    click(target: Element = button, { person = true } = {}): boolean {
      target.dispatchEvent(trusted(new PointerEvent('pointerdown', { bubbles: true })));
      const event = new MouseEvent('click', { bubbles: true, cancelable: true });
      target.dispatchEvent(person ? trusted(event) : event);
      return event.defaultPrevented;
    },
    submit(submitter: HTMLElement | null = null, { person = true } = {}): boolean {
      const event = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter });
      form.dispatchEvent(person ? trusted(event) : event);
      return event.defaultPrevented;
    },
    /** The panel's page loads (happy-dom loads no frame): its window takes what the guard posts; `token`: wait for the review's token to reach it. */
    async panelLoads({ token = true } = {}) {
      await vi.waitFor(() => {
        if (!panel()) throw new Error('no panel open');
      });
      const frame = panel()!;
      Object.defineProperty(frame, 'contentWindow', { configurable: true, value: { postMessage: (message: unknown) => posted.push(message) } });
      frame.dispatchEvent(new Event('load'));
      if (token)
        await vi.waitFor(() => {
          if (posted.length === 0) throw new Error('no token posted to the panel');
        });
    },
    /** The background relays the panel's Send (from Veil's own window, so the page's layout does not matter). */
    approve(text: string | null, extra: Partial<Extract<PanelCommand, { veilPanel: 'send' }>> = {}): Promise<ContentReply> {
      return guard.command({ veilPanel: 'send', reviewId: 'review-1', text, window: true, ...extra });
    },
  };
}

export type ChatPage = ReturnType<typeof chatPage>;
