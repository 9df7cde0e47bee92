/**
 * The popup: the profile editor, a one-line budget summary, and the way to the options page.
 */
import { useEffect } from 'preact/hooks';
import { useClient } from '../client';
import { ModelStatusSection } from '../components/ModelStatus';
import { TabStateLine, type ActiveTab } from '../components/TabState';
import { ProfileEditor } from '../components/ProfileEditor';
import { ReleasePreviewSection } from '../components/ReleasePreview';
import { WhenLoaded } from '../components/Loading';
import { formatEpsilon } from '../labels';
import { useLoad } from '../use-load';

/** How much of the total cap is spent, as a person reads it: "none yet", "under 1%", "37%". */
export function budgetShare(spent: number, cap: number): string {
  if (spent <= 0) return 'none yet';
  const percent = (100 * spent) / cap;
  return percent < 1 ? 'under 1%' : `${Math.min(100, Math.round(percent))}%`;
}

export interface PopupProps {
  openOptions: () => void;
  /** The tab the popup was opened over (null when there is none, e.g. the popup opened as a page). */
  activeTab?: () => Promise<ActiveTab | null>;
  /** Ask the browser for host permission on an origin (the generic adapter). */
  requestOrigin?: (origin: string) => Promise<boolean>;
}

export function Popup({ openOptions, activeTab = async () => null, requestOrigin }: PopupProps) {
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
      <TabStateLine activeTab={activeTab} {...(requestOrigin ? { requestOrigin } : {})} closePopup={() => window.close()} />
      <main>
        <WhenLoaded loaded={profile}>{(p) => <ProfileEditor profile={p} onProfile={setProfile} />}</WhenLoaded>
        <ReleasePreviewSection refreshKey={profile} />
        <ModelStatusSection />
      </main>
      <footer class="popup-footer">
        <WhenLoaded loaded={budget}>
          {(b) => (
            <span>
              Privacy budget used: {budgetShare(b.totalSpent, b.totalCap)} ({formatEpsilon(b.totalSpent)} of {formatEpsilon(b.totalCap)} ε this period)
            </span>
          )}
        </WhenLoaded>
      </footer>
    </div>
  );
}
