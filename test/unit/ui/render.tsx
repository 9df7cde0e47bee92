import { render } from '@testing-library/preact';
import type { ComponentChildren } from 'preact';
import { ClientContext } from '../../../src/ui/client';
import { harness, type Harness } from '../messaging/harness';

/** Render UI against the real dispatcher and handlers over a fresh fake-indexeddb database. */
export function renderWithVeil(ui: () => ComponentChildren): Harness & ReturnType<typeof render> {
  const h = harness(() => Date.UTC(2026, 10, 30, 12));
  const rendered = render(<ClientContext.Provider value={h.client()}>{ui()}</ClientContext.Provider>);
  return Object.assign(rendered, h);
}

/**
 * Like `renderWithVeil`, over a database that already holds `profile` (imported before the first render),
 * after `before` ran (to set caps, say).
 */
export async function renderWithProfile(
  ui: () => ComponentChildren,
  profile: unknown,
  before?: (h: Harness) => Promise<unknown>,
): Promise<Harness & ReturnType<typeof render>> {
  const h = harness(() => Date.UTC(2026, 10, 30, 12));
  await h.client()('profile.import', { text: JSON.stringify(profile) });
  await before?.(h);
  const rendered = render(<ClientContext.Provider value={h.client()}>{ui()}</ClientContext.Provider>);
  return Object.assign(rendered, h);
}
