// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { accessibleName, nearComposer, sendVerdict } from '../../../src/content/send-controls';

/** A page: a composer in a form with the given controls, and a control far away. */
function page(html: string): { composer: HTMLElement; $: (s: string) => HTMLElement } {
  document.body.innerHTML = html;
  return { composer: document.querySelector<HTMLElement>('#box')!, $: (s) => document.querySelector<HTMLElement>(s)! };
}

describe('telling a send from other controls when the adapter is out of date', () => {
  it("a submit button of the composer's form is a send, whatever its names", () => {
    const { composer, $ } = page(
      '<form><div><div id="box" contenteditable="true"></div></div><button id="b">↑</button><button id="t" type="button">↑</button></form>',
    );
    expect(sendVerdict($('#b'), composer, { adapterFoundSend: true })).toBe('send');
    // A type=button icon by the box: unsure only when the adapter finds no send button at all.
    expect(sendVerdict($('#t'), composer, { adapterFoundSend: true })).toBeNull();
    expect(sendVerdict($('#t'), composer, { adapterFoundSend: false })).toBe('unsure');
  });

  it('a label that says send, in the languages the sites ship, is a send beside the composer, and not far from it', () => {
    const { composer } = page('<main><section><div class="bar"><div id="box" contenteditable="true"></div></div></section></main>');
    for (const label of [
      'Send prompt',
      'Submit',
      'メッセージを送信',
      '发送',
      'Envoyer le message',
      'Enviar mensaje',
      'Nachricht senden',
      '전송',
      'Отправить',
    ]) {
      document.querySelector('.bar')!.insertAdjacentHTML('beforeend', `<button aria-label="${label}" class="near">x</button>`);
      expect(sendVerdict(document.querySelector('.near:last-child')!, composer, { adapterFoundSend: true }), label).toBe('send');
    }
    const far = page(
      '<div><div><div><div><div><div><div><div><div><div id="box" contenteditable="true"></div></div></div></div></div></div></div></div></div></div><footer><button id="f">Send feedback</button></footer>',
    );
    expect(sendVerdict(far.$('#f'), far.composer, { adapterFoundSend: false })).toBeNull();
  });

  it('stop, attach, voice and model controls are never a send, even inside the form', () => {
    const { composer, $ } = page(
      '<form><div id="box" contenteditable="true"></div><button id="stop" aria-label="Stop streaming">■</button><button id="att" type="button" aria-label="ファイルを追加">+</button>' +
        '<button id="mic" type="button" aria-label="Dictate button">m</button><button id="model" type="button" aria-label="Model selector">v</button><button id="zh" aria-label="停止回答">■</button></form>',
    );
    for (const id of ['#stop', '#att', '#mic', '#model', '#zh']) expect(sendVerdict($(id), composer, { adapterFoundSend: false }), id).toBeNull();
  });

  it('a word that only contains "send" is not one ("Godsend")', () => {
    const { composer, $ } = page('<div id="box" contenteditable="true"></div><button id="a" aria-label="Godsend">x</button>');
    expect(sendVerdict($('#a'), composer, { adapterFoundSend: true })).toBeNull();
  });

  it('an icon button far from the composer is not asked about', () => {
    const { composer, $ } = page(
      '<main><section><div><div><div><div><div id="box" contenteditable="true"></div></div></div></div></div></section><aside><button id="far" type="button">☰</button></aside></main>',
    );
    expect(nearComposer($('#far'), composer)).toBe(false);
    expect(sendVerdict($('#far'), composer, { adapterFoundSend: false })).toBeNull();
  });

  it('reads the accessible name from aria-label, aria-labelledby, title and text', () => {
    const { $ } = page(
      '<span id="l">Send now</span><button id="a" aria-labelledby="l"></button><button id="b" title="Submit form"></button><input id="c" type="submit" value="Go">',
    );
    expect(accessibleName($('#a'))).toBe('send now');
    expect(accessibleName($('#b'))).toBe('submit form');
    expect(accessibleName($('#c'))).toBe('go');
  });
});
