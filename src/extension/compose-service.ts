/**
 * CROSS-MAP's private compose box (issue 10), the background's side. The person types a sensitive prompt in
 * Veil's own page (compose.html, in an iframe over the chat page, extension origin): it never enters the
 * site's DOM. The flow mirrors a review (review-service.ts):
 *
 * 1. `begin` (content script): the person opened the compose box; the content script drew a one-time token
 *    and posted it to the box's frame only.
 * 2. The box (`framed`) claims its session with the token: bound to that frame as the browser reports it
 *    (framed-session.ts, the protocol the review panel and the answer read-back share).
 * 3. `map`: by default (mode 'protect') the review's own protection (`protectMessage`, issue 18) with the
 *    conversation's codebook (stored per site and conversation, IndexedDB, shared with the review):
 *    identifiers replaced by stand-ins, special categories generalized to a public phrase, the person's
 *    profile values replaced; per span the person may choose Keep as typed / Replace / Generalize
 *    (`choose`). Mode 'themed' is CROSS-MAP's mapping into another domain (the conversation's theme, or the
 *    language model in use), an explicit choice for writing and planning tasks: the assistant then answers
 *    about the substitute domain, so facts specific to the real one are lost.
 * 4. `send`: only the mapped text goes to the content script, which writes it into the composer and opens
 *    the normal review (the profile release may be appended there, as in any send). The review does not
 *    de-identify that text again because this service told it so (`handOff`), for that frame and that exact
 *    text: nothing the page says turns protection off. The replacements it made join the conversation's codebook.
 * 5. `answer` (content script): the site's answer, read from the page once it stopped streaming, is
 *    recovered here with the codebook; the box polls for it. The recovered text goes to the box only.
 * 6. `recover` (the box): an answer the person pasted (a site whose answers Veil cannot read).
 *
 * Sessions live in session storage (they hold the original prompt), never on disk; codebooks are on disk
 * in the extension's own database, and the person can delete them.
 */
import { createOfflineMapper, detectSpans, protect, recover, type CodebookState, type Protected, type Span, type Tagging, type Treatment } from '../crossmap';
import { messageOptions } from './message-options';
import { lookupKey } from '../crossmap/codebook';
import { learns, placedMarks } from './message-marks';
import { generativeMapper } from '../crossmap/generative';
import { themeAbout } from '../crossmap/themes';
import { generatorModel } from '../model-host/catalog';
import { readActiveGenerator } from '../storage/model-store';
import { cryptoRandomSource } from '../dp/exact/random';
import { siteLabel } from '../sites/generic';
import { deleteCodebook, editSubstitute, readCodebook, saveCodebook } from '../storage/codebook-store';
import { conversationCodebook, moveCodebook } from './conversation-codebook';
import type { ContentReply, ToContent } from '../messaging/to-content';
import type { VeilDatabase } from '../storage/db';
import { Refusal } from '../storage/errors';
import { readProfile } from '../storage/profile-store';
import { readSettings } from '../storage/settings-store';
import type { ComposeMode, ComposeView } from '../messaging/contract';
import type { ComposeRecord } from './compose-record';
import { frameOf, framedSessions, type Sender, type SessionStore } from './framed-session';

export interface ComposeDeps {
  db: VeilDatabase;
  /** The language model in use for private compose, if the person installed one (the model host's `generate`). */
  generate?: (prompt: string) => Promise<string>;
  store: SessionStore<ComposeRecord>;
  toTab: ToContent;
  now: () => number;
  /** The message tagger (src/crossmap/tagger, on the model host), as the review uses it. */
  tag: (text: string) => Promise<Tagging>;
  /**
   * Tell the review service that this frame will begin a review of exactly `text`, protected here already
   * (review-service.ts `expectComposed`); returns a function that withdraws it. None: the review protects it again.
   */
  handOff?: (tabId: number, frameId: number, text: string) => () => void;
}

const NOTHING_HERE = 'This compose box is not open for a chat page. Open it with the Veil button next to the message box.';

export const WORD_LISTS = "Veil's word lists";

export function createComposeService({ db, store, toTab, now, generate, tag, handOff }: ComposeDeps) {
  const random = cryptoRandomSource();
  const offline = createOfflineMapper(random);
  const generative = generate ? generativeMapper(generate, offline, detectSpans) : undefined;

  const sessions = framedSessions(store, { now, nothingHere: NOTHING_HERE });
  /** Every write through the sessions' one queue. */
  const { put } = sessions;
  /** The box's session: claimed with one of `tokens` the first time, by the frame after. */
  const ofBox = (sender: Sender, tokens?: readonly string[]) => sessions.of(sender, tokens);

  async function view(record: ComposeRecord): Promise<ComposeView> {
    const codebook = await readCodebook(db, record.site, record.conversation);
    return {
      composeId: record.id,
      siteLabel: siteLabel(record.site),
      mode: record.mode,
      message: { marks: record.marks, learns: record.learns },
      theme: record.theme === null ? null : themeAbout(record.theme),
      mappedBy: record.mappedBy,
      original: record.original,
      mapped: record.mapped,
      spans: record.spans,
      replaced: record.replaced,
      dictionary: [...(codebook?.entries ?? [])],
      state: record.state,
      answer: record.answer,
      note: record.note,
    };
  }

  /** The box's conversation codebook (./conversation-codebook.ts, shared with the review), made at its first use. */
  const codebookOf = (record: ComposeRecord) => conversationCodebook(db, record.site, record.conversation, random, now());

  /**
   * What the person wrote, protected as every reviewed send is: identifiers replaced, special categories
   * generalized, profile values replaced, with the person's choices (by the words of a span, so a choice
   * holds while they type on). Nothing is stored here: the codebook gets this message's pairs on send.
   */
  async function protection(record: ComposeRecord, text: string): Promise<Protected> {
    const [codebook, profile, settings] = await Promise.all([codebookOf(record), readProfile(db), readSettings(db)]);
    // The person's defaults per kind (settings.messageDefaults) are the review's: the box protects as a send would.
    // Stand-ins of the compose box's own (scope 'compose'): the page has seen what was typed in its box, and a
    // pair learnt from a typed send must not name what the same words became here (src/crossmap/stand-ins.ts).
    // The review's options (./message-options.ts): no release is made here, so a withheld value becomes its kind.
    const options = { ...messageOptions(profile, new Map(), settings), codebook, random, scope: 'compose' as const, tag };
    const plain = await protect(text, options);
    const choices: Record<string, Treatment> = {};
    for (const m of plain.marks) {
      const chosen = record.choices[lookupKey(m.text)];
      if (chosen) choices[m.id] = chosen;
    }
    return Object.keys(choices).length === 0 ? plain : protect(text, { ...options, choices });
  }

  async function protectInto(record: ComposeRecord, text: string): Promise<ComposeRecord> {
    const guarded = await protection(record, text);
    const marks = placedMarks(guarded, 0, { profile: 'from your profile' });
    const next: ComposeRecord = {
      ...record,
      original: text,
      mapped: guarded.text,
      spans: guarded.marks.map((m) => ({ start: m.start, end: m.end, text: m.text, kind: m.kind })),
      replaced: marks
        .filter((m) => m.treatment === 'replace')
        .map((m) => ({ start: m.start, end: m.end, text: guarded.text.slice(m.start, m.end), kind: m.kind as Span['kind'], original: m.original })),
      marks,
      learns: learns(guarded),
      mappedBy: WORD_LISTS,
      state: 'composing',
      answer: null,
      note: null,
    };
    await put(next);
    return next;
  }

  /** The person's text in the box's mode. */
  function mapInto(record: ComposeRecord, text: string): Promise<ComposeRecord> {
    return record.mode === 'protect' ? protectInto(record, text) : themedInto(record, text);
  }

  /** CROSS-MAP's mapping into the conversation's theme (the language model's, if one is in use and passes the checks). */
  async function themedInto(record: ComposeRecord, text: string): Promise<ComposeRecord> {
    const codebook = await codebookOf(record);
    const [profile, settings, model] = await Promise.all([readProfile(db), readSettings(db), readActiveGenerator(db)]);
    const mapper = model !== null && generative ? generative : offline;
    const outcome = await mapper.map(text, {
      codebook,
      scope: 'compose',
      profile: profile.attributes.map((a) => ({ field: a.field, value: a.value })),
      alwaysMap: settings.alwaysMap,
      tagging: await tag(text),
    });
    const label = model !== null ? (generatorModel(model)?.label ?? model) : WORD_LISTS;
    await saveCodebook(db, record.site, record.conversation, outcome.codebook, now());
    const next: ComposeRecord = {
      ...record,
      original: text,
      mapped: outcome.result.mapped,
      spans: [...outcome.spans],
      replaced: [...outcome.result.replaced],
      theme: outcome.result.theme,
      marks: [],
      learns: '',
      mappedBy: outcome.offlineBecause ? WORD_LISTS : label,
      state: 'composing',
      answer: null,
      note: outcome.offlineBecause ? `${label} was not used for this message (${outcome.offlineBecause}): Veil's own mapping is shown.` : null,
    };
    await put(next);
    return next;
  }

  return {
    async begin(request: { conversation: string; token: string }, site: string, sender: Sender): Promise<{ composeId: string }> {
      const { tabId, frameId } = frameOf(sender);
      for (const earlier of await sessions.ofOpener(sender)) await sessions.remove(earlier.id);
      const record: ComposeRecord = {
        id: crypto.randomUUID(),
        token: request.token,
        tabId,
        frameId,
        framedBy: null,
        site,
        conversation: request.conversation,
        original: '',
        mapped: '',
        spans: [],
        replaced: [],
        theme: (await readCodebook(db, site, request.conversation))?.theme ?? null,
        mode: 'protect',
        choices: {},
        marks: [],
        learns: '',
        mappedBy: WORD_LISTS,
        state: 'composing',
        answer: null,
        note: null,
        createdAt: now(),
      };
      await sessions.open(record);
      return { composeId: record.id };
    },

    async get(tokens: readonly string[] | undefined, sender: Sender): Promise<ComposeView> {
      return view(await ofBox(sender, tokens));
    },

    async map(text: string, sender: Sender): Promise<ComposeView> {
      return view(await mapInto(await ofBox(sender), text));
    },

    /** Protect mode: Keep as typed / Replace / Generalize for one span, free and at once. */
    async choose(mark: string, treatment: Treatment, sender: Sender): Promise<ComposeView> {
      const record = await ofBox(sender);
      if (record.mode !== 'protect') throw new Refusal('choices per word are for protecting your message, not for mapping it into another domain');
      const span = record.marks.find((m) => m.id === mark);
      if (!span) throw new Refusal('that word is no longer in your message');
      return view(await mapInto({ ...record, choices: { ...record.choices, [lookupKey(span.original)]: treatment } }, record.original));
    },

    /** Protect the message (default) or map it into another domain; what is written is mapped again. */
    async mode(mode: ComposeMode, sender: Sender): Promise<ComposeView> {
      const record = { ...(await ofBox(sender)), mode };
      if (record.original) return view(await mapInto(record, record.original));
      const next = { ...record, mapped: '', spans: [], replaced: [], marks: [], learns: '' };
      await put(next);
      return view(next);
    },

    /** The person's own substitute for one original; the prompt is mapped again with it. */
    async edit(original: string, substitute: string, sender: Sender): Promise<ComposeView> {
      const record = await ofBox(sender);
      // A stand-in protect mode shows is not stored until it is sent: store this message's pairs first.
      if (record.mode === 'protect' && record.original)
        await saveCodebook(db, record.site, record.conversation, (await protection(record, record.original)).codebook, now());
      await editSubstitute(db, record.site, record.conversation, original, substitute);
      return view(record.original ? await mapInto(record, record.original) : record);
    },

    /** Hand the mapped text (only it) to the content script, which opens the normal review with it. */
    async send(sender: Sender): Promise<ComposeView> {
      let record = await ofBox(sender);
      if (!record.mapped.trim()) throw new Refusal('there is nothing to send: write your message and let Veil map it first');
      let pairs: CodebookState | null = null;
      if (record.mode === 'protect') {
        // Computed again from the stored codebook (another tab's review may have added to it since).
        const guarded = await protection(record, record.original);
        if (guarded.text !== record.mapped) record = await protectInto(record, record.original);
        pairs = guarded.codebook;
      }
      // The review the page begins with this text knows it from here, not from the page's word.
      const withdraw = handOff?.(record.tabId, record.frameId, record.mapped);
      const reply = await toTab(record.tabId, record.frameId, { veilCompose: 'send', composeId: record.id, text: record.mapped }).catch(
        (error: unknown): ContentReply => ({ ok: false, error: `the chat page did not answer (${error instanceof Error ? error.message : String(error)})` }),
      );
      if (!reply.ok) {
        withdraw?.();
        throw new Refusal(`Nothing was sent: ${reply.error}`);
      }
      // The stand-ins this send wrote are kept for the conversation: the answer is read back with them.
      if (pairs) await saveCodebook(db, record.site, record.conversation, pairs, now());
      const next = { ...record, state: 'waiting' as const, note: null };
      await put(next);
      return view(next);
    },

    /** The content script read the site's answer (or gave up: `text` null, `note` says why). */
    async answer(request: { composeId: string; text: string | null; note?: string; conversation?: string }, sender: Sender): Promise<{ recorded: true }> {
      const { tabId, frameId } = frameOf(sender);
      let record = await store.get(request.composeId);
      if (!record || record.tabId !== tabId || record.frameId !== frameId) throw new Refusal('no compose box is waiting for an answer on this page');
      // A new chat got its id with this send: its codebook moves to that id, so it is found after a reload.
      if (request.conversation && request.conversation !== record.conversation) {
        if (await moveCodebook(db, record.site, record.conversation, request.conversation, now())) {
          record = { ...record, conversation: request.conversation };
          await put(record);
        }
      }
      if (request.text === null) {
        await put({ ...record, state: 'composing', note: request.note ?? null });
        return { recorded: true };
      }
      const codebook = await readCodebook(db, record.site, record.conversation);
      const back = recover(request.text, codebook?.entries ?? []);
      await put({ ...record, state: 'answered', answer: { text: back.text, restored: [...back.restored], read: request.text }, note: null });
      return { recorded: true };
    },

    /** An answer the person pasted into the box. */
    async recover(text: string, sender: Sender): Promise<ComposeView> {
      const record = await ofBox(sender);
      const codebook = await readCodebook(db, record.site, record.conversation);
      const back = recover(text, codebook?.entries ?? []);
      const next = { ...record, state: 'answered' as const, answer: { text: back.text, restored: [...back.restored], read: text } };
      await put(next);
      return view(next);
    },

    /** Forget this conversation's substitutes (a new theme and new substitutes from the next prompt). */
    async forget(sender: Sender): Promise<ComposeView> {
      const record = await ofBox(sender);
      await deleteCodebook(db, record.site, record.conversation);
      const next = {
        ...record,
        mapped: '',
        spans: [],
        replaced: [],
        marks: [],
        learns: '',
        choices: {},
        theme: null,
        state: 'composing' as const,
        answer: null,
      };
      await put(next);
      return view(next);
    },

    async close(sender: Sender, fromContent: boolean): Promise<{ closed: true }> {
      const record = fromContent ? (await sessions.ofOpener(sender))[0] : await ofBox(sender).catch(() => undefined);
      if (!record) return { closed: true };
      await sessions.remove(record.id);
      if (!fromContent) await toTab(record.tabId, record.frameId, { veilCompose: 'close', composeId: record.id }).catch(() => undefined);
      return { closed: true };
    },
  };
}

export type ComposeService = ReturnType<typeof createComposeService>;
