import '../../src/extension/zod-jitless';
import { render } from 'preact';
import { ClientContext } from '../../src/ui/client';
import { Popup } from '../../src/ui/pages/Popup';
import { runtimeClient } from '../../src/ui/runtime-client';
import '../../src/ui/styles.css';

render(
  <ClientContext.Provider value={runtimeClient()}>
    <Popup
      openOptions={() => void browser.runtime.openOptionsPage()}
      activeTab={async () => {
        const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
        return tab?.id === undefined ? null : { id: tab.id, ...(tab.url ? { url: tab.url } : {}) };
      }}
      requestOrigin={(origin) => browser.permissions.request({ origins: [`${origin}/*`] })}
    />
  </ClientContext.Provider>,
  document.getElementById('app')!,
);
