// @vitest-environment happy-dom
/**
 * The private compose box's page (src/ui/pages/Compose.tsx) against the real dispatcher, as the framed box
 * of a tab whose content script began the session: it protects as the person types, with the review's marks
 * and choices (Keep as typed / Replace / Generalize), lets them change a stand-in, offers mapping into
 * another domain as a choice that says what it costs, names every control, and sends only the text shown.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { composeCommand, type ComposeCommand } from '../../../src/messaging/to-content';
import type { SenderInfo } from '../../../src/messaging/sender';
import { ClientContext } from '../../../src/ui/client';
import { Compose } from '../../../src/ui/pages/Compose';
import { harness, SELF } from '../messaging/harness';
import { listTag } from '../crossmap/tagging';

afterEach(cleanup);

const PAGE = 'https://chatgpt.com/c/abc';
const CONTENT: SenderInfo = { id: SELF.id, url: PAGE, tab: { id: 5, url: PAGE }, frameId: 0 };
const BOX: SenderInfo = { id: SELF.id, url: `${SELF.origin}compose.html`, tab: { id: 5, url: PAGE }, frameId: 3 };

/** The box of a tab whose content script began a compose session, with `tag` as the tagger; the commands sent to the tab. */
async function openBox(tag: typeof listTag) {
  const commands: ComposeCommand[] = [];
  const h = harness(undefined, {
    tagger: { tag },
    toContent: async (_t, _f, command) => (commands.push(composeCommand.parse(command)), { ok: true }),
  });
  const token = crypto.randomUUID().replaceAll('-', '');
  await h.client(CONTENT)('compose.begin', { conversation: 'c/abc', token });
  render(
    <ClientContext.Provider value={h.client(BOX)}>
      <Compose nextTokens={() => Promise.resolve([token])} />
    </ClientContext.Provider>,
  );
  return { h, commands, box: await screen.findByLabelText('Your message (stays in Veil)') };
}

describe('the compose box page', () => {
  it('protects as the person types with the review’s marks and choices, lets a stand-in be changed, maps into another domain only when chosen, and sends only the text shown', async () => {
    const { h, commands, box } = await openBox(listTag);
    await expect.poll(() => document.activeElement).toBe(box);
    fireEvent.input(box, { target: { value: 'My son Leo has asthma.' } });
    const mapped = await screen.findByTestId('compose-mapped', {}, { timeout: 3000 });
    // By default: the name gets a stand-in, the condition goes only by its kind, marked as in the review.
    expect(mapped.textContent).toMatch(/^My son \S+ has a lung or airway condition\.$/);
    expect([...mapped.querySelectorAll('mark')].map((m) => [m.className, m.title])).toEqual([
      ['veil-mark replace', 'a name: you typed “Leo”'],
      ['veil-mark generalize', 'a health matter: you typed “asthma”'],
    ]);
    expect([...screen.getByTestId('compose-original').querySelectorAll('mark')].map((m) => m.title)).toEqual(['a name', 'a health matter']);
    expect(screen.getByText(/^Read as English\. The site gets your message with 1 detail replaced by stand-ins, 1 matter only by its kind\./)).toBeTruthy();
    expect(screen.getByRole('radio', { name: /^Protect what I write/ })).toHaveProperty('checked', true);
    // The site's own box never saw this draft: the box does not say it did.
    expect(document.body.textContent).not.toMatch(/already shown it your draft/);

    // Keep as typed, for one span: at once.
    const asthma = screen.getByRole('group', { name: 'What to send for “asthma”' });
    fireEvent.click(within(asthma).getByRole('button', { name: 'Keep as typed' }));
    await expect.poll(() => screen.getByTestId('compose-mapped').textContent).toMatch(/^My son \S+ has asthma\.$/);
    fireEvent.click(
      within(screen.getByRole('group', { name: 'What to send for “asthma”' })).getByRole('button', { name: 'Generalize to “a lung or airway condition”' }),
    );
    await expect.poll(() => screen.getByTestId('compose-mapped').textContent).toMatch(/has a lung or airway condition\.$/);

    const pairs = screen.getByRole('list', { name: 'Replacements' });
    fireEvent.click(within(pairs).getAllByRole('button', { name: 'Change' })[0]!);
    const input = within(pairs).getByLabelText('Replacement for Leo');
    fireEvent.input(input, { target: { value: 'Rowan' } });
    fireEvent.click(within(pairs).getByRole('button', { name: 'Save' }));
    await expect.poll(() => screen.getByTestId('compose-mapped').textContent).toBe('My son Rowan has a lung or airway condition.');

    // Mapping into another domain is a choice, and says what it costs.
    const themed = screen.getByRole('radio', { name: 'Map into another domain (for writing and planning tasks)' });
    expect(document.getElementById(themed.getAttribute('aria-describedby')!)!.textContent).toBe(
      'The assistant then answers about the substitute domain: Veil maps its answer back into your words, but facts specific to your real domain (medical advice, for example) are lost.',
    );
    fireEvent.click(themed);
    await expect
      .poll(() => [...screen.getByTestId('compose-mapped').querySelectorAll('mark')].map((m) => m.title))
      .toEqual(['stands for: Leo', 'stands for: asthma']);
    expect(screen.getByTestId('compose-mapped').textContent).toMatch(/^My son Rowan has /);
    expect(screen.getByTestId('compose-mapped').textContent).not.toMatch(/asthma|airway condition/);
    expect(screen.getByTestId('compose-mapped-by').textContent).toBe("Mapped by Veil's word lists, on this device.");
    // The theme reads as words ("with words about an orchard"), not as its id.
    expect(document.body.textContent).toMatch(/recognises\s+with words about (an? [a-z ]+|beekeeping), and nothing else/);

    // Every control has a name a screen reader can say.
    for (const control of document.querySelectorAll('input, textarea, button')) {
      const named =
        control.getAttribute('aria-label') || (control.id && document.querySelector(`label[for="${control.id}"]`)?.textContent) || control.textContent;
      expect(named?.trim(), control.outerHTML.slice(0, 80)).toBeTruthy();
    }

    fireEvent.click(screen.getByRole('button', { name: 'Send the mapped text…' }));
    await expect.poll(() => commands.length).toBe(1);
    expect(commands[0]).toMatchObject({ veilCompose: 'send', text: screen.getByTestId('compose-mapped').textContent });
    await screen.findByText(/Waiting for ChatGPT's answer/);
    h.db.close();
  });

  it('Ctrl+Enter pressed while the preview is still being mapped sends once it is ready (the key had been dropped)', async () => {
    // A tagger as slow as a busy machine's: the preview's mapping is still running when the key is pressed.
    const slowTag: typeof listTag = async (text) => (await new Promise((resolve) => setTimeout(resolve, 600)), listTag(text));
    const { h, commands, box } = await openBox(slowTag);
    fireEvent.input(box, { target: { value: 'My son Leo has asthma.' } });
    // The preview's mapping has begun (the box's choices are disabled while it runs).
    await expect.poll(() => screen.getByRole('radio', { name: /^Protect what I write/ }).hasAttribute('disabled'), { timeout: 3000 }).toBe(true);
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    await expect.poll(() => commands.length, { timeout: 5000 }).toBe(1);
    expect(commands[0]).toMatchObject({ veilCompose: 'send' });
    expect(commands[0]!.veilCompose === 'send' && commands[0]!.text).toMatch(/^My son \S+ has a lung or airway condition\.$/);
    h.db.close();
  });
});
