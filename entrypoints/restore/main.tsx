import '../../src/extension/zod-jitless';
import { render } from 'preact';
import { ClientContext } from '../../src/ui/client';
import { Restore } from '../../src/ui/pages/Restore';
import { tokenBatches } from '../../src/ui/frame-tokens';
import { runtimeClient } from '../../src/ui/runtime-client';
import '../../src/ui/styles.css';

const nextTokens = tokenBatches(window);

render(
  <ClientContext.Provider value={runtimeClient()}>
    <Restore nextTokens={nextTokens} />
  </ClientContext.Provider>,
  document.getElementById('app')!,
);
