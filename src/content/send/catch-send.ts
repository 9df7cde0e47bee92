/**
 * Catching a send: which key presses, clicks and submits on the page are the person sending their message.
 * The guard listens in the capture phase on `window` (registered at document_start, so before any listener
 * of the page) and hands each event here; what to do with a send is the sink's (./send-guard.ts).
 *
 * A send: Enter and Cmd/Ctrl+Enter in the composer (not Shift+Enter, not while an input method composes, not
 * a plain Enter where the site's layout makes it a new line), a click on the send button, and submitting the
 * form around the composer. Events the page makes up (`isTrusted` false) are the caller's to drop.
 *
 * A send is a person's act (issue 29): a page can submit its form with `requestSubmit()`, which the browser
 * marks as trusted, so a `submit` counts only right after a trusted key press or click of the person in that
 * form; any other is blocked and counted, never reviewed or charged.
 *
 * ```ts
 * const catcher = new SendCatcher({ adapter, win, finder, sink });
 * win.addEventListener('keydown', (event) => catcher.keydown(event), true);
 * ```
 */
import type { SiteAdapter } from '../../sites/adapter';
import { readComposer } from '../editor-text';
import { composerAt } from '../pick';
import { CONTROLS, nearComposer, sendVerdict } from '../send-controls';
import type { ComposerFinder } from './composer-finder';

/** Which part of a site adapter no longer matches the page. */
export type StalePart = 'composer' | 'send button' | 'answers';

/** What becomes of the sends the catcher finds. */
export interface SendSink {
  /** A send from `composer` (null: no box to send from can be found, so it cannot be reviewed). */
  caught(event: Event, composer: HTMLElement | null): void;
  /** A send Veil cannot be sure of, since `part` of the adapter no longer matches: from `composer`, by `control` (null: Enter). */
  held(event: Event, composer: HTMLElement, control: HTMLElement | null, part: StalePart): void;
  /** A submit no act of the person's came before, already stopped; `count` of them on this page. */
  unprompted(count: number): void;
}

export interface CatchDeps {
  adapter: SiteAdapter;
  win: Window & typeof globalThis;
  finder: ComposerFinder;
  sink: SendSink;
}

/** How long a submit may follow the person's key press or click in its form (ms). */
const ACT_MS = 1_000;

export class SendCatcher {
  /** The person's last trusted key press or click on the page, which a form's submit must follow. */
  private act: { at: number; form: HTMLFormElement | null; control: Element | null } | null = null;
  /** Submits no act of the person's came before: blocked, never reviewed. */
  unpromptedSubmits = 0;

  constructor(private readonly deps: CatchDeps) {}

  /** Enter in a box of a form: an act a submit of that form may follow (the form as it was at the key press). */
  noteKey(event: KeyboardEvent): void {
    if (event.key === 'Enter' && !event.shiftKey && event.target instanceof this.deps.win.Element)
      this.act = { at: Date.now(), form: event.target.closest('form'), control: null };
  }

  keydown(event: KeyboardEvent): void {
    const { adapter, win, finder, sink } = this.deps;
    if (event.key !== 'Enter' || event.shiftKey || event.altKey) return;
    if (event.isComposing || event.keyCode === 229) return;
    const target = event.target as Node | null;
    const shortcut = event.ctrlKey || event.metaKey;
    const composer = finder.composer();
    if (composer && target && composer.contains(target)) {
      if (!shortcut && !adapter.enterSends(win)) return;
      sink.caught(event, composer);
      return;
    }
    const editable = target instanceof win.Element ? composerAt(target) : null;
    if (!editable) return;
    if (composer) {
      // Another box beside the one the adapter knows (the site may have added or renamed one): held, asked.
      if (nearComposer(editable, composer) && (shortcut || adapter.enterSends(win))) sink.held(event, editable, null, 'composer');
      return;
    }
    // No composer found: an Enter in an editable box that may be the site's (in a form, or with a send
    // button present) is held rather than let out unchecked.
    if (editable.closest('form') || finder.sendButton()) sink.held(event, editable, null, 'composer');
  }

  click(event: MouseEvent): void {
    const { adapter, win, finder, sink } = this.deps;
    if (!(event.target instanceof win.Element)) return;
    const target = event.target;
    // A click (a pointer's, or assistive technology's, which has none) on a control: the submit it makes must
    // name that very control as its submitter.
    const pressed = target.closest(CONTROLS);
    this.act = { at: Date.now(), form: pressed?.closest('form') ?? null, control: pressed };
    const button = finder.sendButton();
    if (button?.contains(target)) {
      const composer = finder.composer();
      if (composer) sink.caught(event, composer);
      else this.heldOrBlocked(event, button);
      return;
    }
    // A control the adapter does not know: a renamed send button is held, not let out (../send-controls.ts).
    // Only while the adapter finds no send button of its own (none is expected while an answer streams): a
    // second "Send" beside a send button Veil knows is another form's (feedback, an edited message).
    if (button || adapter.answers?.streaming(win.document)) return;
    const control = target.closest<HTMLElement>(CONTROLS);
    if (!control || control.closest('veil-notice, [data-veil-compose]')) return;
    const known = finder.composer();
    const composer = known ?? finder.lastComposerLike();
    // No box to send from: not a send from the composer.
    if (!composer) return;
    const verdict = sendVerdict(control, composer, { adapterFoundSend: false });
    if (verdict === null) return;
    if (verdict === 'send' && known) {
      finder.chooseButton(control);
      sink.caught(event, known);
      return;
    }
    sink.held(event, composer, control, known ? 'send button' : 'composer');
  }

  submit(event: SubmitEvent): void {
    const { finder, sink } = this.deps;
    const form = event.target as HTMLFormElement | null;
    // Only right after the person pressed a key or clicked in this form; the act is used up by this submit.
    const act = this.act;
    this.act = null;
    const recent = act !== null && Date.now() - act.at < ACT_MS && form !== null && act.form === form;
    // Enter in the form, or a click on the control the submit names (a page's requestSubmit() names none, or its own).
    const acted = recent && (act.control === null ? event.submitter === null || event.submitter === undefined : act.control === event.submitter);
    if (!acted) {
      event.preventDefault();
      event.stopImmediatePropagation();
      this.unpromptedSubmits++;
      sink.unprompted(this.unpromptedSubmits);
      return;
    }
    const known = finder.composer();
    if (known && form?.contains(known)) {
      sink.caught(event, known);
      return;
    }
    const composer = finder.lastComposerLike();
    if (!known && composer && form?.contains(composer)) sink.held(event, composer, (event.submitter as HTMLElement | null) ?? null, 'composer');
  }

  /** A send from no box Veil knows: held if the person just typed in one, else blocked as before. */
  private heldOrBlocked(event: Event, control: HTMLElement): void {
    // Only a box beside the control, with text in it, can be the one it sends: anything else is blocked, never
    // let through (an empty or faraway box would say nothing about what the site's own box holds).
    const composer = this.deps.finder.lastComposerLike();
    if (composer && nearComposer(control, composer) && readComposer(composer).trim() !== '') this.deps.sink.held(event, composer, control, 'composer');
    else this.deps.sink.caught(event, null);
  }
}
