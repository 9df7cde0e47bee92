/**
 * Reading the draft ahead: when the person pauses typing in the composer, the draft goes to Veil's background
 * to be read by the sentence encoder ahead of the send (`review.prepare`; it stays in Veil, and nothing is
 * drawn or charged), so the release at the key press does not wait for the model. The first keys after a
 * while go at once too, so a model freed when idle (src/model-host/idle-release.ts) loads again while the
 * person writes, however steadily they type. A failure there changes nothing.
 *
 * ```ts
 * const draft = new DraftAhead({ ctx, send, finder });
 * ctx.addEventListener(window, 'input', (event) => draft.typed(event), { capture: true });
 * ```
 */
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import type { VeilClient } from '../../messaging/client';
import { readComposer } from '../editor-text';
import type { ComposerFinder } from './composer-finder';

export interface DraftDeps {
  ctx: ContentScriptContext;
  send: VeilClient;
  finder: ComposerFinder;
}

/** How long typing must pause before the draft is read ahead (ms). */
const DRAFT_PAUSE_MS = 150;
/** A draft also goes at the first key after this long without one. */
const DRAFT_EVERY_MS = 2_000;

export class DraftAhead {
  /** The pending read-ahead of the draft, and the last draft read. */
  private pending: number | undefined;
  private prepared = '';
  private preparedAt = 0;

  constructor(private readonly deps: DraftDeps) {}

  /** The person typed somewhere on the page (only typing in the composer counts). */
  typed(event: Event): void {
    const composer = this.deps.finder.composer();
    if (!composer || !(event.target instanceof Node) || !composer.contains(event.target)) return;
    const prepare = () => {
      const draft = readComposer(composer).trim();
      if (draft === '' || draft === this.prepared) return;
      this.prepared = draft;
      this.preparedAt = Date.now();
      void this.deps.send('review.prepare', { prompt: readComposer(composer) }).catch(() => undefined);
    };
    if (Date.now() - this.preparedAt > DRAFT_EVERY_MS) prepare();
    clearTimeout(this.pending);
    this.pending = this.deps.ctx.setTimeout(prepare, DRAFT_PAUSE_MS);
  }
}
