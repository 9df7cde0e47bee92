/**
 * After the extension was updated or removed, this page's copy of Veil can no longer reach Veil's background:
 * it cannot review a send, and its listeners registered through WXT's context have stopped. It still fails
 * closed: the sends it catches are blocked (never let through unreviewed) and the person is told to reload the
 * page, which starts the new Veil on it.
 *
 * ```ts
 * ctx.onInvalidated(() => new ReloadToSend({ adapter, win, finder, notice, isOn }).listen());
 * ```
 */
import type { SiteAdapter } from '../../sites/adapter';
import { readComposer } from '../editor-text';
import type { PageNotice } from '../notice';
import { SendCatcher, type SendSink } from './catch-send';
import type { ComposerFinder } from './composer-finder';

export const RELOAD_MESSAGE =
  'Veil was updated or switched off, so it can no longer review what you send on this page. Reload this page to send with Veil. Nothing was sent.';

export interface ReloadDeps {
  adapter: SiteAdapter;
  win: Window & typeof globalThis;
  finder: ComposerFinder;
  notice: PageNotice;
  /** Whether Veil was on for this site (and not pointing in pick mode) when it lost touch. */
  isOn: () => boolean;
  /** Ends the blocking (a test's page is done); on a real page it lasts as long as the page. */
  pageLife?: AbortSignal;
}

export class ReloadToSend implements SendSink {
  private readonly catcher: SendCatcher;

  constructor(private readonly deps: ReloadDeps) {
    this.catcher = new SendCatcher({ adapter: deps.adapter, win: deps.win, finder: deps.finder, sink: this });
  }

  /**
   * Catch sends from now on. These listeners go on `window` itself, not through the context: the context is
   * over, and they are what keeps this page from sending unreviewed until it is reloaded.
   */
  listen(): void {
    const { win, pageLife } = this.deps;
    const heeds = (event: Event) => event.isTrusted && this.deps.isOn();
    const options = { capture: true, signal: pageLife };
    const keydown = (event: KeyboardEvent) => {
      if (!heeds(event)) return;
      this.catcher.noteKey(event);
      this.catcher.keydown(event);
    };
    win.addEventListener('keydown', keydown, options);
    win.addEventListener('click', (event) => heeds(event) && this.catcher.click(event), options);
    win.addEventListener('submit', (event) => heeds(event) && this.catcher.submit(event), options);
  }

  /** Say it now (a review was open when Veil lost touch). */
  say(): void {
    this.deps.notice.show(RELOAD_MESSAGE);
  }

  caught(event: Event, composer: HTMLElement | null): void {
    // An empty box sends nothing on any of the sites: leave it to the site.
    if (composer && readComposer(composer).trim() === '') return;
    event.preventDefault();
    event.stopImmediatePropagation();
    this.say();
  }

  held(event: Event, composer: HTMLElement): void {
    this.caught(event, composer);
  }

  unprompted(): void {
    this.say();
  }
}
