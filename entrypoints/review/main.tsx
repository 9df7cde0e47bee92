import '../../src/extension/zod-jitless';
import { render } from 'preact';
import { ClientContext } from '../../src/ui/client';
import { Review } from '../../src/ui/pages/Review';
import { reviewTokens } from '../../src/ui/review-token';
import { runtimeClient } from '../../src/ui/runtime-client';
import '../../src/ui/styles.css';

// Tokens may arrive before the panel renders: keep them until it asks.
const tokens: string[] = [];
const waiting: ((token: string) => void)[] = [];
reviewTokens(window, (token) => (waiting.length > 0 ? waiting.shift()!(token) : tokens.push(token)));
const nextToken = () => new Promise<string>((resolve) => (tokens.length > 0 ? resolve(tokens.shift()!) : waiting.push(resolve)));

render(
  <ClientContext.Provider value={runtimeClient()}>
    <Review nextToken={nextToken} />
  </ClientContext.Provider>,
  document.getElementById('app')!,
);
