import '../../src/extension/zod-jitless';
import { render } from 'preact';
import { ClientContext } from '../../src/ui/client';
import { Review } from '../../src/ui/pages/Review';
import { tokenQueue } from '../../src/ui/review-token';
import { runtimeClient } from '../../src/ui/runtime-client';
import '../../src/ui/styles.css';

const nextToken = tokenQueue(window, 'veilReviewToken');

render(
  <ClientContext.Provider value={runtimeClient()}>
    <Review nextToken={nextToken} />
  </ClientContext.Provider>,
  document.getElementById('app')!,
);
