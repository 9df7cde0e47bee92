/**
 * The options page: profile, settings, budget, import/export, each a section reachable from the side
 * navigation.
 */
import { useEffect } from 'preact/hooks';
import { useClient } from '../client';
import { BudgetChart } from '../components/BudgetChart';
import { ImportExport } from '../components/ImportExport';
import { ModelChooser } from '../components/ModelChooser';
import { ReleasePreviewSection } from '../components/ReleasePreview';
import { WhenLoaded } from '../components/Loading';
import { ProfileEditor } from '../components/ProfileEditor';
import { SettingsForm } from '../components/SettingsForm';
import { useLoad } from '../use-load';

export function Options() {
  const send = useClient();
  const [profile, setProfile] = useLoad(() => send('profile.get', {}));
  const [settings, setSettings] = useLoad(() => send('settings.get', {}));
  const [budget, setBudget, reloadBudget] = useLoad(() => send('budget.get', {}));
  // The budget lists withheld facts and reads the default cap from settings.
  useEffect(reloadBudget, [profile, settings]);

  return (
    <div class="options">
      <header class="topbar wide">
        <span class="brand" aria-hidden="true">
          ◐
        </span>
        <h1>Veil</h1>
        <p class="tagline">Your profile stays on this device. Chat sites get only what you share, and privatized categories for what you withhold.</p>
      </header>
      <div class="layout">
        <nav aria-label="Sections">
          <a href="#profile">Profile</a>
          <a href="#settings">Settings</a>
          <a href="#budget">Budget</a>
          <a href="#next-release">Next release</a>
          <a href="#model">Model</a>
          <a href="#data">Import &amp; export</a>
        </nav>
        <main>
          <div id="profile" class="card">
            <WhenLoaded loaded={profile}>{(p) => <ProfileEditor profile={p} onProfile={setProfile} />}</WhenLoaded>
          </div>
          <div id="settings" class="card">
            <WhenLoaded loaded={settings}>{(s) => <SettingsForm settings={s} onSettings={setSettings} />}</WhenLoaded>
          </div>
          <div id="budget" class="card">
            <WhenLoaded loaded={budget}>{(b) => <BudgetChart budget={b} onBudget={setBudget} />}</WhenLoaded>
          </div>
          <div id="next-release" class="card">
            <ReleasePreviewSection refreshKey={[profile, settings, budget]} />
          </div>
          <div id="model" class="card">
            <ModelChooser />
          </div>
          <div id="data" class="card">
            <ImportExport onProfile={setProfile} />
          </div>
        </main>
      </div>
    </div>
  );
}
