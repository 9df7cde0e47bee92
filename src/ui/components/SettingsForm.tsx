/**
 * Settings: mechanism, per-release ε on the doubling grid with a plain reading, release text format,
 * sites, and the caps. Choices save at once; raising a cap first asks for confirmation.
 */
import { useState } from 'preact/hooks';
import { EPSILON_GRID } from '../../core/epsilon';
import { SITES, type Settings, type Site } from '../../settings/settings';
import { ACTIVE_SITES } from '../../sites/index';
import { errorText, useClient } from '../client';
import { useStatus } from '../use-status';
import { epsilonReading } from '../epsilon-reading';
import { ConfirmDialog, ReleasedStaysReleased } from './ConfirmDialog';
import { Feedback } from './Feedback';

const SITE_LABELS: Record<Site, string> = {
  chatgpt: 'ChatGPT (chatgpt.com)',
  claude: 'Claude (claude.ai)',
  gemini: 'Gemini (gemini.google.com)',
  demo: 'Demo chat page (localhost)',
};

export interface SettingsFormProps {
  settings: Settings;
  onSettings: (settings: Settings) => void;
}

export function SettingsForm({ settings, onSettings }: SettingsFormProps) {
  const send = useClient();
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useStatus();
  const [attributeCap, setAttributeCap] = useState(String(settings.attributeCap));
  const [totalCap, setTotalCap] = useState(String(settings.totalCap));
  const [pendingCaps, setPendingCaps] = useState<Pick<Settings, 'attributeCap' | 'totalCap'> | null>(null);
  const [alwaysMap, setAlwaysMap] = useState(settings.alwaysMap.join('\n'));

  const update = async (patch: Partial<Settings>, confirmed = false) => {
    try {
      const next = await send('settings.update', { patch, confirmed });
      onSettings(next);
      setAttributeCap(String(next.attributeCap));
      setTotalCap(String(next.totalCap));
      setError(null);
      setStatus('Saved.');
    } catch (e) {
      setError(errorText(e));
    }
  };

  const saveCaps = (event: Event) => {
    event.preventDefault();
    const caps = { attributeCap: Number(attributeCap), totalCap: Number(totalCap) };
    if (!Number.isFinite(caps.attributeCap) || caps.attributeCap <= 0 || !Number.isFinite(caps.totalCap) || caps.totalCap <= 0) {
      setError('Caps must be numbers greater than 0.');
      return;
    }
    if (caps.attributeCap > settings.attributeCap || caps.totalCap > settings.totalCap) setPendingCaps(caps);
    else void update(caps);
  };

  const removeSite = async (origin: string) => {
    try {
      const genericSites = await send('site.remove', { origin });
      onSettings({ ...settings, genericSites });
      setError(null);
      setStatus(`Veil is off for ${new URL(origin).host} and gave back its access there.`);
    } catch (e) {
      setError(errorText(e));
    }
  };

  const reading = epsilonReading(settings.epsilon, settings.mechanism, settings.variant, settings.facts);
  const toggleSite = (site: Site, on: boolean) => update({ sites: SITES.filter((s) => (s === site ? on : settings.sites.includes(s))) });

  return (
    <section class="settings" aria-labelledby="settings-heading">
      <h2 id="settings-heading">Settings</h2>

      <fieldset class="choice-list">
        <legend>Mechanism</legend>
        <label>
          <input type="radio" name="mechanism" checked={settings.mechanism === 'block'} onChange={() => update({ mechanism: 'block' })} />
          <span>
            <strong>DP-BLOCK</strong> (recommended): related withheld facts, such as age and marital status, are released together so they stay plausible side
            by side.
          </span>
        </label>
        <label>
          <input type="radio" name="mechanism" checked={settings.mechanism === 'slot'} onChange={() => update({ mechanism: 'slot' })} />
          <span>
            <strong>DP-SLOT</strong>: each withheld fact is released on its own.
          </span>
        </label>
      </fieldset>

      <fieldset class="choice-list">
        <legend>Withheld facts in a release</legend>
        <label>
          <input type="radio" name="facts" checked={settings.facts === 'needed'} onChange={() => update({ facts: 'needed' })} />
          <span>
            <strong>Only those your message needs</strong> (recommended): the sentence model reads your message and decides which facts it needs (from the
            message alone, never what your facts say). A fact left out costs nothing, and the others get a larger share of ε. It misses some: on 200 test
            messages Veil had not seen, it carried about 8 in 10 of the facts that mattered, and about one fact that did not matter in every two messages. The
            review lists what was left out; add any that matter.
          </span>
        </label>
        <label>
          <input type="radio" name="facts" checked={settings.facts === 'all'} onChange={() => update({ facts: 'all' })} />
          <span>
            <strong>All of them</strong>, with every message.
          </span>
        </label>
      </fieldset>

      <fieldset class="choice-list">
        <legend>Scores</legend>
        <label>
          <input type="radio" name="variant" checked={settings.variant === 'veil'} onChange={() => update({ variant: 'veil' })} />
          <span>
            <strong>Veil's</strong> (recommended): when a release cannot be sure, it says "Unspecified" instead of naming a wrong category. Same privacy
            guarantee.
          </span>
        </label>
        <label>
          <input type="radio" name="variant" checked={settings.variant === 'paper'} onChange={() => update({ variant: 'paper' })} />
          <span>
            <strong>The paper's</strong>: Profile-DP exactly as published; at the same ε it names a wrong category far more often.
          </span>
        </label>
      </fieldset>

      <div class="form-row">
        <label for="epsilon">Privacy budget per release (ε)</label>
        <select
          id="epsilon"
          value={String(settings.epsilon)}
          aria-describedby="epsilon-reading"
          onChange={(e) => update({ epsilon: Number(e.currentTarget.value) })}
        >
          {EPSILON_GRID.map((e) => (
            <option key={e} value={String(e)}>
              {e}
            </option>
          ))}
        </select>
        <div id="epsilon-reading" class="reading" aria-live="polite">
          <p>{reading.odds}</p>
          <p>{reading.summary}</p>
          <p class="hint">The budget is shared among your withheld facts; reusing a release costs nothing.</p>
        </div>
      </div>

      <fieldset class="choice-list">
        <legend>Release text</legend>
        <label>
          <input type="radio" name="format" checked={settings.format === 'structured'} onChange={() => update({ format: 'structured' })} />
          <span>
            <strong>Structured</strong>: one <code>Field: value</code> line per fact, easiest to review.
          </span>
        </label>
        <label>
          <input type="radio" name="format" checked={settings.format === 'freeform'} onChange={() => update({ format: 'freeform' })} />
          <span>
            <strong>Freeform</strong>: a short sentence about you.
          </span>
        </label>
      </fieldset>

      <fieldset class="choice-list">
        <legend>Facts Veil cannot privatize</legend>
        <p class="hint">
          A withheld fact with no public categories (a custom field such as “favourite colour”), or one whose cap is spent with no earlier release to reuse.
        </p>
        <label>
          <input type="radio" name="suppressed" checked={settings.suppressed === 'omit'} onChange={() => update({ suppressed: 'omit' })} />
          <span>
            <strong>Leave them out</strong> (recommended): the site does not learn the fact exists. A “[withheld]” line would tell the assistant nothing about
            it, so nothing is lost.
          </span>
        </label>
        <label>
          <input type="radio" name="suppressed" checked={settings.suppressed === 'mark'} onChange={() => update({ suppressed: 'mark' })} />
          <span>
            <strong>Send them as [withheld]</strong>: the assistant knows there is something you keep to yourself.
          </span>
        </label>
      </fieldset>

      <form
        class="always-map"
        onSubmit={(event) => {
          event.preventDefault();
          void update({
            alwaysMap: [
              ...new Set(
                alwaysMap
                  .split('\n')
                  .map((w) => w.trim())
                  .filter(Boolean),
              ),
            ],
          });
        }}
      >
        <label for="always-map">Words private compose always replaces, one per line</label>
        <p class="hint">
          Private compose (the Veil button by a chat site's message box) replaces the names, places and sensitive words it recognises. Add here what it cannot
          know is private: a project's code name, a nickname, a rare place.
        </p>
        <textarea id="always-map" rows={3} value={alwaysMap} onInput={(e) => setAlwaysMap((e.target as HTMLTextAreaElement).value)} />
        <button type="submit" class="button">
          Save words
        </button>
      </form>

      <fieldset class="choice-list">
        <legend>Chat sites Veil is on</legend>
        {ACTIVE_SITES.map((site) => (
          <label key={site}>
            <input type="checkbox" checked={settings.sites.includes(site)} onChange={(e) => toggleSite(site, e.currentTarget.checked)} />
            <span>{SITE_LABELS[site]}</span>
          </label>
        ))}
        {settings.genericSites.map((site) => (
          <div key={site.origin} class="generic-site">
            <span>
              {new URL(site.origin).host}{' '}
              <span class="muted">
                {site.composer === null ? '(you have not pointed at its message box yet)' : `(the message box you pointed at: ${site.composer})`}
              </span>
            </span>{' '}
            <button type="button" class="button" onClick={() => void removeSite(site.origin)}>
              Stop using Veil on {new URL(site.origin).host}
            </button>
          </div>
        ))}
        <p class="hint">
          To use Veil on another chat site, open it and press "Use Veil on …" in Veil's toolbar popup. Veil then reviews sends from the message box you point at
          there; it has not been tested on that site.
        </p>
      </fieldset>

      <form class="caps" onSubmit={saveCaps} aria-labelledby="caps-heading" noValidate>
        <h3 id="caps-heading">Caps</h3>
        <p class="hint">
          Your own limits. When a fresh release would take a withheld fact past its cap, Veil reuses an earlier release of it (free) or, with none to reuse,
          leaves it out (or says “[withheld]”, as you chose above). Defaults: 32 per fact, 256 in total.
        </p>
        <div class="form-row inline">
          <label for="settings-attribute-cap">Cap per withheld fact (ε)</label>
          <input id="settings-attribute-cap" type="number" min="1" step="any" value={attributeCap} onInput={(e) => setAttributeCap(e.currentTarget.value)} />
        </div>
        <div class="form-row inline">
          <label for="settings-total-cap">Cap for all facts together (ε)</label>
          <input id="settings-total-cap" type="number" min="1" step="any" value={totalCap} onInput={(e) => setTotalCap(e.currentTarget.value)} />
        </div>
        <button type="submit" class="button">
          Save caps
        </button>
      </form>

      <Feedback error={error} status={status} />

      {pendingCaps && (
        <ConfirmDialog
          title="Raise your caps?"
          confirmLabel="Raise caps"
          onCancel={() => {
            setPendingCaps(null);
            setAttributeCap(String(settings.attributeCap));
            setTotalCap(String(settings.totalCap));
          }}
          onConfirm={() => {
            const caps = pendingCaps;
            setPendingCaps(null);
            void update(caps, true);
          }}
        >
          <p>
            Per fact: {settings.attributeCap} → {pendingCaps.attributeCap}. All facts: {settings.totalCap} → {pendingCaps.totalCap}.
          </p>
          <ReleasedStaysReleased />
        </ConfirmDialog>
      )}
    </section>
  );
}
