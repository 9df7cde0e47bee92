import '../../src/extension/zod-jitless';
import { render } from 'preact';
import { ClientContext } from '../../src/ui/client';
import { Compose } from '../../src/ui/pages/Compose';
import { tokenQueue } from '../../src/ui/review-token';
import { runtimeClient } from '../../src/ui/runtime-client';
import '../../src/ui/styles.css';

const nextToken = tokenQueue(window, 'veilComposeToken');

render(
  <ClientContext.Provider value={runtimeClient()}>
    <Compose nextToken={nextToken} />
  </ClientContext.Provider>,
  document.getElementById('app')!,
);
