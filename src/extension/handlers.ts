/**
 * What the background does for each message of the contract. Dependencies come in as arguments, so the
 * same handlers run against fake-indexeddb in unit tests and against the extension's IndexedDB in use.
 *
 * ```ts
 * const handlers = createHandlers({ db: openVeilDatabase(), model: new OffscreenModelHost(chromeOffscreen()) });
 * ```
 */
import { withEncodeCache } from '../model-host/encode-cache';
import { cachedTagger, createTagger, type Tagger } from '../crossmap';
import { PIECE } from '../crossmap/long';
import { parseProfile } from '../core/profile';
import { BUNDLED_MODEL_ID } from '../embedding/bundled';
import type { ModelOverview, SiteStatus, TabProblem } from '../messaging/contract';
import { createDispatcher, type Dispatch, type HandlerContext, type Handlers } from '../messaging/dispatch';
import type { Self } from '../messaging/sender';
import { catalog, generatorCatalog } from '../model-host/catalog';
import type { ModelHost } from '../model-host/host';
import { errorMessageForPerson, StoreError } from '../storage/errors';
import { installedGenerators, installedModels, readActiveGenerator, readActiveModel, setActiveGenerator, setActiveModel } from '../storage/model-store';
import { createReleaseService } from './release-service';
import { readBudget, setAttributeCap, startNewPeriod } from '../storage/budget-store';
import type { VeilDatabase } from '../storage/db';
import { putAttribute, readProfile, removeAttribute, replaceProfile } from '../storage/profile-store';
import { memoryOverview, readMemory, writeMemory } from '../storage/memory-store';
import { listReleases } from '../storage/release-store';
import { readSettings, setGenericSites, updateSettings } from '../storage/settings-store';
import { memoryOfFile, parseProfileFile, profileFileName, serializeProfile } from './profile-file';
import { siteOfUrl, type Site } from '../sites/index';
import { genericOrigin, siteLabel, type GenericSite } from '../sites/generic';
import { memoryGenericSites, type GenericSiteHost } from './generic-sites';
import { createComposeService, type ComposeRecord } from './compose-service';
import { createRestoreService } from './restore-service';
import { createReviewService, type ReviewDeps, type ReviewRecord } from './review-service';
import { memoryStore, type SessionStore } from './framed-session';
import type { ToContent } from '../messaging/to-content';

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

/** What a tab's content script last reported. */
export interface TabReport {
  /** The tab id, as a string. */
  id: string;
  /** A registry site's id, or a generic site's origin. */
  site: string;
  composerFound: boolean;
  layout?: string | null;
  problem?: TabProblem | null;
}

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
  const tagger = deps.tagger ?? cachedTagger(createTagger({ model: async (ids, tokens) => { const { probs, general } = await model.tag(Array.from(ids), tokens); return { probs: Float32Array.from(probs), general }; }, language: (text) => model.language(text) }));
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

  /** The sender's site, from the URL the browser reported, and whether Veil is turned on for it. */
  const siteStatus = async (url: string): Promise<SiteStatus> => {
    const settings = await readSettings(db);
    const site = siteOfUrl(url);
    if (site !== null) return { site, enabled: settings.sites.includes(site) };
    const origin = genericOrigin(url);
    const switchedOn = origin !== null && settings.genericSites.some((g) => g.origin === origin);
    return { site: switchedOn ? origin : null, enabled: switchedOn };
  };

  /** The generic site a content script runs on, from its URL; refused when the person has not switched it on. */
  const senderGenericSite = async ({ url }: HandlerContext): Promise<GenericSite> => {
    const origin = genericOrigin(url);
    const site = (await readSettings(db)).genericSites.find((g) => g.origin === origin);
    if (!site) throw new StoreError('Veil is not turned on for this site');
    return site;
  };

  /** Store the generic sites, then make the browser's registration match them. */
  const saveGenericSites = async (genericSites: GenericSite[]): Promise<GenericSite[]> => {
    const saved = (await setGenericSites(db, genericSites)).genericSites;
    await generic.register(saved.map((g) => g.origin));
    return saved;
  };

  /** The site a review or compose is for: a content script's from its URL (no request names one), 'veil' for Veil's own pages. */
  const releaseSite = async ({ kind, url }: HandlerContext): Promise<string> => {
    if (kind !== 'content') return 'veil';
    const { site, enabled } = await siteStatus(url);
    if (site === null || !enabled) throw new StoreError('Veil is not turned on for this site');
    return site;
  };

  const modelOverview = async (): Promise<ModelOverview> => {
    const generators = generatorCatalog();
    const [status, active, installed, install, generatorsInstalled, generator] = await Promise.all([
      model.status(),
      readActiveModel(db),
      installedModels(db),
      model.install(),
      installedGenerators(db, generators.map((g) => g.id)),
      readActiveGenerator(db),
    ]);
    const option = (installedIds: string[]) => (m: { id: string; label: string; files: readonly { bytes: number }[] }) => ({
      id: m.id,
      label: m.label,
      bytes: m.files.reduce((s, f) => s + f.bytes, 0),
      installed: installedIds.includes(m.id),
    });
    return {
      status,
      active,
      bundled: BUNDLED_MODEL_ID,
      options: catalog().map(option(installed)),
      install,
      generators: generators.map(option(generatorsInstalled)),
      generator,
    };
  };

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
    'profile.import': async ({ text }) => {
      // Parse and validate everything before touching storage: a bad file leaves the profile as it was.
      const file = parseProfileFile(text);
      const profile = parseProfile(file);
      const memory = memoryOfFile(file);
      // One transaction: the profile and the memories are replaced together or not at all. A file that
      // would raise a protected attribute's cap, or protect memories less after spend, is refused: each
      // needs its own confirmation, which the Memories section asks for.
      await db.transaction('rw', [db.attributes, db.ledgers, db.meta, db.settings, db.memory], async () => {
        await replaceProfile(db, profile, now());
        if (!memory) return;
        try {
          await writeMemory(db, memory, { now: now() });
        } catch (error) {
          if (!(error instanceof StoreError) || !/needs your confirmation/.test(error.message)) throw error;
          throw new StoreError(`nothing was imported: in this file, ${error.message}; make that change in Veil's settings, Memories, first, then import the file again`);
        }
      });
      return readProfile(db);
    },
    'profile.export': async () => ({
      filename: profileFileName(new Date(now())),
      text: serializeProfile(await readProfile(db), await readMemory(db)),
    }),
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
    'model.get': modelOverview,
    'model.install': async ({ model: id, source }) => {
      if (source !== undefined && !allowModelSource) throw new StoreError('a download server can only be named in a test build');
      await model.startInstall(id, source);
      return modelOverview();
    },
    'model.cancelInstall': async () => {
      await model.cancelInstall();
      return modelOverview();
    },
    'model.useGenerator': async ({ model: id }) => {
      await setActiveGenerator(db, id);
      return modelOverview();
    },
    'model.use': async ({ model: id }) => {
      await setActiveModel(db, id);
      await model.reload();
      return modelOverview();
    },
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
    'tab.report': async ({ composerFound, layout, problem }, context) => {
      const { site, enabled } = await siteStatus(context.url);
      if (site === null || context.tabId === undefined) throw new StoreError('only a content script on a chat site reports on its tab');
      await tabs.put({ id: String(context.tabId), site, composerFound, layout: layout ?? null, problem: problem ?? null });
      await badge(context.tabId, !enabled ? 'off' : composerFound && !problem ? 'on' : 'broken');
      return { recorded: true as const };
    },
    'tab.state': async ({ tabId }) => {
      const report = await tabs.get(String(tabId));
      const settings = await readSettings(db);
      const isGeneric = report !== undefined && siteOfUrl(report.site) === null && genericOrigin(report.site) === report.site;
      const enabled = report ? (isGeneric ? settings.genericSites.some((g) => g.origin === report.site) : settings.sites.includes(report.site as Site)) : false;
      return {
        site: report?.site ?? null,
        generic: isGeneric,
        siteLabel: report ? siteLabel(report.site) : null,
        enabled,
        active: report !== undefined,
        composerFound: report?.composerFound ?? false,
        layout: report?.layout ?? null,
        problem: report?.problem ?? null,
      };
    },
    'site.status': (_request, { url }) => siteStatus(url),
    'site.add': async ({ origin, tabId }) => {
      if (genericOrigin(origin) !== origin) throw new StoreError(`Veil cannot be switched on for ${origin}: only an http(s) site outside its list of chat sites`);
      if (!(await generic.granted(origin))) throw new StoreError(`the browser has not allowed Veil on ${new URL(origin).host}, so it was not switched on there`);
      const current = (await readSettings(db)).genericSites;
      // Switching on a site that is on already keeps what was pointed at there (and registers it again).
      const saved = await saveGenericSites(current.some((g) => g.origin === origin) ? current : [...current, { origin, composer: null, sendButton: null }]);
      // Start at once in the tab the person is looking at (a registered script runs only on the next load).
      if (tabId !== undefined) await generic.inject(tabId);
      return saved;
    },
    'site.remove': async ({ origin }) => {
      const current = (await readSettings(db)).genericSites;
      const saved = await saveGenericSites(current.filter((g) => g.origin !== origin));
      // The browser refuses to take back a permission the manifest requires (the test build's fixture
      // origin); the site is off either way.
      if (genericOrigin(origin) === origin) await generic.revoke(origin).catch(() => undefined);
      return saved;
    },
    'site.repick': async ({ tabId }) => {
      const report = await tabs.get(String(tabId));
      if (!report || genericOrigin(report.site) !== report.site) throw new StoreError('Veil does not run with a pointed-at message box on this tab');
      await generic.pickIn(tabId);
      return { asked: true as const };
    },
    'site.generic': (_request, context) => senderGenericSite(context),
    'site.pick': async ({ composer, sendButton }, context) => {
      const site = await senderGenericSite(context);
      const updated = { ...site, composer, sendButton };
      const current = (await readSettings(db)).genericSites;
      await saveGenericSites(current.map((g) => (g.origin === site.origin ? updated : g)));
      return updated;
    },
  };
}
