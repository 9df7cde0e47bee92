/**
 * Writing the approved text into the site's composer and pressing the site's own send: write exactly the
 * text, read it back, press send (without going through Veil again), and check the site took it. Anything
 * that does not hold puts the person's own words back in the box and throws, so nothing half-written goes.
 *
 * ```ts
 * const writer = new ComposerWriter({ adapter, win, ctx, finder });
 * await writer.send('the approved text', 'the words the person typed'); // throws if it did not go out
 * ```
 */
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { isDisabled, type SiteAdapter } from '../../sites/adapter';
import { readComposer, settle, writeComposer } from '../editor-text';
import type { ComposerFinder } from './composer-finder';

export interface WriterDeps {
  adapter: SiteAdapter;
  win: Window & typeof globalThis;
  ctx: ContentScriptContext;
  finder: ComposerFinder;
}

export class ComposerWriter {
  private pressing = false;
  private pressedAt: number | null = null;

  constructor(private readonly deps: WriterDeps) {}

  /**
   * Write the approved text (null: leave the prompt as typed), check it took, and press send. `prompt`: the
   * person's own words, put back if the send does not go out.
   */
  async send(text: string | null, prompt: string): Promise<void> {
    const { adapter, win, finder } = this.deps;
    const composer = finder.composer();
    if (!composer) throw new Error(`${adapter.label}'s message box is no longer on the page`);
    if (text !== null) {
      try {
        writeComposer(composer, text);
        await settle(win);
      } catch {
        // Refused outright: what the box holds is checked below like any other write.
      }
      const now = readComposer(composer);
      if (now !== text) {
        // Put the person's own words back rather than leave a half-written release in the box.
        if (now !== prompt) {
          try {
            writeComposer(composer, prompt);
          } catch {
            /* the box refuses edits: it still holds what it held */
          }
        }
        throw new Error(
          `${adapter.label}'s message box did not take the approved text (after writing it held ${now.length} characters, not ${text.length}), so Veil did not send it`,
        );
      }
    }
    const before = readComposer(composer);
    const button = await this.enabledSendButton();
    if (!button && !adapter.enterSends(win)) throw new Error(`${adapter.label}'s send button did not become available`);
    this.press(composer, button);
    // A site that took the send empties its box. One that did not (still writing an answer, say) gets
    // the person's own words back, and the panel stays open to try again.
    if (!(await this.until(() => finder.composer() !== composer || readComposer(composer) !== before, 2000))) {
      if (text !== null) writeComposer(composer, prompt);
      throw new Error(`${adapter.label} did not take the send (it may still be writing an answer); try again when it has finished`);
    }
  }

  /** Press the site's own send, without going through Veil again. */
  press(composer: HTMLElement, button: HTMLElement | null = this.deps.finder.sendButton()): void {
    this.letThrough();
    this.pressing = true;
    try {
      if (button && !isDisabled(button)) button.click();
      else composer.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', keyCode: 13, bubbles: true, cancelable: true }));
    } finally {
      this.pressing = false;
    }
  }

  /** A send the person let through unchanged goes out now: Veil's own doing, like a send it pressed. */
  letThrough(): void {
    this.pressedAt = Date.now();
  }

  /** Veil presses the site's send itself now: its own events are not sends to catch. */
  get replaying(): boolean {
    return this.pressing;
  }

  /** When Veil last pressed the site's send itself (a reviewed send, or one the person let through). */
  get sentByVeil(): { at: number } | null {
    return this.pressedAt === null ? null : { at: this.pressedAt };
  }

  /** Poll `condition` every 25 ms for up to `ms`; whether it came true. */
  private async until(condition: () => boolean, ms: number): Promise<boolean> {
    const deadline = Date.now() + ms;
    while (!condition()) {
      if (Date.now() > deadline) return false;
      await new Promise((resolve) => this.deps.ctx.setTimeout(() => resolve(undefined), 25));
    }
    return true;
  }

  /** The send button once the site enables it (it may appear only after the text is written). */
  private async enabledSendButton(): Promise<HTMLElement | null> {
    const enabled = () => {
      const button = this.deps.finder.sendButton();
      return button && !isDisabled(button) ? button : null;
    };
    return (await this.until(() => enabled() !== null, 3000)) ? enabled() : null;
  }
}
