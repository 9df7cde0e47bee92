/**
 * What the background does for each message of the contract. Dependencies come in as arguments, so the
 * same handlers run against fake-indexeddb in unit tests and against the extension's IndexedDB in use.
 *
 * ```ts
 * const handlers = createHandlers({ db: openVeilDatabase() });
 * ```
 */
import { parseProfile } from '../core/profile';
import type { Handlers } from '../messaging/dispatch';
import { readBudget, setAttributeCap, startNewPeriod } from '../storage/budget-store';
import type { VeilDatabase } from '../storage/db';
import { putAttribute, readProfile, removeAttribute, replaceProfile } from '../storage/profile-store';
import { listReleases } from '../storage/release-store';
import { readSettings, updateSettings } from '../storage/settings-store';
import { parseProfileFile, profileFileName, serializeProfile } from './profile-file';
import { siteOfUrl } from './sites';

export interface HandlerDeps {
  db: VeilDatabase;
  now?: () => number;
}

export function createHandlers({ db, now = Date.now }: HandlerDeps): Handlers {
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
      const profile = parseProfile(parseProfileFile(text));
      await replaceProfile(db, profile, now());
      return readProfile(db);
    },
    'profile.export': async () => ({
      filename: profileFileName(new Date(now())),
      text: serializeProfile(await readProfile(db)),
    }),
    'settings.get': () => readSettings(db),
    'settings.update': ({ patch, confirmed }) => updateSettings(db, patch, confirmed ?? false),
    'budget.get': () => readBudget(db),
    'budget.setCap': ({ key, cap, confirmed }) => setAttributeCap(db, key, cap, confirmed, now()),
    'budget.newPeriod': ({ confirmed }) => startNewPeriod(db, confirmed, now()),
    'releases.list': ({ limit }) => listReleases(db, limit),
    'site.status': async (_request, { url }) => {
      const site = siteOfUrl(url);
      const settings = await readSettings(db);
      return { site, enabled: site !== null && settings.sites.includes(site) };
    },
  };
}
