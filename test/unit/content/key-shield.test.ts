// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { KeyShield } from '../../../src/content/key-shield';
import type { PageNotice } from '../../../src/content/notice';
import { markVeil } from '../../../src/content/visible';

/** Events the browser makes (happy-dom's are all untrusted, and the shield heeds only the person's). */
function trusted<E extends Event>(event: E): E {
  Object.defineProperty(event, 'isTrusted', { value: true });
  return event;
}

function setUp() {
  const shown: string[] = [];
  const notice = { show: (text: string) => shown.push(text), hide: () => shown.push('(hidden)') } as unknown as PageNotice;
  document.body.innerHTML = '<button id="open">Private compose</button><input id="page-field">';
  const frame = document.createElement('iframe');
  frame.srcdoc = '<textarea></textarea>';
  markVeil(frame);
  document.body.append(frame);
  const shield = new KeyShield(window as unknown as Window & typeof globalThis, notice);
  const stop = shield.install();
  const press = (key: string) => {
    const event = trusted(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    document.getElementById('page-field')!.dispatchEvent(event);
    return event.defaultPrevented;
  };
  const clickPage = () => document.getElementById('open')!.dispatchEvent(trusted(new PointerEvent('pointerdown', { bubbles: true })));
  /** Focus goes into Veil's frame: the page's window loses it. */
  const intoFrame = () => {
    frame.focus();
    window.dispatchEvent(new FocusEvent('blur'));
  };
  /** Focus comes back to the page's field (the window's focus event first, as browsers send it). */
  const toField = () => {
    window.dispatchEvent(new FocusEvent('focus'));
    document.getElementById('page-field')!.focus();
  };
  return { shield, shown, stop, press, clickPage, intoFrame, toField };
}

let stop = () => {};
afterEach(() => stop());

describe('the key shield', () => {
  it('holds the keys when the page takes focus from Veil’s frame moments after the click that opened it', () => {
    const t = setUp();
    stop = t.stop;
    // The person clicks the page's "private compose" button, the frame opens and takes focus, and the page
    // steals focus at once: the click that opened the frame is no excuse (it came before focus was in Veil).
    t.clickPage();
    t.intoFrame();
    t.toField();
    expect(t.shield.holding).toBe(true);
    expect(t.press('4')).toBe(true);
    expect(t.shown[0]).toMatch(/took the keyboard from Veil/);
  });

  it('holds the keys where the window sends no focus events of its own (headless, another window in front)', () => {
    const t = setUp();
    stop = t.stop;
    document.querySelector('iframe')!.focus();
    document.getElementById('page-field')!.focus();
    expect(t.shield.holding).toBe(true);
    expect(t.press('9')).toBe(true);
  });

  it('lets the keys go to the page when the person clicks on the page while in Veil’s frame', () => {
    const t = setUp();
    stop = t.stop;
    t.intoFrame();
    t.clickPage();
    t.toField();
    expect(t.shield.holding).toBe(false);
    expect(t.press('4')).toBe(false);
    expect(t.shown).toEqual([]);
  });

  it('releases the hold on the person’s click or Tab, never on a key the page makes', () => {
    const t = setUp();
    stop = t.stop;
    t.intoFrame();
    t.toField();
    expect(t.shield.holding).toBe(true);
    const forged = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
    document.getElementById('page-field')!.dispatchEvent(forged);
    expect(t.shield.holding).toBe(true);
    expect(t.press('Tab')).toBe(false);
    expect(t.shield.holding).toBe(false);
    t.intoFrame();
    t.toField();
    expect(t.shield.holding).toBe(true);
    t.clickPage();
    expect(t.shield.holding).toBe(false);
  });
});
