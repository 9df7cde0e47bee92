import '../../src/extension/zod-jitless';
import { render } from 'preact';
import { ClientContext } from '../../src/ui/client';
import { Restore } from '../../src/ui/pages/Restore';
import { tokenQueue } from '../../src/ui/review-token';
import { runtimeClient } from '../../src/ui/runtime-client';
import '../../src/ui/styles.css';

const nextToken = tokenQueue(window, 'veilRestoreToken');

render(
  <ClientContext.Provider value={runtimeClient()}>
    <Restore nextToken={nextToken} />
  </ClientContext.Provider>,
  document.getElementById('app')!,
);
