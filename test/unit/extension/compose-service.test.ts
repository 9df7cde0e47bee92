/**
 * CROSS-MAP's compose box through the real dispatcher (issue 10): only the box frame that presents the
 * one-time token sees its session; mapping uses the conversation's codebook (consistent across prompts) and
 * the profile's values; Send hands only the mapped text to the content script; the answer the content script
 * reads is recovered for the box alone; a content script cannot map, read or edit anything.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ComposeCommand } from '../../../src/extension/compose-service';
import { MessageError } from '../../../src/messaging/client';
import type { SenderInfo } from '../../../src/messaging/sender';
import { readCodebook } from '../../../src/storage/codebook-store';
import { harness, SELF, type Harness } from '../messaging/harness';

let h: Harness;
afterEach(() => h?.db.close());

const PAGE = 'https://chatgpt.com/c/abc';
const CONTENT: SenderInfo = { id: SELF.id, url: PAGE, tab: { id: 5, url: PAGE }, frameId: 0 };
const BOX: SenderInfo = { id: SELF.id, url: `${SELF.origin}compose.html`, tab: { id: 5, url: PAGE }, frameId: 3 };
const PAGE_FRAMED: SenderInfo = { ...BOX, frameId: 7 };
const token = () => crypto.randomUUID().replaceAll('-', '');

async function setUp() {
  const commands: ComposeCommand[] = [];
  h = harness(undefined, { toTabCompose: async (_tab, _frame, command) => (commands.push(command), { ok: true }) });
  await h.client()('profile.import', {
    text: JSON.stringify({ version: 1, attributes: [{ entity: 'self', field: 'employer', value: 'Northwind Traders', sharing: 'withheld' }] }),
  });
  const content = h.client(CONTENT);
  const box = h.client(BOX);
  const t = token();
  const { composeId } = await content('compose.begin', { conversation: 'c/abc', token: t });
  return { commands, content, box, composeId, t };
}

describe('the compose box', () => {
  it('maps in the box, sends only the mapped text, and recovers the answer for the box alone', async () => {
    const { commands, content, box, composeId, t } = await setUp();
    await expect(h.client(PAGE_FRAMED)('compose.get', {})).rejects.toThrow(MessageError);
    await box('compose.get', { token: t });
    const view = await box('compose.map', { text: 'My son Leo has asthma and I work at Northwind Traders in Leeds.' });
    expect(view.mapped).not.toMatch(/Leo|asthma|Northwind Traders|Leeds/);
    expect(view.dictionary.map((d) => d.original).sort()).toEqual(['Leeds', 'Leo', 'Northwind Traders', 'asthma']);
    // A page that framed compose.html itself, or another frame, gets nothing; the token is spent.
    await expect(h.client(PAGE_FRAMED)('compose.get', { token: t })).rejects.toThrow(/not open/);

    // The same conversation maps the same words the same way.
    const again = await box('compose.map', { text: 'Is asthma worse in Leeds in winter?' });
    const sub = (original: string) => view.dictionary.find((d) => d.original === original)!.substitute;
    expect(again.mapped).toContain(sub('asthma'));
    expect(again.mapped).toContain(sub('Leeds'));

    await box('compose.send', {});
    expect(commands).toEqual([{ veilCompose: 'send', composeId, text: again.mapped }]);
    expect((await box('compose.get', {})).state).toBe('waiting');

    const answer = `${sub('asthma').charAt(0).toUpperCase()}${sub('asthma').slice(1)} can flare in cold weather in ${sub('Leeds')}.`;
    await content('compose.answer', { composeId, text: answer });
    const done = await box('compose.get', {});
    expect(done.state).toBe('answered');
    expect(done.answer!.text).toBe('Asthma can flare in cold weather in Leeds.');
    expect(done.answer!.restored.map((r) => r.original)).toEqual(['asthma', 'Leeds']);
  });

  it('keeps codebooks per conversation, lets the person choose a substitute, and forgets on request', async () => {
    const { box, t } = await setUp();
    await box('compose.get', { token: t });
    await box('compose.map', { text: 'Mia has eczema.' });
    const edited = await box('compose.edit', { original: 'Mia', substitute: 'Rosa' });
    expect(edited.mapped).toMatch(/^Rosa has /);
    expect((await readCodebook(h.db, 'chatgpt', 'c/abc'))!.entries.find((e) => e.original === 'Mia')!.substitute).toBe('Rosa');
    await expect(box('compose.edit', { original: 'Mia', substitute: 'mia' })).rejects.toThrow(/original itself/);
    await box('compose.forget', {});
    expect(await readCodebook(h.db, 'chatgpt', 'c/abc')).toBeUndefined();
    // The person's always-map words are replaced too, any case.
    await h.client()('settings.update', { patch: { alwaysMap: ['Project Orion'] } });
    const view = await box('compose.map', { text: 'Is project orion late?' });
    expect(view.mapped).not.toMatch(/orion/i);
    expect(view.spans.map((s) => [s.kind, s.text])).toEqual([['custom', 'project orion']]);
  });

  it('moves a new chat’s codebook to the id the site gave it, so the same words map the same way after a reload', async () => {
    const { content, box, composeId, t } = await setUp();
    await box('compose.get', { token: t });
    const first = await box('compose.map', { text: 'Leo has asthma.' });
    await box('compose.send', {});
    await content('compose.answer', { composeId, text: 'Fine.', conversation: 'c/xyz' });
    expect(await readCodebook(h.db, 'chatgpt', 'c/abc')).toBeUndefined();
    expect((await readCodebook(h.db, 'chatgpt', 'c/xyz'))!.entries).toEqual(first.dictionary);
    // A box opened later for that conversation (after a reload) finds it.
    const t2 = token();
    await content('compose.begin', { conversation: 'c/xyz', token: t2 });
    const later = await box('compose.get', { token: t2 });
    expect(later.dictionary).toEqual(first.dictionary);
  });

  it('maps with the language model in use when its mapping passes Veil’s checks, and says when it did not', async () => {
    const { box, t } = await setUp();
    await box('compose.get', { token: t });
    const model = 'HuggingFaceTB/SmolLM2-135M-Instruct';
    await h.db.modelFiles.put({ modelId: model, file: 'config.json', bytes: new Uint8Array([123, 125]), storedAt: 1 });
    await h.client()('model.useGenerator', { model });
    h.model.generates = async () =>
      JSON.stringify({ theme: 'orchard', dictionary: [{ original: 'Leo', substitute: 'Ash' }, { original: 'asthma', substitute: 'leaf curl' }], mapped: 'Ash has leaf curl.' });
    const used = await box('compose.map', { text: 'Leo has asthma.' });
    expect(used).toMatchObject({ mapped: 'Ash has leaf curl.', mappedBy: 'SmolLM2 135M Instruct (English)', note: null });
    // A model that leaves an original in: Veil's own mapping, and the box says why.
    h.model.generates = async () => JSON.stringify({ theme: 'orchard', dictionary: [{ original: 'Mia', substitute: 'Rosa' }, { original: 'eczema', substitute: 'scab' }], mapped: 'Rosa has eczema.' });
    const refused = await box('compose.map', { text: 'Mia has eczema.' });
    expect(refused.mappedBy).toBe("Veil's word lists");
    expect(refused.note).toMatch(/SmolLM2 135M Instruct \(English\) was not used for this message \(the mapped text still says “eczema”\)/);
    expect(refused.mapped).not.toMatch(/Mia|eczema/);
    await h.client()('model.useGenerator', { model: null });
    expect((await box('compose.map', { text: 'Leo has asthma.' })).mappedBy).toBe("Veil's word lists");
  });

  it('refuses the box’s messages from a content script, and the content script’s from the box', async () => {
    const { content, box, composeId, t } = await setUp();
    await box('compose.get', { token: t });
    await expect(content('compose.map' as never, { text: 'x' } as never)).rejects.toThrow(/refused from a content script/);
    await expect(content('compose.get' as never, {} as never)).rejects.toThrow(/refused/);
    await expect(box('compose.answer' as never, { composeId, text: 'x' } as never)).rejects.toThrow(/refused/);
    // Sending before anything was mapped sends nothing.
    await expect(box('compose.send', {})).rejects.toThrow(/nothing to send/);
  });
});
