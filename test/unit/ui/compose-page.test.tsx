// @vitest-environment happy-dom
/**
 * The private compose box's page (src/ui/pages/Compose.tsx) against the real dispatcher, as the framed box
 * of a tab whose content script began the session: it maps as the person types, marks every replacement,
 * lets them change one, names every control, and sends only the mapped text.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { ComposeCommand } from '../../../src/extension/compose-service';
import type { SenderInfo } from '../../../src/messaging/sender';
import { ClientContext } from '../../../src/ui/client';
import { Compose } from '../../../src/ui/pages/Compose';
import { harness, SELF } from '../messaging/harness';

afterEach(cleanup);

const PAGE = 'https://chatgpt.com/c/abc';
const CONTENT: SenderInfo = { id: SELF.id, url: PAGE, tab: { id: 5, url: PAGE }, frameId: 0 };
const BOX: SenderInfo = { id: SELF.id, url: `${SELF.origin}compose.html`, tab: { id: 5, url: PAGE }, frameId: 3 };

describe('the compose box page', () => {
  it('maps as the person types, marks the replacements, lets one be changed, and sends only the mapped text', async () => {
    const commands: ComposeCommand[] = [];
    const h = harness(undefined, { toTabCompose: async (_t, _f, command) => (commands.push(command), { ok: true }) });
    const token = crypto.randomUUID().replaceAll('-', '');
    await h.client(CONTENT)('compose.begin', { conversation: 'c/abc', token });
    render(
      <ClientContext.Provider value={h.client(BOX)}>
        <Compose nextToken={() => Promise.resolve(token)} />
      </ClientContext.Provider>,
    );
    const box = await screen.findByLabelText('Your message (stays in Veil)');
    await expect.poll(() => document.activeElement).toBe(box);
    fireEvent.input(box, { target: { value: 'My son Leo has asthma.' } });
    const mapped = await screen.findByTestId('compose-mapped', {}, { timeout: 3000 });
    expect(mapped.textContent).not.toMatch(/Leo|asthma/);
    expect([...mapped.querySelectorAll('mark')].map((m) => m.title)).toEqual(['stands for: Leo', 'stands for: asthma']);
    expect(screen.getByTestId('compose-mapped-by').textContent).toBe("Mapped by Veil's word lists, on this device.");
    // The theme reads as words ("with words about an orchard"), not as its id.
    expect(document.body.textContent).toMatch(/recognises\s+with words about (an? [a-z ]+|beekeeping), and nothing else/);

    const pairs = screen.getByRole('list', { name: 'Replacements' });
    fireEvent.click(within(pairs).getAllByRole('button', { name: 'Change' })[0]!);
    const input = within(pairs).getByLabelText('Replacement for Leo');
    fireEvent.input(input, { target: { value: 'Rowan' } });
    fireEvent.click(within(pairs).getByRole('button', { name: 'Save' }));
    await expect.poll(() => screen.getByTestId('compose-mapped').textContent).toMatch(/^My son Rowan has /);

    // Every control has a name a screen reader can say.
    for (const control of document.querySelectorAll('input, textarea, button')) {
      const named = control.getAttribute('aria-label') || (control.id && document.querySelector(`label[for="${control.id}"]`)?.textContent) || control.textContent;
      expect(named?.trim(), control.outerHTML.slice(0, 80)).toBeTruthy();
    }

    fireEvent.click(screen.getByRole('button', { name: 'Send the mapped text…' }));
    await expect.poll(() => commands.length).toBe(1);
    expect(commands[0]).toMatchObject({ veilCompose: 'send', text: screen.getByTestId('compose-mapped').textContent });
    await screen.findByText(/Waiting for ChatGPT's answer/);
    h.db.close();
  });
});
