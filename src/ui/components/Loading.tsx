/** What a section shows while its data loads, or why it could not. */
import type { ComponentChildren } from 'preact';
import type { Loaded } from '../use-load';

export function WhenLoaded<T>({ loaded, children }: { loaded: Loaded<T>; children: (value: T) => ComponentChildren }) {
  if (loaded.state === 'loading') return <p class="loading">Loading…</p>;
  if (loaded.state === 'error') {
    return (
      <p class="error" role="alert">
        Veil could not load this: {loaded.error}
      </p>
    );
  }
  return <>{children(loaded.value)}</>;
}
