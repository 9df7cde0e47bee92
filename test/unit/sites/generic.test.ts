// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { buttonAt, composerAt, selectorFor } from '../../../src/content/pick';
import { genericAdapter, genericOrigin, siteLabel } from '../../../src/sites/generic';

afterEach(() => document.body.replaceChildren());

function page(html: string): void {
  document.body.innerHTML = html;
}

describe('which sites the generic adapter can be switched on for', () => {
  it('any http(s) origin outside the registry, as its origin', () => {
    expect(genericOrigin('https://chat.example.org/c/12?x=1')).toBe('https://chat.example.org');
    expect(genericOrigin('http://192.168.1.5:8080/')).toBe('http://192.168.1.5:8080');
  });
  it('not a registry site, not another scheme, not a URL with credentials, not garbage', () => {
    for (const url of [
      'https://chatgpt.com/',
      'https://claude.ai/new',
      'http://localhost:5173/',
      'file:///etc/passwd',
      'chrome://settings',
      'https://a:b@x.org/',
      'not a url',
      undefined,
    ]) {
      expect(genericOrigin(url), String(url)).toBeNull();
    }
  });
  it("names a site by the registry's label or by its host", () => {
    expect(siteLabel('gemini')).toBe('Gemini');
    expect(siteLabel('https://chat.example.org:8443')).toBe('chat.example.org:8443');
  });
});

describe('pointing at the message box', () => {
  it('a click inside a contenteditable points at the whole box; a click on a non-editable is nothing', () => {
    page(
      '<div contenteditable="true" id="box"><p><b id="inner">hi</b></p></div><span id="plain">x</span><textarea id="t"></textarea><textarea id="ro" readonly></textarea>',
    );
    expect(composerAt(document.getElementById('inner'))?.id).toBe('box');
    expect(composerAt(document.getElementById('t'))?.id).toBe('t');
    expect(composerAt(document.getElementById('plain'))).toBeNull();
    expect(composerAt(document.getElementById('ro'))).toBeNull();
  });
  it('a click on the icon inside a button points at the button', () => {
    page('<button aria-label="Send"><svg><path id="icon"></path></svg></button>');
    expect(buttonAt(document.getElementById('icon'))?.getAttribute('aria-label')).toBe('Send');
  });
});

describe('selectorFor: finds the same element again', () => {
  const again = (element: Element) => document.querySelectorAll(selectorFor(element));

  it('a written id, else a telling attribute, else a path of nth-of-type steps', () => {
    page(`
      <main class="c-m2">
        <section><div contenteditable="true" aria-label="Notes"></div></section>
        <section><div contenteditable="true" role="textbox"></div><button aria-label="Send" type="button">></button></section>
        <section><div contenteditable="true"></div></section>
        <input id="search">
      </main>`);
    const [notes, box, third] = Array.from(document.querySelectorAll('[contenteditable]'));
    expect(selectorFor(document.getElementById('search')!)).toBe('#search');
    expect(selectorFor(notes!)).toBe('div[aria-label="Notes"]');
    expect(selectorFor(box!)).toBe('div[role="textbox"]');
    expect(selectorFor(document.querySelector('button')!)).toBe('button[aria-label="Send"]');
    expect(selectorFor(document.querySelector('main')!)).toBe('main');
    expect(Array.from(again(third!))).toEqual([third]);
    expect(selectorFor(third!)).toContain('nth-of-type(3)');
  });
  it('does not trust ids that look generated per page load, and quotes attribute values safely', () => {
    page('<div><textarea id="r12"></textarea></div><div><textarea placeholder=\'Say "hi" \\ there\'></textarea></div>');
    const [generated, quoted] = Array.from(document.querySelectorAll('textarea'));
    expect(selectorFor(generated!)).not.toContain('#r12');
    expect(Array.from(again(generated!))).toEqual([generated]);
    expect(Array.from(again(quoted!))).toEqual([quoted]);
  });
});

describe('the generic adapter', () => {
  const site = { origin: 'https://chat.example.org', composer: 'div[role="textbox"]', sendButton: null };

  it('finds the pointed-at box only while it is a box one can type in', () => {
    page('<form><div role="textbox" contenteditable="true"></div><button>Go</button></form>');
    const adapter = genericAdapter(site);
    expect(adapter.findComposer(document)).toBe(document.querySelector('[role=textbox]'));
    // Without a pointed-at button: the form's submit button.
    expect(adapter.findSendButton(document)?.textContent).toBe('Go');
    document.querySelector('[role=textbox]')!.setAttribute('contenteditable', 'false');
    expect(adapter.findComposer(document)).toBeNull();
  });
  it('follows the stored selectors as they change, and keeps each page as its own conversation', () => {
    let current: { origin: string; composer: string | null; sendButton: string | null } = { ...site, composer: null };
    const adapter = genericAdapter(() => current);
    page('<textarea name="q"></textarea><button id="send">Send</button>');
    expect(adapter.findComposer(document)).toBeNull();
    expect(adapter.relies).toMatch(/nothing yet/);
    current = { ...site, composer: 'textarea[name="q"]', sendButton: '#send' };
    expect(adapter.findComposer(document)?.localName).toBe('textarea');
    expect(adapter.findSendButton(document)?.id).toBe('send');
    expect(adapter.label).toBe('chat.example.org');
    expect(adapter.conversation(new URL('https://chat.example.org/'))).toBeNull();
    expect(adapter.conversation(new URL('https://chat.example.org/t/9?a=1'))).toBe('/t/9?a=1');
  });
});
