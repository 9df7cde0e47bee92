import '../../src/extension/zod-jitless';
import { render } from 'preact';
import { ClientContext } from '../../src/ui/client';
import { Options } from '../../src/ui/pages/Options';
import { runtimeClient } from '../../src/ui/runtime-client';
import '../../src/ui/styles.css';

render(
  <ClientContext.Provider value={runtimeClient()}>
    <Options />
  </ClientContext.Provider>,
  document.getElementById('app')!,
);
