/**
 * Reading the composer's text and writing approved text into it so that the site's editor state takes it.
 *
 * - A textarea: select all, `insertText` (the browser fires the input events the site listens to, and
 *   the person can undo).
 * - ProseMirror (ChatGPT, Claude's TipTap) and Quill (Gemini): select the editor's contents and write line
 *   by line with `execCommand('insertText')`, with `insertParagraph` between lines. Both editors pick the
 *   change up through their own DOM observers; `\n` inside insertText is dropped by Quill, and synthetic
 *   `beforeinput` does nothing on either (SITES.md). Never innerHTML: Google pages enforce Trusted Types,
 *   and it would not update the editors' state anyway.
 *
 * The text is then read back from the DOM the editor rendered from its state; the caller refuses to send
 * when it is not exactly the approved text.
 */
import { editorKind } from '../sites/adapter';

/** The composer's text as the site would send it: one line per paragraph. */
export function readComposer(composer: HTMLElement): string {
  if (editorKind(composer) === 'textarea') return (composer as HTMLTextAreaElement).value;
  // One line per block; the inline nodes between blocks (a plain contenteditable's first line, before the
  // browser wrapped later lines in <div>s) make a line of their own.
  const lines: string[] = [];
  let run: Node[] = [];
  const flush = () => {
    // Markup whitespace between blocks is no line (an editor's own text nodes never hold a raw newline).
    if (run.some((node) => node.nodeType !== 3 || !/^\s*\n\s*$/.test((node as Text).data))) lines.push(inlineText(run));
    run = [];
  };
  for (const child of composer.childNodes) {
    if (child.nodeType === 1 && BLOCK.test((child as Element).tagName)) {
      flush();
      lines.push(blockText(child as Element));
    } else {
      run.push(child);
    }
  }
  flush();
  // Editors keep runs of spaces visible with non-breaking spaces; the site sends plain spaces.
  return lines.join('\n').replace(/\u00a0/g, ' ');
}

const BLOCK = /^(P|DIV|H[1-6]|PRE|BLOCKQUOTE|LI|UL|OL)$/;

/** A paragraph's text: text nodes, and a line break per `<br>` except the editors' trailing placeholder. */
function blockText(block: Element): string {
  if (/^(UL|OL)$/.test(block.tagName)) return [...block.children].map(blockText).join('\n');
  return inlineText([...block.childNodes]);
}

/** Inline nodes' text: text nodes, and a line break per `<br>` except a trailing placeholder one. */
function inlineText(nodes: Node[]): string {
  let text = '';
  const walk = (node: Node) => {
    if (node.nodeType === 3) text += (node as Text).data;
    else if (node.nodeName === 'BR') text += '\n';
    else if (node.nodeType === 1) node.childNodes.forEach(walk);
  };
  nodes.forEach(walk);
  // An empty paragraph holds one <br> so it has height; a trailing <br> is not a line of its own.
  return nodes.at(-1)?.nodeName === 'BR' ? text.replace(/\n$/, '') : text;
}

/** Put `text` into the composer in place of what it holds. The caller reads it back: an edit may not take. */
export function writeComposer(composer: HTMLElement, text: string): void {
  const doc = composer.ownerDocument;
  composer.focus();
  if (editorKind(composer) === 'textarea') {
    const area = composer as HTMLTextAreaElement;
    area.setSelectionRange(0, area.value.length);
    // execCommand keeps the person's undo; when the page's own document is not focused (the review panel's
    // frame holds the focus) it may insert beside the selection instead of over it, or not at all: then the
    // value setter plus the event the site listens to.
    if (!exec(doc, text === '' ? 'delete' : 'insertText', text) || area.value !== text) {
      area.value = text;
      area.dispatchEvent(new Event('input', { bubbles: true }));
    }
    return;
  }
  const selection = doc.getSelection();
  if (!selection) throw new Error('the page has no text selection to write with');
  // Select from the start of the first paragraph to the end of the last, not the editor element itself:
  // in Firefox, Quill reads nothing of lines written over an element-level selection (bare <div>s). A
  // plain contenteditable may start or end with bare text: the selection starts or ends in that text.
  const range = doc.createRange();
  const first = composer.firstChild;
  const last = composer.lastChild;
  if (first && last) {
    range.setStart(first, 0);
    range.setEnd(last, last.nodeType === 3 ? (last as Text).length : last.childNodes.length);
  } else {
    range.selectNodeContents(composer);
  }
  selection.removeAllRanges();
  selection.addRange(range);
  if (text === '') {
    exec(doc, 'delete');
    return;
  }
  text.split('\n').forEach((line, i) => {
    if (i > 0) exec(doc, 'insertParagraph');
    if (line !== '') exec(doc, 'insertText', line);
  });
}

function exec(doc: Document, command: string, value?: string): boolean {
  try {
    return doc.execCommand(command, false, value);
  } catch {
    return false;
  }
}

/** Resolve after the editor has had time to take a DOM change into its state and render it again. */
export function settle(win: Window, ms = 30): Promise<void> {
  return new Promise((resolve) => win.requestAnimationFrame(() => win.setTimeout(resolve, ms)));
}
