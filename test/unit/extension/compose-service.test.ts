/**
 * CROSS-MAP's compose box through the real dispatcher (issues 10 and 18): only the box frame that presents the
 * one-time token sees its session; by default the text is protected as every reviewed send is (identifiers
 * replaced, special categories generalized, Keep / Replace / Generalize per span), mapping into another
 * domain only when the person chooses it; both use the conversation's codebook (consistent across prompts
 * and shared with the review) and the profile's values; Send hands only the mapped text to the content
 * script; the answer the content script reads is recovered for the box alone; a content script cannot map,
 * read or edit anything.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { composeCommand, type ComposeCommand } from '../../../src/messaging/to-content';
import { MessageError } from '../../../src/messaging/client';
import type { SenderInfo } from '../../../src/messaging/sender';
import { readCodebook } from '../../../src/storage/codebook-store';
import { harness, SELF, type Harness } from '../messaging/harness';
import { listTag } from '../crossmap/tagging';

let h: Harness;
afterEach(() => h?.db.close());

const PAGE = 'https://chatgpt.com/c/abc';
const CONTENT: SenderInfo = { id: SELF.id, url: PAGE, tab: { id: 5, url: PAGE }, frameId: 0 };
const BOX: SenderInfo = { id: SELF.id, url: `${SELF.origin}compose.html`, tab: { id: 5, url: PAGE }, frameId: 3 };
const PAGE_FRAMED: SenderInfo = { ...BOX, frameId: 7 };
const token = () => crypto.randomUUID().replaceAll('-', '');

async function setUp() {
  const commands: ComposeCommand[] = [];
  h = harness(undefined, {
    tagger: { tag: listTag },
    toContent: async (_tab, _frame, command) => (commands.push(composeCommand.parse(command)), { ok: true }),
  });
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
  it('protects by default: names and places replaced, the condition generalized; sends only that text and reads the answer back for the box alone', async () => {
    const { commands, content, box, composeId, t } = await setUp();
    await expect(h.client(PAGE_FRAMED)('compose.get', {})).rejects.toThrow(MessageError);
    expect((await box('compose.get', { tokens: [t] })).mode).toBe('protect');
    const view = await box('compose.map', { text: 'My son Leo has asthma and I work at Northwind Traders in Leeds.' });
    expect(view.mapped).not.toMatch(/Leo|asthma|Northwind Traders|Leeds/);
    // A city can have several words ("Puente Alto"): the place is a capitalised name of one or more words.
    expect(view.mapped).toMatch(/^My son \S+ has a lung or airway condition and I work at .+ in \p{Lu}[\p{L}'’ -]*\.$/u);
    const by = (original: string) => view.message.marks.find((m) => m.original === original)!;
    expect(view.message.marks.map((m) => [m.original, m.treatment])).toEqual([
      ['Leo', 'replace'],
      ['asthma', 'generalize'],
      // A withheld profile value: generalized to what a release says of it (here no release: its kind).
      ['Northwind Traders', 'generalize'],
      ['Leeds', 'replace'],
    ]);
    expect(by('Northwind Traders').kindLabel).toBe('from your profile');
    expect(by('asthma')).toMatchObject({ kindLabel: 'a health matter', special: true, generalization: 'a lung or airway condition' });
    // Each mark sits where the box highlights it in the text to send.
    for (const m of view.message.marks) expect(view.mapped.slice(m.start, m.end)).toBe(m.treatment === 'generalize' ? m.generalization : m.substitute);
    expect(view.message.learns).toBe(
      'Read as English. The site gets your message with 2 details replaced by stand-ins, 2 matters only by their kind. Anything Veil did not mark goes as typed.',
    );
    // Nothing is stored for a draft: the codebook gets this message's pairs when it is sent.
    expect(view.dictionary).toEqual([]);
    // A page that framed compose.html itself, or another frame, gets nothing; the token is spent.
    await expect(h.client(PAGE_FRAMED)('compose.get', { tokens: [t] })).rejects.toThrow(/not open/);

    // The same conversation gets the same stand-ins.
    const again = await box('compose.map', { text: 'Is asthma worse in Leeds in winter?' });
    expect(again.mapped).toBe(`Is a lung or airway condition worse in ${by('Leeds').substitute} in winter?`);

    await box('compose.send', {});
    expect(commands).toEqual([{ veilCompose: 'send', composeId, text: again.mapped }]);
    const waiting = await box('compose.get', {});
    expect(waiting.state).toBe('waiting');
    expect(waiting.dictionary.map((d) => d.original)).toEqual(['Leeds']);
    // The codebook is the review's: it keeps its secret.
    expect((await readCodebook(h.db, 'chatgpt', 'c/abc'))!.secret).toMatch(/^[0-9a-f]{32}$/);

    await content('compose.answer', { composeId, text: `A lung or airway condition can flare in cold weather in ${by('Leeds').substitute}.` });
    const done = await box('compose.get', {});
    expect(done.state).toBe('answered');
    expect(done.answer!.text).toBe('A lung or airway condition can flare in cold weather in Leeds.');
    expect(done.answer!.restored.map((r) => r.original)).toEqual(['Leeds']);
  });

  it('keeps the person’s choice per span (Keep as typed, Replace, Generalize) while they type on, and reads a replaced condition back', async () => {
    const { content, box, composeId, t } = await setUp();
    await box('compose.get', { tokens: [t] });
    const first = await box('compose.map', { text: 'Mia has eczema in Leeds.' });
    const mark = (v: typeof first, original: string) => v.message.marks.find((m) => m.original === original)!;
    const kept = await box('compose.choose', { mark: mark(first, 'Leeds').id, treatment: 'keep' });
    expect(kept.mapped).toBe(`${mark(first, 'Mia').substitute} has a skin condition in Leeds.`);
    expect(mark(kept, 'Leeds').treatment).toBe('keep');
    const replaced = await box('compose.choose', { mark: mark(kept, 'eczema').id, treatment: 'replace' });
    const decoy = mark(replaced, 'eczema').substitute;
    expect(replaced.mapped).toBe(`${mark(first, 'Mia').substitute} has ${decoy} in Leeds.`);
    // Typing on (the spans move) keeps the choices.
    const longer = await box('compose.map', { text: 'Oh, Mia has eczema in Leeds.' });
    expect(longer.mapped).toBe(`Oh, ${mark(first, 'Mia').substitute} has ${decoy} in Leeds.`);
    // A name has no generalization: Replace stays.
    const general = await box('compose.choose', { mark: mark(longer, 'Mia').id, treatment: 'generalize' });
    expect(mark(general, 'Mia')).toMatchObject({ treatment: 'replace', generalization: null });
    await expect(box('compose.choose', { mark: '90-95', treatment: 'keep' })).rejects.toThrow(/no longer in your message/);

    await box('compose.send', {});
    const answer = `${decoy.charAt(0).toUpperCase()}${decoy.slice(1)} is common.`;
    await content('compose.answer', { composeId, text: answer });
    expect((await box('compose.get', {})).answer!.text).toBe('Eczema is common.');

    // The person's default per kind (settings) is the review's, and a choice in the box still wins over it.
    await h.client()('settings.update', { patch: { messageDefaults: { health: 'keep', place: 'generalize' } } });
    const defaults = await box('compose.map', { text: 'Is asthma worse in Leeds or in Leeds?' });
    expect(defaults.mapped).toBe('Is asthma worse in Leeds or in Leeds?');
    const fresh = await box('compose.map', { text: 'Is asthma worse in Bradford?' });
    expect(fresh.mapped).toBe('Is asthma worse in a place?');
  });

  it('maps into another domain only when the person chooses it, with the same codebook, and reads the answer back', async () => {
    const { content, box, composeId, t } = await setUp();
    await box('compose.get', { tokens: [t] });
    const protectedView = await box('compose.map', { text: 'My son Leo has asthma.' });
    const leo = protectedView.message.marks[0]!.substitute;
    await box('compose.send', {});
    const themed = await box('compose.mode', { mode: 'themed' });
    expect(themed.mode).toBe('themed');
    expect(themed.message.marks).toEqual([]);
    // The name keeps the stand-in the conversation already sent; the condition becomes a word of the theme.
    expect(themed.mapped).toMatch(new RegExp(`^My son ${leo} has `));
    expect(themed.mapped).not.toMatch(/asthma|a lung or airway condition/);
    expect(themed.dictionary.map((d) => d.original).sort()).toEqual(['Leo', 'asthma']);
    const asthma = themed.dictionary.find((d) => d.original === 'asthma')!.substitute;
    await box('compose.send', {});
    await content('compose.answer', { composeId, text: `${leo} should avoid cold air with ${asthma}.` });
    expect((await box('compose.get', {})).answer!.text).toBe('Leo should avoid cold air with asthma.');
    // And back: protect generalizes the condition again.
    expect((await box('compose.mode', { mode: 'protect' })).mapped).toBe(`My son ${leo} has a lung or airway condition.`);
  });

  it('keeps codebooks per conversation, lets the person choose a substitute, and forgets on request', async () => {
    const { box, t } = await setUp();
    await box('compose.get', { tokens: [t] });
    await box('compose.map', { text: 'Mia has eczema.' });
    const edited = await box('compose.edit', { original: 'Mia', substitute: 'Rosa' });
    expect(edited.mapped).toBe('Rosa has a skin condition.');
    expect((await readCodebook(h.db, 'chatgpt', 'c/abc'))!.entries.find((e) => e.original === 'Mia')!.substitute).toBe('Rosa');
    await expect(box('compose.edit', { original: 'Mia', substitute: 'mia' })).rejects.toThrow(/original itself/);
    await box('compose.forget', {});
    expect(await readCodebook(h.db, 'chatgpt', 'c/abc')).toBeUndefined();
    // The person's always-map words are replaced too, any case.
    await h.client()('settings.update', { patch: { alwaysMap: ['Project Orion'] } });
    const view = await box('compose.map', { text: 'Is project orion late?' });
    expect(view.mapped).not.toMatch(/orion/i);
    expect(view.spans.map((s) => [s.kind, s.text])).toEqual([['custom', 'project orion']]);
    expect((await box('compose.mode', { mode: 'themed' })).mapped).not.toMatch(/orion/i);
  });

  it('moves a new chat’s codebook to the id the site gave it, so the same words map the same way after a reload', async () => {
    const { content, box, composeId, t } = await setUp();
    await box('compose.get', { tokens: [t] });
    const first = await box('compose.map', { text: 'Leo has asthma.' });
    await box('compose.send', {});
    const sent = (await readCodebook(h.db, 'chatgpt', 'c/abc'))!;
    expect(sent.entries.map((e) => e.original)).toEqual(['Leo']);
    await content('compose.answer', { composeId, text: 'Fine.', conversation: 'c/xyz' });
    expect(await readCodebook(h.db, 'chatgpt', 'c/abc')).toBeUndefined();
    expect((await readCodebook(h.db, 'chatgpt', 'c/xyz'))!).toEqual(sent);
    // A box opened later for that conversation (after a reload) finds it.
    const t2 = token();
    await content('compose.begin', { conversation: 'c/xyz', token: t2 });
    const later = await box('compose.get', { tokens: [t2] });
    expect(later.dictionary).toEqual(sent.entries);
    expect((await box('compose.map', { text: 'Leo has asthma.' })).mapped).toBe(first.mapped);
  });

  it('maps with the language model in use only in the themed mode, when its mapping passes Veil’s checks, and says when it did not', async () => {
    const { box, t } = await setUp();
    await box('compose.get', { tokens: [t] });
    const model = 'HuggingFaceTB/SmolLM2-135M-Instruct';
    await h.db.modelFiles.put({ modelId: model, file: 'config.json', bytes: new Uint8Array([123, 125]), storedAt: 1 });
    await h.client()('model.useGenerator', { model });
    let asked = 0;
    h.model.generates = async () => (
      asked++,
      JSON.stringify({
        theme: 'orchard',
        dictionary: [
          { original: 'Leo', substitute: 'Ash' },
          { original: 'asthma', substitute: 'leaf curl' },
        ],
        mapped: 'Ash has leaf curl.',
      })
    );
    // Protecting the message does not ask the model.
    expect(await box('compose.map', { text: 'Leo has asthma.' })).toMatchObject({ mappedBy: "Veil's word lists", note: null });
    expect(asked).toBe(0);
    const used = await box('compose.mode', { mode: 'themed' });
    expect(used).toMatchObject({ mapped: 'Ash has leaf curl.', mappedBy: 'SmolLM2 135M Instruct (English)', note: null });
    expect(asked).toBe(1);
    // A model that leaves an original in: Veil's own mapping, and the box says why.
    h.model.generates = async () =>
      JSON.stringify({
        theme: 'orchard',
        dictionary: [
          { original: 'Mia', substitute: 'Rosa' },
          { original: 'eczema', substitute: 'scab' },
        ],
        mapped: 'Rosa has eczema.',
      });
    const refused = await box('compose.map', { text: 'Mia has eczema.' });
    expect(refused.mappedBy).toBe("Veil's word lists");
    expect(refused.note).toMatch(/SmolLM2 135M Instruct \(English\) was not used for this message \(the mapped text still says “eczema”\)/);
    expect(refused.mapped).not.toMatch(/Mia|eczema/);
    await h.client()('model.useGenerator', { model: null });
    expect((await box('compose.map', { text: 'Leo has asthma.' })).mappedBy).toBe("Veil's word lists");
  });

  it('refuses the box’s messages from a content script, and the content script’s from the box', async () => {
    const { content, box, composeId, t } = await setUp();
    await box('compose.get', { tokens: [t] });
    await expect(content('compose.map' as never, { text: 'x' } as never)).rejects.toThrow(/refused from a content script/);
    await expect(content('compose.get' as never, {} as never)).rejects.toThrow(/refused/);
    await expect(content('compose.choose' as never, { mark: '0-3', treatment: 'keep' } as never)).rejects.toThrow(/refused/);
    await expect(content('compose.mode' as never, { mode: 'themed' } as never)).rejects.toThrow(/refused/);
    await expect(box('compose.answer' as never, { composeId, text: 'x' } as never)).rejects.toThrow(/refused/);
    // Sending before anything was mapped sends nothing.
    await expect(box('compose.send', {})).rejects.toThrow(/nothing to send/);
  });
});
