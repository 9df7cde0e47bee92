/**
 * The options page: profile, memories, settings, what Veil does with what you type, budget, import/export, each
 * a section reachable from the side navigation.
 */
import { useEffect } from 'preact/hooks';
import { useClient } from '../client';
import { BudgetChart } from '../components/BudgetChart';
import { ImportExport } from '../components/ImportExport';
import { ModelChooser } from '../components/ModelChooser';
import { ReleasePreviewSection } from '../components/ReleasePreview';
import { WhenLoaded } from '../components/Loading';
import { ProfileEditor } from '../components/ProfileEditor';
import { DamagedMemories } from '../components/DamagedMemories';
import { MemoryEditor } from '../components/MemoryEditor';
import { MessageDefaults } from '../components/MessageDefaults';
import { SettingsForm } from '../components/SettingsForm';
import { useLoad } from '../use-load';

export function Options() {
  const send = useClient();
  const [profile, setProfile] = useLoad(() => send('profile.get', {}));
  const [settings, setSettings] = useLoad(() => send('settings.get', {}));
  const [budget, setBudget, reloadBudget] = useLoad(() => send('budget.get', {}));
  // Importing a file may replace the memories too: they are read again with the profile.
  const [memory, setMemory] = useLoad(() => send('memory.get', {}), [profile]);
  // The budget lists withheld facts and protected memories, and reads the default cap from settings.
  useEffect(reloadBudget, [profile, settings, memory]);

  return (
    <div class="options">
      <header class="topbar wide">
        <span class="brand" aria-hidden="true">
          ◐
        </span>
        <h1>Veil</h1>
        <p class="tagline">
          Your profile stays on this device. With each send, a chat site gets the text you approve: what you share, and categories drawn at random for what you
          withhold.
        </p>
      </header>
      <div class="layout">
        <nav aria-label="Sections">
          <a href="#profile">Profile</a>
          <a href="#memories">Memories</a>
          <a href="#settings">Settings</a>
          <a href="#what-you-type">What you type</a>
          <a href="#budget">Budget</a>
          <a href="#next-release">Next release</a>
          <a href="#model">Model</a>
          <a href="#data">Import &amp; export</a>
        </nav>
        <main>
          <div id="profile" class="card">
            <WhenLoaded loaded={profile}>{(p) => <ProfileEditor profile={p} onProfile={setProfile} />}</WhenLoaded>
          </div>
          <div id="memories" class="card">
            {memory.state === 'error' && /stored memories are damaged/.test(memory.error) ? (
              <DamagedMemories error={memory.error} onOverview={setMemory} />
            ) : (
              <WhenLoaded loaded={memory}>{(m) => <MemoryEditor overview={m} onOverview={setMemory} />}</WhenLoaded>
            )}
          </div>
          <div id="settings" class="card">
            <WhenLoaded loaded={settings}>{(s) => <SettingsForm settings={s} onSettings={setSettings} />}</WhenLoaded>
          </div>
          <div id="what-you-type" class="card">
            <WhenLoaded loaded={settings}>{(s) => <MessageDefaults settings={s} onSettings={setSettings} />}</WhenLoaded>
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
