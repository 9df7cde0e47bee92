/**
 * Which service answers each message of the contract: this file only wires (the release, review, compose,
 * restore, site, model and profile-file services do the work). Dependencies come in as arguments, so the
 * same handlers run against fake-indexeddb in unit tests and against the extension's IndexedDB in use.
 *
 * ```ts
 * const handlers = createHandlers({ db: openVeilDatabase(), model: new OffscreenModelHost(chromeOffscreen()) });
 * ```
 */
import { withEncodeCache } from '../model-host/encode-cache';
import { cachedTagger, createTagger, type Tagger } from '../crossmap';
import { PIECE } from '../crossmap/long';
import { createDispatcher, type Dispatch, type Handlers } from '../messaging/dispatch';
import type { Self } from '../messaging/sender';
import type { ModelHost } from '../model-host/host';
import { errorMessageForPerson } from '../storage/errors';
import { createReleaseService } from './release-service';
import { readBudget, setAttributeCap, startNewPeriod } from '../storage/budget-store';
import type { VeilDatabase } from '../storage/db';
import { putAttribute, readProfile, removeAttribute } from '../storage/profile-store';
import { memoryOverview, writeMemory } from '../storage/memory-store';
import { listReleases } from '../storage/release-store';
import { readSettings, updateSettings } from '../storage/settings-store';
import { memoryGenericSites, type GenericSiteHost } from './generic-sites';
import type { ComposeRecord } from './compose-record';
import { createComposeService } from './compose-service';
import { createRestoreService } from './restore-service';
import { createReviewService, type ReviewDeps } from './review-service';
import type { ReviewRecord } from './review-record';
import { memoryStore, type SessionStore } from './framed-session';
import type { ToContent } from '../messaging/to-content';
import { createSiteService, type TabReport } from './site-service';
import { createModelService } from './model-service';
import { exportProfile, importProfile } from './profile-service';

export interface HandlerDeps {
  db: VeilDatabase;
  /** Where the model runs (offscreen document, background page, or in-process in tests). */
  model: ModelHost;
  /** The message tagger; by default the model host's (tests of what protection does with spans give a fixed one). */
  tagger?: Tagger;
  now?: () => number;
  /** Test builds only (src/extension/test-hooks.ts). */
  beforeCharge?: () => Promise<void>;
  /** Test builds only: whether `model.install` may name a download server. */
  allowModelSource?: boolean;
  /** Reviews in progress and tabs' adapter reports, for this browser session (memory when absent). */
  reviews?: SessionStore<ReviewRecord>;
  tabs?: SessionStore<TabReport>;
  /** Send a command to the content script in one frame of a tab (src/messaging/to-content.ts). */
  toContent?: ToContent;
  /** CROSS-MAP compose sessions for this browser session (memory when absent). */
  composes?: SessionStore<ComposeRecord>;
  /** Open review.html in a window of Veil's own; resolves with that window's tab id (review-service.ts `window`). */
  openReviewWindow?: ReviewDeps['openWindow'];
  /** How many reviews one tab may begin in a minute (review-service.ts). */
  reviewsPerMinute?: number;
  /** Host permissions and the generic content script's registration (memory when absent). */
  generic?: GenericSiteHost;
  /** Show on the toolbar whether Veil acts on a tab. */
  badge?: (tabId: number, state: 'on' | 'broken' | 'off') => Promise<void>;
}

export type { TabReport };

/**
 * The background's whole message side: these handlers behind the dispatcher, with failures worded for a
 * person (a full disk says what happened and what to do, not the browser's raw text).
 */
export function createBackgroundDispatch(deps: HandlerDeps, self: Self): Dispatch {
  return createBackground(deps, self).dispatch;
}

/**
 * The handlers and the dispatcher in front of them, built once: the background entry uses this (its own
 * listeners call a few handlers directly), the tests use `createBackgroundDispatch`, the same build.
 */
export function createBackground(deps: HandlerDeps, self: Self): { handlers: Handlers; dispatch: Dispatch } {
  const handlers = createHandlers(deps);
  return { handlers, dispatch: createDispatcher(handlers, self, errorMessageForPerson) };
}

export function createHandlers(deps: HandlerDeps): Handlers {
  const { db, now = Date.now, beforeCharge, allowModelSource = false } = deps;
  // Messages' vectors are kept here too: a draft read ahead is found at the key press without a round trip.
  const model = withEncodeCache(deps.model);
  // The message tagger on the model host, with the texts it read lately (the draft read ahead is tagged once).
  const tagger =
    deps.tagger ??
    cachedTagger(
      createTagger({
        model: async (ids, tokens) => {
          const { probs, general } = await model.tag(Array.from(ids), tokens);
          return { probs: Float32Array.from(probs), general };
        },
        language: (text) => model.language(text),
      }),
    );
  const toTab: ToContent = deps.toContent ?? (async () => ({ ok: false, error: 'no chat page to send to' }));
  const releases = createReleaseService({ db, model, now, ...(beforeCharge ? { beforeCharge } : {}) });
  const tabs = deps.tabs ?? memoryStore<TabReport>();
  const badge = deps.badge ?? (async () => undefined);
  const reviews = createReviewService({
    db,
    releases,
    store: deps.reviews ?? memoryStore<ReviewRecord>(),
    toTab,
    now,
    encode: async (texts) => (await model.encode(texts)).vectors,
    tag: (text) => tagger.tag(text),
    ...(deps.reviewsPerMinute !== undefined ? { reviewsPerMinute: deps.reviewsPerMinute } : {}),
    ...(deps.openReviewWindow ? { openWindow: deps.openReviewWindow } : {}),
  });

  const restores = createRestoreService({ db, now });
  const generic = deps.generic ?? memoryGenericSites();
  const composes = createComposeService({
    db,
    store: deps.composes ?? memoryStore<ComposeRecord>(),
    toTab,
    now,
    generate: (prompt) => model.generate(prompt),
    tag: (text) => tagger.tag(text),
    handOff: (tabId, frameId, text) => reviews.expectComposed(tabId, frameId, text),
  });

  const sites = createSiteService({ db, tabs, generic, badge });
  const models = createModelService({ db, model, allowModelSource });
  const { releaseSite } = sites;

  return {
    'profile.get': () => readProfile(db),
    'profile.putAttribute': async ({ attribute, previous, index }) => {
      await putAttribute(db, attribute, previous, now(), index);
      return readProfile(db);
    },
    'profile.removeAttribute': async (id) => {
      await removeAttribute(db, id);
      return readProfile(db);
    },
    'profile.import': ({ text }) => importProfile(db, text, now()),
    'profile.export': () => exportProfile(db, now()),
    'memory.get': () => memoryOverview(db),
    'memory.put': async ({ memory, confirmed, basis }) => {
      await writeMemory(db, memory, { confirmed: confirmed ?? false, now: now(), ...(basis !== undefined ? { basis } : {}) });
      return memoryOverview(db);
    },
    'settings.get': () => readSettings(db),
    'settings.update': ({ patch, confirmed }) => updateSettings(db, patch, confirmed ?? false),
    'budget.get': () => readBudget(db),
    'budget.setCap': ({ key, cap, confirmed }) => setAttributeCap(db, key, cap, confirmed, now()),
    'budget.newPeriod': ({ confirmed }) => startNewPeriod(db, confirmed, now()),
    'releases.list': ({ limit }) => listReleases(db, limit),
    'release.create': ({ prompt, conversation, fresh, site }) => releases.create({ prompt, conversation, fresh: fresh ?? false, site: site ?? 'veil' }),
    'release.outcome': ({ releaseId, outcome }) => releases.outcome(releaseId, outcome),
    'release.preview': () => releases.preview(),
    'model.get': () => models.overview(),
    'model.install': ({ model: id, source }) => models.install(id, source),
    'model.cancelInstall': () => models.cancelInstall(),
    'model.useGenerator': ({ model: id }) => models.useGenerator(id),
    'model.use': ({ model: id }) => models.use(id),
    'review.begin': async (request, context) => reviews.begin(request, await releaseSite(context), context),
    'review.prepare': async ({ prompt }, context) => {
      await releaseSite(context);
      // The tagger reads the draft now too, so the key press finds it read (a failure shows at the send).
      if (prompt.length <= PIECE) void tagger.tag(prompt).catch(() => undefined);
      await releases.prepare(prompt);
      return { prepared: true as const };
    },
    'review.get': ({ tokens }, context) => reviews.get(tokens, context),
    'review.update': (request, context) => reviews.update(request, context),
    'restore.begin': async (request, context) => restores.begin(request, await releaseSite(context), context),
    'restore.get': ({ tokens }, context) => restores.get(tokens, context),
    'review.choose': ({ mark, treatment }, context) => reviews.choose(mark, treatment, context),
    'review.fresh': ({ include }, context) => reviews.fresh(context, include ?? []),
    'review.send': ({ withoutVeil }, context) => reviews.send(withoutVeil, context),
    'review.window': (_request, context) => reviews.window(context),
    'review.cancel': (_request, context) => reviews.cancel(context, context.kind === 'content'),
    'compose.begin': async (request, context) => composes.begin(request, await releaseSite(context), context),
    'compose.get': ({ tokens }, context) => composes.get(tokens, context),
    'compose.map': ({ text }, context) => composes.map(text, context),
    'compose.edit': ({ original, substitute }, context) => composes.edit(original, substitute, context),
    'compose.choose': ({ mark, treatment }, context) => composes.choose(mark, treatment, context),
    'compose.mode': ({ mode }, context) => composes.mode(mode, context),
    'compose.send': (_request, context) => composes.send(context),
    'compose.answer': (request, context) => composes.answer(request, context),
    'compose.recover': ({ text }, context) => composes.recover(text, context),
    'compose.forget': (_request, context) => composes.forget(context),
    'compose.close': (_request, context) => composes.close(context, context.kind === 'content'),
    'tab.report': (report, context) => sites.report(report, context),
    'tab.state': ({ tabId }) => sites.tabState(tabId),
    'site.status': (_request, { url }) => sites.status(url),
    'site.add': ({ origin, tabId }) => sites.add(origin, tabId),
    'site.remove': ({ origin }) => sites.remove(origin),
    'site.repick': ({ tabId }) => sites.repick(tabId),
    'site.generic': (_request, context) => sites.senderGenericSite(context),
    'site.pick': (picked, context) => sites.pick(picked, context),
  };
}
