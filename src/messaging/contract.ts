/**
 * THE message contract: every message between Veil's contexts, its request schema (checked at the
 * boundary, in the background), its response type, and which senders may send it.
 *
 * Senders: `page` = the extension's own pages (popup, options) when no other site frames them; `content` =
 * Veil's content scripts on a chat site; `offscreen` = the offscreen document that hosts the model (Chrome),
 * which needs no message of this contract and may send none; `framed` = one of our pages inside another
 * site's page, which may send only the review panel's messages, and needs the review's one-time token (sender.ts). A message a content script may not send (anything that
 * reads or changes the profile) is refused even if it arrives with our extension id: a content script runs
 * next to a page we do not trust.
 *
 * The contract carries its own data types (core views and the types below), never storage rows, so a
 * change of the stored layout is not a change of the protocol.
 *
 * ```ts
 * const profile = await send('profile.get', {});
 * await send('profile.putAttribute', { attribute: { entity: 'self', field: 'age', value: '41', sharing: 'withheld' } });
 * ```
 */
import { z } from 'zod';
import type { BudgetOverview } from '../core/budget-view';
import type { ModelStatus } from '../core/model-status';
import { attributeSchema, type Profile } from '../core/profile';
import { SITES, settingsSchema, type Mechanism, type Settings, type SuppressedChoice } from '../core/settings';
import type { ReleaseRecord } from '../release/record';
import { genericSiteSchema, type GenericSite } from '../sites/generic';
import type { Variant } from '../dp/utility';
import type { ReleasedAttribute, ReleaseKind } from '../release/release';
import type { DictionaryEntry, Span } from '../crossmap/types';
import type { RestoredSpan } from '../crossmap/recover';
import type { MemoryFile } from '../memview/types';

export type SenderKind = 'page' | 'content' | 'offscreen' | 'framed';

interface MessageSpec<Req extends z.ZodType, Res> {
  request: Req;
  senders: readonly SenderKind[];
  /** Type-level only: the response type. */
  response?: Res;
}

function message<Res>() {
  return <Req extends z.ZodType>(request: Req, senders: readonly SenderKind[]): MessageSpec<Req, Res> => ({ request, senders });
}

const attributeId = z.strictObject({ entity: z.string(), field: z.string() });
/** ε in units of 2^-20 (src/core/epsilon.ts). */
const units = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const none = z.strictObject({});
const PAGES = ['page'] as const;
/** The review panel framed over the chat page, or the review moved into Veil's own window (a `page`). */
const REVIEWERS = ['framed', 'page'] as const;

/** An exported profile file: the text to save and a suggested file name. */
export interface ExportedProfile {
  filename: string;
  text: string;
}

export interface SiteStatus {
  /** A registry site's id, or the origin of a site switched on with the generic adapter. */
  site: string | null;
  enabled: boolean;
}

/** ε figures of a release, as numbers of ε (not units), per attribute key `entity.field`. */
export interface EpsilonFigures {
  total: number;
  perAttribute: Record<string, number>;
}

/**
 * The memories page's data: the person's memories, protected attributes and own views, with each
 * attribute's ledger this budget period (units of 2^-20). Sent to Veil's own pages only.
 */
export interface MemoryOverview {
  memory: MemoryFile;
  /** The stored memories' write counter: pass it back as `memory.put`'s `basis`. */
  revision: number;
  /** Units the total cap has left this period (profile and memory charges share it); absent if unreadable. */
  totalLeft?: number;
  spent: Record<string, number>;
  mode: 'online' | 'pre';
  k: number;
  /** The settings' variant, which memory views follow too. */
  variant: Variant;
}

/** One slot's view in a release (DP-MemView): public values only, never a memory's text. */
export interface ReleaseViewInfo {
  slot: string;
  code: string;
  /** What the send carries for it ('' for the generic view: nothing). */
  text: string;
  kind: 'selected' | 'fallback' | 'generic' | 'unprotected' | 'reused' | 'stated';
  /** The protected attributes charged (selected) or whose cap stopped it (fallback), by name. */
  attributes: string[];
  /** ε charged to each of them (0 unless selected). */
  epsilon: number;
}

/** What `release.create` returns: everything the review panel shows, public values only. */
export interface ReleaseResponse {
  /** The stored record (`release.outcome` reports against it). */
  releaseId: number;
  mechanism: Mechanism;
  /** The per-release ε setting it was made at. */
  epsilon: number;
  attributes: ReleasedAttribute[];
  /** The prompt followed by the released profile and the answer preferences: exactly what would be sent. */
  text: string;
  /** The views of the slots the prompt activated, in order (empty without memories). */
  views: ReleaseViewInfo[];
  /** ε charged by this release (0 for a reused profile; views may still be charged, per `memory:<id>` key). */
  charged: EpsilonFigures;
  /** ε left under the caps after it: the total and each withheld attribute this release read. */
  remaining: EpsilonFigures;
  kind: ReleaseKind;
  /** True when an earlier release of this conversation was used again, for free. */
  reused: boolean;
  /** True when at least one fact took the fallback (reuse or suppression) because a cap would be passed. */
  fallback: boolean;
}

/** One fact in a preview: what the next release would do with it. Planned, never sampled: free. */
export interface PreviewAttribute {
  entity: string;
  field: string;
  sharing: 'shared' | 'withheld';
  /** `omitted`: not carried, as the message does not need it (only in a preview for a message). */
  treatment: 'kept' | 'privatized' | 'suppressed' | 'omitted';
  /** For privatized facts: the public categories it would be released as one of. */
  categories?: string[];
  /** ε this fact's ledger would be charged (0 for kept, suppressed, or shared facts privatized by closure). */
  epsilon: number;
  /** A shared fact privatized because it would give away this withheld one (closure; not part of the DP guarantee). */
  closure?: { entity: string; field: string };
  /** A cap would be passed: the fact would take the fallback (its last release again, or [withheld]), free. */
  overCap?: boolean;
  /** For a privatized fact: how a fresh release would come out, exactly (shown in extension pages only). */
  outcome?: PreviewOutcome;
}

/** Exact probabilities of a privatized fact's released category (they sum to 1). */
export interface PreviewOutcome {
  /** The category Veil reads the value as (the one it scores highest). */
  reading: string;
  /** Probability that the release names the reading. */
  right: number;
  /** Probability that it says "Unspecified" (0 when the reading is Unspecified itself). */
  unspecified: number;
  /** Probability that it names another category. */
  wrong: number;
}

export interface ReleasePreview {
  mechanism: Mechanism;
  variant: Variant;
  /** `needed`: each release carries only the withheld facts its message needs; this preview shows all. */
  facts: 'needed' | 'all';
  /** Why the outcome numbers are missing (the model could not score the values). */
  outcomesError?: string;
  epsilon: number;
  /** Whether suppressed facts are left out of the text or sent as [withheld]. */
  suppressed: SuppressedChoice;
  attributes: PreviewAttribute[];
  /** ε the next fresh release would charge in all. */
  total: number;
}

/** An embedding model the person may install instead of the bundled one. */
export interface ModelOption {
  id: string;
  label: string;
  /** Download size in bytes (approximate until downloaded). */
  bytes: number;
  installed: boolean;
}

export interface ModelInstall {
  model: string;
  state: 'downloading' | 'computing' | 'done' | 'failed' | 'cancelled';
  /** 0…1 when known. */
  progress: number | null;
  detail: string;
}

export interface ModelOverview {
  status: ModelStatus;
  /** The model releases use now. */
  active: string;
  bundled: string;
  options: ModelOption[];
  /** The latest download, while it runs and after it ends. */
  install: ModelInstall | null;
  /** Language models private compose may map with, and the one it uses (null: Veil's word lists). */
  generators: ModelOption[];
  generator: string | null;
}

/** One fact as the review panel shows it. The original value appears only in Veil's own pages. */
export interface ReviewFact {
  /** `entity.field`. */
  key: string;
  /** "Occupation", or "Age (my child)" for another entity. */
  label: string;
  sharing: 'shared' | 'withheld';
  treatment: 'kept' | 'privatized' | 'suppressed';
  /** The person's own value. */
  original: string;
  /** What this release says instead (the shared value, a category, or [withheld]). */
  released: string;
  /** Left out of this send by the person (Edit). */
  dropped: boolean;
  /** Left out of the text because it is suppressed and the setting says omit. */
  omitted: boolean;
  /** ε this release charged to this fact (0 when reused, kept, or a fallback). */
  epsilon: number;
  /** Why, when it is not the plain case, as facts the review page puts in plain words. */
  why?: FactWhy;
}

/** Why a fact of a release is not the plain case (several may hold). */
export interface FactWhy {
  /** Shared, but it could give away this withheld fact: privatized too, as a safeguard (no budget). */
  closure?: { entity: string; field: string } | { entity?: undefined; field?: undefined };
  /**
   * A fresh draw would have passed a cap: an earlier release sent again (`reused`), else none to reuse.
   * `passed` (in ε) is missing for a release stored before it was recorded.
   */
  fallback?: {
    reused: boolean;
    passed?: { cap: 'own' | 'total'; spent: number; charge: number; limit: number } | { cap: 'other'; entity: string; field: string; spent: number; charge: number; limit: number };
  };
  /** No public categories for this kind of fact. */
  noCategories?: true;
}

/** One memory slot's view as the review panel shows it (no memory text: only the view and its cost). */
export interface ReviewSlotView extends ReleaseViewInfo {
  /** `view:<slot>`, what `dropped` names when the person leaves it out. */
  key: string;
  /** "Food". */
  label: string;
  dropped: boolean;
}

/** A withheld fact the prompt itself mentions, and what the panel offers to put in its place. */
export interface ReviewTypedFact {
  key: string;
  label: string;
  /** The words the prompt used. */
  text: string;
  replacement: string;
}

/**
 * One span of what the person typed, as the review shows it (issue 18): found by the detector, with what
 * each choice would write. `treatment` is the one applied in `text`.
 */
export interface ReviewMark {
  /** `${start}-${end}` in the typed message. */
  id: string;
  kind: string;
  /** The kind in words ("a name", "a health matter"). */
  kindLabel: string;
  /** A special category (health, sexuality, beliefs, …): generalized by default. */
  special: boolean;
  /** The words as typed. */
  original: string;
  treatment: 'keep' | 'replace' | 'generalize';
  substitute: string;
  generalization: string | null;
  /** Where the span's current text sits in `text` (UTF-16, end exclusive). */
  start: number;
  end: number;
}

/** An answer read back in the person's words (restore.html only). */
export interface RestoreView {
  siteLabel: string;
  text: string;
  /** Where the person's own words were put back, in `text`. */
  restored: { start: number; end: number; found: string }[];
}

/** Everything the review panel shows for one send. */
export interface ReviewView {
  reviewId: string;
  siteLabel: string;
  state: 'ready' | 'failed';
  /** Why no release could be made (state failed): nothing is sent. */
  error?: string;
  prompt: string;
  /** Exactly the text that Send writes into the site's message box. */
  text: string;
  facts: ReviewFact[];
  /** The views its memory slots released (DP-MemView), in order; empty without memories. */
  views: ReviewSlotView[];
  /** ε this release charged in all (0 when reused). */
  charged: number;
  /** ε left under the total cap after it. */
  remaining: number;
  /** ε a new release (Ask for another) would charge at most. */
  freshCost: number;
  reused: boolean;
  fallback: boolean;
  typed: ReviewTypedFact[];
  /**
   * What the person typed, de-identified: its marks, in one line what the site will learn, and the
   * sentences the sentence encoder reads as about a sensitive matter where the word lists marked none.
   */
  message: { marks: ReviewMark[]; learns: string; hints?: { sentence: string; kindLabel: string }[] };
  /** Withheld facts this release leaves out, as the message does not seem to need them (free). */
  leftOut: { key: string; label: string }[];
}

/** Whether Veil acts on a tab, from its content script's last report. */
export interface TabState {
  /** A registry site's id, or the origin of a site switched on with the generic adapter. */
  site: string | null;
  /** The site runs the generic adapter (the person pointed at its message box). */
  generic: boolean;
  siteLabel: string | null;
  /** The site is switched on in settings. */
  enabled: boolean;
  /** The content script is running there and reported in. */
  active: boolean;
  /** The adapter found the message box at its last check. */
  composerFound: boolean;
  /** Which of the site's layouts the page showed at its last check (the adapter's name for it), if known. */
  layout: string | null;
  /**
   * Part of the adapter no longer matches the page: a send had to be held (`held`), or the site sent a
   * message Veil did not review (`missed`). With a report for the person to copy (page markup, no text).
   */
  problem: TabProblem | null;
}

export interface TabProblem {
  kind: 'missed' | 'held';
  part: 'composer' | 'send button' | 'answers';
  diagnostic: string;
}

/**
 * What CROSS-MAP's compose box shows (src/extension/compose-service.ts): the person's original, the mapped
 * text, where each span and substitute sits, the conversation's codebook, and the recovered answer. Sent
 * only to the compose box (Veil's own page), never to a content script.
 */
export interface ComposeView {
  composeId: string;
  siteLabel: string;
  /**
   * 'protect' (the default): the review's protection, identifiers replaced by stand-ins and special
   * categories generalized, each span's treatment the person's to choose. 'themed': CROSS-MAP's mapping into
   * another domain (the conversation's theme), the person's explicit choice for writing and planning tasks.
   */
  mode: ComposeMode;
  /** The conversation's theme in words ("an orchard"), once it has one. */
  theme: string | null;
  original: string;
  /** Exactly the text Send hands to the site's review. */
  mapped: string;
  spans: Span[];
  /** Where each replaced span's substitute sits in `mapped` (protect mode: Replace only, not Generalize). */
  replaced: (Span & { original: string })[];
  /** Protect mode: every span's mark (placed in `mapped`) and what the site learns; themed mode: none. */
  message: { marks: ReviewMark[]; learns: string };
  dictionary: DictionaryEntry[];
  /** Who made the mapping shown: Veil's word lists, or the language model in use. */
  mappedBy: string;
  state: 'composing' | 'waiting' | 'answered';
  answer: { text: string; restored: RestoredSpan[]; read: string } | null;
  note: string | null;
}

export type ComposeMode = 'protect' | 'themed';

const conversationKey = z.string().min(1, 'must not be empty').max(200, 'must be at most 200 characters');
/** The key a content script posts a framed page's one-time token under (src/content/framed-launch.ts). */
export const FRAME_TOKEN_KEY = 'veilFrameToken';
/** Every token that reached a framed page of Veil's since it last asked (the page's false ones among them). */
const frameTokens = z.array(z.string().min(1).max(100)).min(1).max(500);
export const contract = {
  'profile.get': message<Profile>()(none, PAGES),
  'profile.putAttribute': message<Profile>()(
    z
      .strictObject({
        attribute: attributeSchema,
        previous: attributeId.optional(),
        /** Where a new attribute goes in profile order (undo of a removal); last when absent. */
        index: z.number().int().min(0).max(500).optional(),
      })
      .refine((r) => r.previous === undefined || r.index === undefined, 'index is only for a new attribute'),
    PAGES,
  ),
  'profile.removeAttribute': message<Profile>()(attributeId, PAGES),
  /** The file's text; parsed and validated in the background, the stored profile replaced only if valid. */
  'profile.import': message<Profile>()(z.strictObject({ text: z.string().max(2_000_000, 'file is larger than 2 MB') }), PAGES),
  'profile.export': message<ExportedProfile>()(none, PAGES),
  /** The memories, protected attributes and own views, with their ledgers (DP-MemView). */
  'memory.get': message<MemoryOverview>()(none, PAGES),
  /**
   * Replace them all (validated in the background; nothing changes if invalid). Raising a protected
   * attribute's cap needs `confirmed`: what was already released stays released. With `basis` (the
   * `revision` the page read), a write made since, elsewhere, refuses it instead of being overwritten.
   */
  'memory.put': message<MemoryOverview>()(
    z.strictObject({ memory: z.unknown(), confirmed: z.boolean().optional(), basis: z.number().int().min(0).optional() }),
    PAGES,
  ),
  'settings.get': message<Settings>()(none, PAGES),
  'settings.update': message<Settings>()(
    z.strictObject({ patch: settingsSchema.omit({ genericSites: true }).partial(), confirmed: z.boolean().optional() }),
    PAGES,
  ),
  'budget.get': message<BudgetOverview>()(none, PAGES),
  'budget.setCap': message<BudgetOverview>()(
    z.strictObject({ key: z.string().min(1), cap: units.nullable(), confirmed: z.boolean() }),
    PAGES,
  ),
  'budget.newPeriod': message<BudgetOverview>()(
    z.strictObject({ confirmed: z.literal(true, { error: 'needs your confirmation' }) }),
    PAGES,
  ),
  'releases.list': message<ReleaseRecord[]>()(z.strictObject({ limit: z.number().int().min(1).max(1000).optional() }), PAGES),
  /**
   * Make (or, by default, reuse within the conversation) a release for `prompt`, for the site the page names
   * (`veil` for Veil's own trials). Veil's pages only: a send on a chat site goes through `review.begin`,
   * so a content script never holds a release the person has not reviewed, nor its accounting.
   */
  'release.create': message<ReleaseResponse>()(
    z.strictObject({
      prompt: z.string().max(100_000, 'the prompt is longer than 100,000 characters'),
      conversation: conversationKey,
      fresh: z.boolean().optional(),
      site: z.enum([...SITES, 'veil']).optional(),
    }),
    PAGES,
  ),
  /** What the person did with a shown release. Shown → sent, edited or cancelled, once. */
  'release.outcome': message<ReleaseRecord>()(
    z.strictObject({ releaseId: z.number().int().min(1), outcome: z.enum(['sent', 'edited', 'cancelled']) }),
    PAGES,
  ),
  /** What the next fresh release would do with each fact, and its cost. Plans only: spends nothing. */
  'release.preview': message<ReleasePreview>()(none, PAGES),
  /** The model in use, its state (loading, ready on which backend, failed), and the models one may install. */
  'model.get': message<ModelOverview>()(none, PAGES),
  /** Download and install a model from the list, only after the person confirmed; progress via model.get. */
  'model.install': message<ModelOverview>()(
    z.strictObject({
      model: z.string().min(1).max(200),
      confirmed: z.literal(true, { error: 'needs your confirmation' }),
      /** Test builds only (refused otherwise): download from this server instead of the model hub. */
      source: z.url().optional(),
    }),
    PAGES,
  ),
  'model.cancelInstall': message<ModelOverview>()(none, PAGES),
  /** Use the bundled model or an installed one for releases from now on. */
  'model.use': message<ModelOverview>()(z.strictObject({ model: z.string().min(1).max(200) }), PAGES),
  /** Map private compose with an installed language model, or (null) with Veil's word lists. */
  'model.useGenerator': message<ModelOverview>()(z.strictObject({ model: z.string().min(1).max(200).nullable() }), PAGES),
  /**
   * The person paused typing in a chat site's message box: Veil's sentence encoder reads the draft now (in
   * the model host, kept in its memory only), so the release at the key press does not wait for it. Nothing
   * is planned, drawn or charged.
   */
  'review.prepare': message<{ prepared: true }>()(z.strictObject({ prompt: z.string().min(1).max(100_000) }), ['content']),
  /**
   * A content script caught a send: make (or reuse) its release for the review panel. `token` is a random
   * one-time token the content script also hands to the panel's iframe it placed (at the same time, so the
   * panel need not wait for this answer).
   */
  'review.begin': message<{ reviewId: string }>()(
    z.strictObject({
      prompt: z.string().min(1).max(100_000),
      conversation: conversationKey,
      /** The site's own id for the chat, when the page shows one (where the conversation's codebook is kept). */
      chat: conversationKey.nullable().optional(),
      token: z.string().min(32).max(100),
      /**
       * Sent by the content script for a compose box's text, and not read: the background knows which text its
       * compose box handed to this frame (review-service.ts `expectComposed`); the page's word turns nothing off.
       */
      composed: z.boolean().optional(),
    }),
    ['content'],
  ),
  /**
   * The content script read the site's answer after a send that replaced words: recover it for Veil's answer
   * frame, which holds `token` (issue 18). The recovered text goes to that frame only.
   */
  'restore.begin': message<{ restored: number }>()(
    z.strictObject({ conversation: conversationKey, chat: conversationKey.nullable().optional(), text: z.string().max(200_000), token: z.string().min(32).max(100) }),
    ['content'],
  ),
  /** Veil's answer frame claims the recovered answer with its token (once; `tokens` as for `review.get`). */
  'restore.get': message<RestoreView>()(z.strictObject({ tokens: frameTokens }), ['framed']),
  /** The person's choice for one span of their message: as typed, replaced or generalized (free, at once). */
  'review.choose': message<ReviewView>()(
    z.strictObject({ mark: z.string().min(3).max(40), treatment: z.enum(['keep', 'replace', 'generalize']) }),
    REVIEWERS,
  ),
  /**
   * The panel claims its review with the one-time token (first call; `tokens`: every token that reached the
   * panel, the page's false ones among them, checked at once), which binds the review to the
   * panel's tab and frame as the browser reports them; later calls find it by that frame alone
   * (src/extension/framed-session.ts, the protocol of every framed page).
   */
  'review.get': message<ReviewView>()(z.strictObject({ tokens: frameTokens.optional() }), REVIEWERS),
  /** Edit: change the prompt, leave facts out of this send, or both. Spends nothing. */
  'review.update': message<ReviewView>()(
    z.strictObject({ prompt: z.string().max(100_000), dropped: z.array(z.string().max(400)).max(200) }),
    REVIEWERS,
  ),
  /** Draw a new release for this send: charged, like the one shown. */
  'review.fresh': message<ReviewView>()(z.strictObject({ include: z.array(z.string().min(1).max(300)).max(200).optional() }), REVIEWERS),
  /** Send the reviewed text (or, `withoutVeil`, the prompt exactly as typed, with no profile). */
  'review.send': message<{ sent: true }>()(z.strictObject({ withoutVeil: z.boolean() }), REVIEWERS),
  /**
   * Move the review into a window of Veil's own (the panel could not prove it was visible, or the person
   * prefers it): the background opens review.html there and binds the review to that window's tab.
   */
  'review.window': message<{ opened: true }>()(none, ['framed']),
  /** Close the panel and send nothing (the release shown stays charged). */
  'review.cancel': message<{ cancelled: true }>()(none, [...REVIEWERS, 'content']),
  /** The person opened CROSS-MAP's compose box: `token` is drawn by the content script and posted to the box's frame. */
  'compose.begin': message<{ composeId: string }>()(z.strictObject({ conversation: conversationKey, token: z.string().min(32).max(100) }), ['content']),
  /** The box claims its session with the token (first call; `tokens` as for `review.get`), then by its frame. */
  'compose.get': message<ComposeView>()(z.strictObject({ tokens: frameTokens.optional() }), ['framed']),
  /** Map the person's prompt with the conversation's codebook. */
  'compose.map': message<ComposeView>()(z.strictObject({ text: z.string().max(20_000) }), ['framed']),
  /** The person's own substitute for one original. */
  'compose.edit': message<ComposeView>()(z.strictObject({ original: z.string().min(1).max(500), substitute: z.string().max(500) }), ['framed']),
  /** Protect mode: the person's choice for one span (`mark` is a mark id of the view), kept while the span is in the text. */
  'compose.choose': message<ComposeView>()(
    z.strictObject({ mark: z.string().min(3).max(40), treatment: z.enum(['keep', 'replace', 'generalize']) }),
    ['framed'],
  ),
  /** Protect what is typed (default), or map it into another domain (themed); the text is mapped again. */
  'compose.mode': message<ComposeView>()(z.strictObject({ mode: z.enum(['protect', 'themed']) }), ['framed']),
  /** Send the mapped text through the page's normal review. */
  'compose.send': message<ComposeView>()(none, ['framed']),
  /** The content script read the site's answer to a compose send (null: it could not, `note` says why). */
  'compose.answer': message<{ recorded: true }>()(
    z.strictObject({
      composeId: z.string().min(1).max(100),
      text: z.string().max(200_000).nullable(),
      note: z.string().max(500).optional(),
      /** The site's id for the chat, when a new chat got one with this send: its codebook moves there. */
      conversation: conversationKey.optional(),
    }),
    ['content'],
  ),
  /** Recover an answer the person pasted into the box. */
  'compose.recover': message<ComposeView>()(z.strictObject({ text: z.string().max(200_000) }), ['framed']),
  /** Forget this conversation's codebook. */
  'compose.forget': message<ComposeView>()(none, ['framed']),
  /** Close the box (from the box, or the page's content script). */
  'compose.close': message<{ closed: true }>()(none, ['framed', 'content']),
  /** A content script says which adapter runs on its page and whether it finds the message box. */
  'tab.report': message<{ recorded: true }>()(
    z.strictObject({
      composerFound: z.boolean(),
      layout: z.string().max(40).nullable().optional(),
      problem: z.strictObject({ kind: z.enum(['missed', 'held']), part: z.enum(['composer', 'send button', 'answers']), diagnostic: z.string().max(20_000) }).optional(),
    }),
    ['content'],
  ),
  /** The popup asks whether Veil acts on a tab. */
  'tab.state': message<TabState>()(z.strictObject({ tabId: z.number().int().min(0) }), PAGES),
  /** Is Veil on for the sender's site? The site comes from the sender's URL, not from the request. */
  'site.status': message<SiteStatus>()(none, ['page', 'content']),
  /**
   * Switch Veil on for a site outside the registry (the popup, once the browser granted its host
   * permission), and start it in that tab at once, which asks the person to point at the message box.
   */
  'site.add': message<GenericSite[]>()(z.strictObject({ origin: z.string().max(300), tabId: z.number().int().min(0).optional() }), PAGES),
  /** Switch a generic site off: forget its selectors, stop the content script, give the permission back. */
  'site.remove': message<GenericSite[]>()(z.strictObject({ origin: z.string().max(300) }), PAGES),
  /** Ask the content script in a tab to let the person point at the message box again. */
  'site.repick': message<{ asked: true }>()(z.strictObject({ tabId: z.number().int().min(0) }), PAGES),
  /** The generic content script asks for its site's stored selectors (the site is the sender's origin). */
  'site.generic': message<GenericSite>()(none, ['content']),
  /** The generic content script stores what the person pointed at, for the sender's origin. */
  'site.pick': message<GenericSite>()(
    z.strictObject({ composer: genericSiteSchema.shape.composer.unwrap(), sendButton: genericSiteSchema.shape.sendButton }),
    ['content'],
  ),
} as const;

export type Contract = typeof contract;
export type MessageName = keyof Contract;
export type RequestOf<K extends MessageName> = z.input<Contract[K]['request']>;
export type ParsedRequestOf<K extends MessageName> = z.output<Contract[K]['request']>;
export type ResponseOf<K extends MessageName> = NonNullable<Contract[K]['response']>;

export const MESSAGE_NAMES = Object.keys(contract) as MessageName[];

export function isMessageName(name: unknown): name is MessageName {
  return typeof name === 'string' && Object.hasOwn(contract, name);
}

/** What travels: `{ type, request }` one way, a `Reply` back. */
export interface Envelope<K extends MessageName = MessageName> {
  type: K;
  request: RequestOf<K>;
}

export type Reply<T = unknown> = { ok: true; value: T } | { ok: false; error: string };
