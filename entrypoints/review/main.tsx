import '../../src/extension/zod-jitless';
import { render } from 'preact';
import { ClientContext } from '../../src/ui/client';
import { Review } from '../../src/ui/pages/Review';
import { tokenBatches } from '../../src/ui/frame-tokens';
import { runtimeClient } from '../../src/ui/runtime-client';
import '../../src/ui/styles.css';

const nextTokens = tokenBatches(window);

render(
  <ClientContext.Provider value={runtimeClient()}>
    <Review nextTokens={nextTokens} windowed={location.hash === '#window'} />
  </ClientContext.Provider>,
  document.getElementById('app')!,
);
