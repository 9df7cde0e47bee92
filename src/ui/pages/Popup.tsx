/**
 * The popup: the profile editor, a one-line budget summary, and the way to the options page.
 */
import { useEffect } from 'preact/hooks';
import { useClient } from '../client';
import { ModelStatusSection } from '../components/ModelStatus';
import { ProfileEditor } from '../components/ProfileEditor';
import { ReleasePreviewSection } from '../components/ReleasePreview';
import { WhenLoaded } from '../components/Loading';
import { formatEpsilon } from '../labels';
import { useLoad } from '../use-load';

export interface PopupProps {
  openOptions: () => void;
}

export function Popup({ openOptions }: PopupProps) {
  const send = useClient();
  const [profile, setProfile] = useLoad(() => send('profile.get', {}));
  const [budget, , reloadBudget] = useLoad(() => send('budget.get', {}));
  // Withheld facts appear in the budget as soon as they are stored.
  useEffect(reloadBudget, [profile]);

  return (
    <div class="popup">
      <header class="topbar">
        <span class="brand" aria-hidden="true">
          ◐
        </span>
        <h1>Veil</h1>
        <button type="button" class="link-button" onClick={openOptions}>
          Settings &amp; budget
        </button>
      </header>
      <main>
        <WhenLoaded loaded={profile}>{(p) => <ProfileEditor profile={p} onProfile={setProfile} />}</WhenLoaded>
        <ReleasePreviewSection refreshKey={profile} />
        <ModelStatusSection />
      </main>
      <footer class="popup-footer">
        <WhenLoaded loaded={budget}>
          {(b) => (
            <span>
              Budget period {b.period}: {formatEpsilon(b.totalSpent)} of {formatEpsilon(b.totalCap)} ε spent
            </span>
          )}
        </WhenLoaded>
      </footer>
    </div>
  );
}
