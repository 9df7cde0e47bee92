// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { readComposer } from '../../../src/content/editor-text';

function element(html: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = html;
  return host.firstElementChild as HTMLElement;
}

describe('readComposer: the text a site sends, from the DOM its editor renders', () => {
  it('ProseMirror: one line per paragraph, the trailing break of an empty paragraph is no line', () => {
    const composer = element('<div class="ProseMirror" contenteditable="true"><p>Hello</p><p><br class="ProseMirror-trailingBreak"></p><p>a<br>b</p></div>');
    expect(readComposer(composer)).toBe('Hello\n\na\nb');
  });
  it('Quill: paragraphs, non-breaking spaces as spaces', () => {
    const composer = element('<div class="ql-editor" contenteditable="true"><p>two\u00a0 spaces</p><p><br></p><p>end</p></div>');
    expect(readComposer(composer)).toBe('two  spaces\n\nend');
  });
  it('a textarea: its value', () => {
    const area = document.createElement('textarea');
    area.value = 'line 1\nline 2';
    expect(readComposer(area)).toBe('line 1\nline 2');
  });
  it('a plain contenteditable: the bare first line, then one line per <div>; markup whitespace is no line', () => {
    expect(readComposer(element('<div contenteditable="true">How?<div>Be brief.</div><div><br></div><div>End</div></div>'))).toBe('How?\nBe brief.\n\nEnd');
    expect(readComposer(element('<div contenteditable="true">one<br>two</div>'))).toBe('one\ntwo');
    expect(readComposer(element('<div contenteditable="true">\n  <p>a</p>\n  <p>b</p>\n</div>'))).toBe('a\nb');
  });
});
