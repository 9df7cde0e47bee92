// @vitest-environment happy-dom
/**
 * Choosing between elements that match the same selectors (src/sites/adapter.ts `firstMatch`, `matchLayout`):
 * ChatGPT can hold a zero-size twin of its composer before the visible one (SITES.md "Newest evidence",
 * 2026-11). happy-dom computes styles but lays nothing out, so boxes are stubbed where a test needs them; the
 * real browsers are tested on the fixture's `chatgpt-2026-twin` layout (test/e2e/selector-canary.test.ts,
 * chromium-sites.test.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { firstMatch, matchLayout, mostShown, shownRank } from '../../../src/sites/adapter';
import { chatgpt } from '../../../src/sites/chatgpt';

afterEach(() => {
  document.body.replaceChildren();
});

/** Give `element` a laid-out box of this size (happy-dom has none). */
function box(element: Element, width: number, height: number): void {
  element.getBoundingClientRect = () => ({ x: 0, y: 0, left: 0, top: 0, right: width, bottom: height, width, height, toJSON: () => ({}) });
}

function editor(attributes: Record<string, string>): HTMLElement {
  const element = document.createElement('div');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.setAttribute('contenteditable', 'true');
  return element;
}

const COMPOSER = ['form[data-chatgpt-composer] [data-composer-markdown][contenteditable]', '[data-composer-markdown][contenteditable]'];

/** ChatGPT's 2026 form with a twin editor before the composer; returns both. */
function twinForm(): { twin: HTMLElement; composer: HTMLElement; wrapper: HTMLElement; form: HTMLFormElement } {
  const form = document.createElement('form');
  form.setAttribute('data-chatgpt-composer', '');
  const wrapper = document.createElement('div');
  wrapper.className = 'legacy-expandable';
  const twin = editor({ 'data-composer-markdown': '', id: 'twin' });
  const composer = editor({ 'data-composer-markdown': '', id: 'visible' });
  wrapper.append(twin);
  const send = document.createElement('button');
  send.type = 'submit';
  send.setAttribute('aria-label', 'Send');
  form.append(wrapper, composer, send);
  document.body.append(form);
  return { twin, composer, wrapper, form };
}

describe('shownRank', () => {
  it('hidden (attribute, display:none on an ancestor, visibility:hidden) < no box < a box of its own', () => {
    const { twin, composer, wrapper } = twinForm();
    expect(shownRank(twin)).toBe(1);
    box(composer, 600, 24);
    expect(shownRank(composer)).toBe(2);
    box(twin, 0, 0);
    expect(shownRank(twin)).toBe(1);
    box(twin, 0, 24);
    expect(shownRank(twin), 'zero width is no box').toBe(1);
    wrapper.style.display = 'none';
    expect(shownRank(twin)).toBe(0);
    wrapper.style.display = '';
    wrapper.hidden = true;
    expect(shownRank(twin)).toBe(0);
    wrapper.hidden = false;
    twin.style.visibility = 'hidden';
    expect(shownRank(twin)).toBe(0);
  });

  it('a box inside a zero-size ancestor that clips its overflow is not seen', () => {
    const { twin, wrapper } = twinForm();
    box(twin, 600, 24);
    box(wrapper, 0, 0);
    expect(shownRank(twin), 'overflow visible: the box shows').toBe(2);
    wrapper.style.overflow = 'hidden';
    expect(shownRank(twin)).toBe(1);
  });
});

describe('firstMatch and matchLayout: the element the page shows', () => {
  it('pass over a zero-size twin that comes first in the DOM', () => {
    const { twin, composer } = twinForm();
    box(twin, 0, 0);
    box(composer, 600, 24);
    expect(firstMatch(document, COMPOSER)).toBe(composer);
    expect(matchLayout(document, [{ name: 'a', composer: COMPOSER }])?.composer).toBe(composer);
  });

  it('pass over a twin hidden by style or attribute, with no layout at all (as in happy-dom)', () => {
    const { twin, composer, wrapper } = twinForm();
    wrapper.style.display = 'none';
    expect(firstMatch(document, COMPOSER)).toBe(composer);
    wrapper.style.display = '';
    twin.hidden = true;
    expect(firstMatch(document, COMPOSER)).toBe(composer);
  });

  it('across selectors and layouts: a shown match of a later one beats a hidden match of an earlier one', () => {
    const { twin, composer } = twinForm();
    twin.setAttribute('data-first', '');
    twin.hidden = true;
    expect(firstMatch(document, ['[data-first]', '#visible'])).toBe(composer);
    const found = matchLayout(document, [
      { name: 'old', composer: ['[data-first]'] },
      { name: 'new', composer: ['#visible'] },
    ]);
    expect(found?.layout.name).toBe('new');
    expect(found?.composer).toBe(composer);
  });

  it('keep the order given when the candidates are shown alike, and take a lone match shown or not', () => {
    const { twin, composer } = twinForm();
    expect(firstMatch(document, COMPOSER), 'nothing laid out: the first match, as before').toBe(twin);
    box(twin, 600, 24);
    box(composer, 600, 24);
    expect(firstMatch(document, COMPOSER)).toBe(twin);
    composer.remove();
    twin.hidden = true;
    expect(firstMatch(document, COMPOSER)).toBe(twin);
    expect(mostShown([])).toBeNull();
    expect(firstMatch(document, ['#nothing'])).toBeNull();
  });
});

describe('the ChatGPT adapter with the twin editor', () => {
  it("finds the visible composer, its form's send button and the layout", () => {
    const { twin, composer, form } = twinForm();
    box(twin, 0, 0);
    box(composer, 600, 24);
    expect(chatgpt.findComposer(document)).toBe(composer);
    expect(chatgpt.layout?.(document)).toBe('2026-09');
    expect(chatgpt.findSendButton(document)).toBe(form.querySelector('button[type="submit"]'));
  });
});
