/**
 * Chrome: the model lives in an offscreen document, the background service worker reaches it through
 * this small protocol. Why there: Chrome stops an idle service worker after about 30 s, and a model
 * hosted in the worker would pay its cold load again on every wake-up; the offscreen document survives
 * the worker, so a restarted worker finds the model already loaded.
 *
 * - `OffscreenModelHost` (service worker side) implements `ModelHost` by sending `{ veilModelHost: call }`
 *   with `runtime.sendMessage`, creating the document first when none exists (after a browser restart, or
 *   after WebGPU broke it, see below).
 * - `serveModelHost` (offscreen side) answers those calls, and only those, and only from the service
 *   worker: every other message (the popup's contract messages reach this document too) is left alone.
 *
 * The messages carry the values to score and the scores back, between two of Veil's own contexts; web
 * pages and content scripts cannot send or receive them.
 *
 * ```ts
 * const host = new OffscreenModelHost(chromeOffscreen());                      // background.ts (Chrome)
 * serveModelHost(new LocalModelHost(browserModelDeps(db)), browser.runtime);  // offscreen/main.ts
 * ```
 */
import type { ModelStatus } from '../core/model-status';
import type { Reply } from '../messaging/contract';
import { OFFSCREEN_PATH, type SenderInfo } from '../messaging/sender';
import type { ModelHost, ScoreItem } from './host';
import { hostCall, isHostEnvelope, runHostCall, type HostAnswer, type HostCall, type HostEnvelope, type HostOp } from './protocol';

export type { HostEnvelope } from './protocol';

/** What the service worker needs of `chrome.offscreen` and `chrome.runtime`. */
export interface OffscreenControl {
  hasDocument(): Promise<boolean>;
  createDocument(url: string): Promise<void>;
  closeDocument(): Promise<void>;
  send(envelope: HostEnvelope): Promise<unknown>;
}

export class OffscreenModelHost implements ModelHost {
  private creating: Promise<void> | undefined;
  private wasmOnly = false;

  constructor(private readonly control: OffscreenControl) {}

  /**
   * A failed WebGPU load can leave ONNX Runtime unusable in that document, WASM included
   * (BROWSER-RECIPE.md): then the document is made again, once, with WebGPU off.
   */
  async status(): Promise<ModelStatus> {
    const status = await this.call('status');
    if (status.state !== 'failed' || !status.webgpuTried || this.wasmOnly) return status;
    this.wasmOnly = true;
    await this.control.closeDocument();
    return this.call('status');
  }
  score(items: readonly ScoreItem[]) {
    return this.call('score', [...items]);
  }
  embed(texts: readonly string[]) {
    return this.call('embed', [...texts]);
  }
  encode(texts: readonly string[]) {
    return this.call('encode', [...texts]);
  }
  tag(ids: readonly number[], tokens: number) {
    return this.call('tag', [...ids], tokens);
  }
  language(text: string) {
    return this.call('language', text);
  }
  startInstall(model: string, source?: string) {
    return source ? this.call('startInstall', model, source) : this.call('startInstall', model);
  }
  cancelInstall() {
    return this.call('cancelInstall');
  }
  install() {
    return this.call('install');
  }
  reload() {
    return this.call('reload');
  }
  generate(prompt: string) {
    return this.call('generate', prompt);
  }

  private async ensureDocument(): Promise<void> {
    if (await this.control.hasDocument()) return;
    // Two callers at once must not create two documents (Chrome allows one, and refuses the second).
    const url = this.wasmOnly ? `${OFFSCREEN_PATH}?backend=wasm` : OFFSCREEN_PATH;
    this.creating ??= this.control.createDocument(url).finally(() => (this.creating = undefined));
    await this.creating;
  }

  /**
   * One call, answered. The document can go away while it works on a call (closed, or its renderer
   * crashed, e.g. out of memory in a model run): the call then ends with no answer. A call that only reads
   * the model (status, score, embed, encode, generate) is tried once more, in a new document; a second loss, or a
   * lost install call, is reported as what happened.
   */
  private async call<K extends HostOp>(op: K, ...args: Parameters<ModelHost[K]>): Promise<HostAnswer<K>> {
    let reply: unknown;
    for (let attempt = 1; ; attempt++) {
      reply = await this.deliver({ veilModelHost: { op, args } as HostCall }).catch((error: unknown) => {
        if (error instanceof HostGone) return GONE;
        throw error;
      });
      if (reply !== GONE && reply !== undefined) break;
      if (attempt >= 2 || !RETRYABLE.has(op)) {
        throw new Error("Veil's model stopped before it answered (the page it runs in was closed or crashed); send again to start it anew");
      }
    }
    if (!reply || typeof reply !== 'object' || !('ok' in reply)) throw new Error("Veil's model host did not answer");
    // The offscreen document is Veil's own, and answers a call of `op` with that method's answer.
    const typed = reply as Reply<HostAnswer<K>>;
    if (!typed.ok) throw new Error(typed.error);
    return typed.value;
  }

  /**
   * Send, making the document first if needed. A document just created may not listen yet (its script
   * is still starting), and one can be closed by the browser between the check and the send: both show
   * as "no receiving end", so the send is tried again for a while before giving up.
   */
  private async deliver(envelope: HostEnvelope): Promise<unknown> {
    const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
    for (;;) {
      await this.ensureDocument();
      try {
        return await this.control.send(envelope);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        // The document went away with the call in it (Chrome closes the call's channel).
        if (/message channel closed before a response|message port closed before a response/i.test(message)) throw new HostGone(message);
        if (!/receiving end does not exist/i.test(message) || Date.now() > deadline) {
          throw new Error(`Veil's model host did not answer (${message})`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  }
}

/** How long a call waits for the offscreen document to start listening. */
const DELIVERY_TIMEOUT_MS = 10_000;

/** Calls that only read the model: safe to make again after the document was lost under them. */
const RETRYABLE: ReadonlySet<HostOp> = new Set(['status', 'score', 'embed', 'encode', 'tag', 'language', 'generate']);

/** The document went away before it answered a call it had received. */
class HostGone extends Error {
  override name = 'HostGone';
}
const GONE = Symbol('gone');

/** The offscreen side. `backgroundUrl` is the service worker's script URL (`runtime.getURL('/background.js')`). */
export function serveModelHost(
  host: ModelHost,
  runtime: {
    id: string;
    onMessage: { addListener(listener: (message: unknown, sender: SenderInfo, sendResponse: (reply: unknown) => void) => true | undefined): void };
  },
  backgroundUrl: string,
): void {
  runtime.onMessage.addListener((message, sender, sendResponse) => {
    if (!isHostEnvelope(message)) return undefined; // not ours to answer (a contract message for the background)
    if (sender.id !== runtime.id || sender.tab || sender.url !== backgroundUrl) {
      sendResponse({ ok: false, error: "the model host answers only Veil's background" });
      return undefined;
    }
    const call = hostCall.safeParse(message.veilModelHost);
    if (!call.success) {
      sendResponse({ ok: false, error: `the model host cannot run this call (${call.error.issues[0]?.message ?? 'malformed'})` });
      return undefined;
    }
    runHostCall(host, call.data).then(
      (value) => sendResponse({ ok: true, value }),
      (error: unknown) => sendResponse({ ok: false, error: error instanceof Error ? error.message : String(error) }),
    );
    return true;
  });
}
