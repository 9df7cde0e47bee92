/**
 * Chromium, built extension: the options page (and the popup, which shares its stylesheet) as a person
 * with a screen reader or low vision meets it. Every id is used once, every `<label for>` names a control
 * of its own, every form control and button has a name in Chromium's own accessibility tree, and every
 * visible text reaches WCAG AA contrast against what is behind it (4.5:1; 3:1 for large text). A click on
 * a cap's label focuses that cap's own box.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchChromium, screenshot, sendFromPage, tempDir, type ChromiumWithVeil } from './browsers';
import { DIABETES_MEMORY as memory } from '../fixtures/memories';

let dir: Awaited<ReturnType<typeof tempDir>>;
let browser: ChromiumWithVeil;
beforeAll(async () => {
  dir = await tempDir('veil-e2e-a11y-');
  browser = await launchChromium(dir.path);
});
afterAll(async () => {
  await browser?.close();
  await dir.remove();
});

const profile = {
  version: 1,
  attributes: [
    { entity: 'self', field: 'occupation', value: 'Pediatric nurse', sharing: 'shared' },
    { entity: 'self', field: 'work', value: '10 years as a nurse in Lyon', sharing: 'withheld' },
    { entity: 'my child', field: 'age', value: '7', sharing: 'withheld' },
    { entity: 'self', field: 'location', value: 'Lyon, France', sharing: 'withheld' },
  ],
};

interface Contrast {
  text: string;
  ratio: number;
  needed: number;
  color: string;
  background: string;
  where: string;
}

/**
 * In the page: ids used more than once, `<label for>` that name no control, and every visible text whose
 * contrast against its effective background (the ancestors' backgrounds composited, the text's own alpha
 * and the opacity of it and its ancestors applied) is below AA. Disabled controls are exempt (WCAG 1.4.3).
 */
function auditPage(): { repeatedIds: string[]; strayLabels: string[]; lowContrast: Contrast[]; checked: number } {
  const ids = [...document.querySelectorAll('[id]')].map((el) => el.id);
  const repeatedIds = [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
  const strayLabels = [...document.querySelectorAll('label[for]')]
    .filter((label) => !document.getElementById(label.getAttribute('for')!)?.matches('input, select, textarea, button'))
    .map((label) => `${label.getAttribute('for')}: ${label.textContent}`);

  type RGBA = [number, number, number, number];
  const parse = (css: string): RGBA => {
    const m = css.match(/rgba?\(([^)]+)\)/);
    if (!m) throw new Error(`unexpected colour ${css}`);
    const [r, g, b, a = '1'] = m[1]!.split(/[ ,/]+/).filter(Boolean);
    return [Number(r), Number(g), Number(b), Number(a)];
  };
  /** `top` over `under` (opaque). */
  const over = (top: RGBA, under: RGBA): RGBA => {
    const a = top[3];
    return [top[0] * a + under[0] * (1 - a), top[1] * a + under[1] * (1 - a), top[2] * a + under[2] * (1 - a), 1];
  };
  const backgroundOf = (el: Element): RGBA => {
    const layers: RGBA[] = [];
    for (let e: Element | null = el; e; e = e.parentElement) {
      const bg = parse(getComputedStyle(e).backgroundColor);
      if (bg[3] > 0) layers.push(bg);
      if (bg[3] >= 1) break;
    }
    return layers.reduceRight<RGBA>((under, top) => over(top, under), [255, 255, 255, 1]);
  };
  const luminance = ([r, g, b]: RGBA) => {
    const lin = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const hex = (c: RGBA) =>
    `#${c
      .slice(0, 3)
      .map((x) => Math.round(x).toString(16).padStart(2, '0'))
      .join('')}`;
  const describe = (el: Element) =>
    `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;

  const lowContrast: Contrast[] = [];
  let checked = 0;
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('svg, option, script, style, :disabled, [aria-disabled="true"]')) continue;
    const field = el.matches('input:not([type="radio"], [type="checkbox"], [type="range"], [type="file"]), select, textarea');
    const value = field ? (el as HTMLInputElement).value.trim() : '';
    // An empty box shows its placeholder, in the placeholder's own colour.
    const placeholder = field && !value ? ((el as HTMLInputElement).placeholder ?? '').trim() : '';
    const ownText = field
      ? value || placeholder
      : [...el.childNodes]
          .filter((n) => n.nodeType === Node.TEXT_NODE)
          .map((n) => n.textContent)
          .join('')
          .trim();
    if (!ownText) continue;
    const style = getComputedStyle(el);
    const colour = placeholder ? getComputedStyle(el, '::placeholder').color : style.color;
    const rect = el.getBoundingClientRect();
    // Not seen: not rendered, hidden, or clipped to a pixel (text for screen readers only).
    if (rect.width <= 1 || rect.height <= 1 || style.visibility !== 'visible' || el.closest('.visually-hidden')) continue;
    let opacity = 1;
    for (let e: Element | null = el; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
    if (opacity === 0) continue;
    const background = backgroundOf(el);
    const text = parse(colour);
    const color = over([text[0], text[1], text[2], text[3] * opacity], background);
    const [l1, l2] = [luminance(color), luminance(background)].sort((a, b) => b - a);
    const ratio = (l1! + 0.05) / (l2! + 0.05);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    const needed = large ? 3 : 4.5;
    checked++;
    if (ratio < needed)
      lowContrast.push({
        text: ownText.slice(0, 60),
        ratio: Math.round(ratio * 100) / 100,
        needed,
        color: hex(color),
        background: hex(background),
        where: describe(el),
      });
  }
  return { repeatedIds, strayLabels, lowContrast, checked };
}

/**
 * Chromium's own accessible names: every input, select, textarea and button the accessibility tree
 * exposes has one (a `<label for>`, a wrapping label, aria-label or aria-labelledby, or a button's text).
 */
async function unnamedControls(page: Page): Promise<{ unnamed: string[]; checked: number }> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('Accessibility.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector: 'input, select, textarea, button' });
    const { nodes } = await cdp.send('Accessibility.getFullAXTree', {});
    const byBackend = new Map(nodes.filter((n) => n.backendDOMNodeId !== undefined).map((n) => [n.backendDOMNodeId!, n]));
    const unnamed: string[] = [];
    let checked = 0;
    for (const nodeId of nodeIds) {
      const { node } = await cdp.send('DOM.describeNode', { nodeId });
      const ax = byBackend.get(node.backendNodeId);
      if (!ax || ax.ignored) continue; // not exposed: display: none, or inside a closed <details>
      checked++;
      const name = String(ax.name?.value ?? '').trim();
      if (!name) {
        const { outerHTML } = await cdp.send('DOM.getOuterHTML', { nodeId });
        unnamed.push(outerHTML.slice(0, 140));
      }
    }
    return { unnamed, checked };
  } finally {
    await cdp.detach();
  }
}

async function expectAccessible(page: Page, minimum: { controls: number; texts: number }) {
  const audit = await page.evaluate(auditPage);
  expect(audit.repeatedIds, 'ids used more than once').toEqual([]);
  expect(audit.strayLabels, 'labels that name no control').toEqual([]);
  expect(audit.lowContrast, 'text below WCAG AA contrast').toEqual([]);
  expect(audit.checked).toBeGreaterThan(minimum.texts);
  const names = await unnamedControls(page);
  expect(names.unnamed, 'controls without an accessible name').toEqual([]);
  expect(names.checked).toBeGreaterThan(minimum.controls);
}

describe('Chromium: the options page is accessible', () => {
  it('unique ids, named controls and AA contrast on the options page and the popup; a cap label focuses its own box', async () => {
    const popup = await browser.open('popup.html');
    expect(await sendFromPage(popup, 'profile.import', { text: JSON.stringify(profile) })).toMatchObject({ ok: true });
    expect(await sendFromPage(popup, 'memory.put', { memory })).toMatchObject({ ok: true });
    await popup.reload();
    await popup.getByText('Pediatric nurse').waitFor();
    await expectAccessible(popup, { controls: 10, texts: 10 });
    await popup.getByRole('button', { name: 'Add a fact' }).click();
    await popup.getByRole('form', { name: 'Add attribute' }).waitFor();
    await expectAccessible(popup, { controls: 15, texts: 10 });

    const options = await browser.open('options.html');
    const budget = options.getByRole('region', { name: 'Privacy budget' });
    await budget.getByRole('meter', { name: 'My child · Age' }).waitFor();
    const memories = options.getByRole('region', { name: 'Memories' });
    await memories.getByRole('button', { name: 'Edit memory: I like spicy food' }).waitFor();
    await options.getByRole('region', { name: 'Your next release' }).getByText('You · Occupation').waitFor();
    await expectAccessible(options, { controls: 40, texts: 60 });

    // With forms open: an edited memory, an edited fact, a cap being changed.
    await memories.getByRole('button', { name: 'Edit memory: I like spicy food' }).click();
    await options.getByRole('button', { name: 'Edit your location' }).click();
    await options.getByRole('form', { name: 'Edit attribute' }).waitFor();
    await budget.getByRole('button', { name: `Change cap of my child's age` }).click();
    await expectAccessible(options, { controls: 45, texts: 60 });
    await screenshot(options, 'options-accessibility');

    // Each cap's label focuses its own box (both were once id="attribute-cap": one label focused the other box).
    const settings = options.getByRole('region', { name: 'Settings' });
    await settings.getByText('Cap per withheld fact (ε)', { exact: true }).click();
    expect(await options.evaluate(() => [document.activeElement?.id, document.activeElement?.closest('section')?.getAttribute('aria-labelledby')])).toEqual([
      'settings-attribute-cap',
      'settings-heading',
    ]);
    await memories.getByText('Cap (ε)', { exact: true }).click();
    expect(await options.evaluate(() => [document.activeElement?.id, document.activeElement?.closest('section')?.getAttribute('aria-labelledby')])).toEqual([
      'memory-attribute-cap',
      'memories-heading',
    ]);

    // An error reads as well as the rest.
    await settings.getByLabel('Cap per withheld fact (ε)').fill('0');
    await settings.getByRole('button', { name: 'Save caps' }).click();
    await settings.getByRole('alert').getByText('Caps must be numbers greater than 0.').waitFor();

    // A confirmation over the page: its text reads against the dialog, and its controls are named.
    await memories.getByLabel(/Cap for type 2 diabetes/).fill('8');
    await memories.getByLabel(/Cap for type 2 diabetes/).press('Tab'); // the change lands when the box is left
    const dialog = options.getByRole('alertdialog', { name: /Raise the cap of type 2 diabetes/ });
    await dialog.waitFor();
    await expectAccessible(options, { controls: 45, texts: 60 });
    // And the status line that follows it.
    await dialog.getByRole('button', { name: 'Raise cap' }).click();
    await memories.getByText('The cap of “type 2 diabetes” is now ε 8.').waitFor();
    await expectAccessible(options, { controls: 45, texts: 60 });
  });
});
