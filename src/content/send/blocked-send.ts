/**
 * A send Veil blocked: why, said on the page, with "Send without Veil" as the person's separate choice. Where
 * Veil can press the site's send itself it does; where it cannot, it lets the person's next send through
 * unchanged, once.
 *
 * ```ts
 * const blocked = new BlockedSend({ notice, finder, writer });
 * blocked.say('Veil blocked this send: … Nothing was sent.');
 * if (blocked.passOnce()) return; // the person chose to send this one without Veil
 * ```
 */
import { isDisabled } from '../../sites/adapter';
import type { PageNotice } from '../notice';
import type { ComposerFinder } from './composer-finder';
import type { ComposerWriter } from './write-and-press';

export interface BlockedDeps {
  notice: PageNotice;
  finder: ComposerFinder;
  writer: ComposerWriter;
}

export class BlockedSend {
  /** The person chose "Send without Veil" where Veil could not press send itself: let one send through. */
  private bypassOnce = false;

  constructor(private readonly deps: BlockedDeps) {}

  /** A blocked send: say why on the page, and offer to send without Veil as a separate choice. */
  say(message: string): void {
    this.deps.notice.show(message, [{ label: 'Send without Veil', run: () => this.sendWithoutVeil() }]);
  }

  /** Whether this send is the one the person chose to let through (used up by it). */
  passOnce(): boolean {
    if (!this.bypassOnce) return false;
    this.bypassOnce = false;
    this.deps.writer.letThrough();
    return true;
  }

  private sendWithoutVeil(): void {
    const { finder, writer, notice } = this.deps;
    const composer = finder.composer();
    const button = finder.sendButton();
    if (composer && button && !isDisabled(button)) {
      writer.press(composer);
      return;
    }
    this.bypassOnce = true;
    notice.show('Veil will let your next send on this page through unchanged. Send again when you are ready.');
  }
}
