/** Load something from the background once, with its error kept for display (fail closed: no data, no UI). */
import { useEffect, useState } from 'preact/hooks';
import { errorText } from './client';

export type Loaded<T> = { state: 'loading' } | { state: 'error'; error: string } | { state: 'ready'; value: T };

/** `deps`: load again when any of them changes (as well as on `reload()`). */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[] = []): [Loaded<T>, (value: T) => void, () => void] {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      (value) => live && setLoaded({ state: 'ready', value }),
      (error: unknown) => live && setLoaded({ state: 'error', error: errorText(error) }),
    );
    return () => {
      live = false;
    };
  }, [generation, ...deps]);
  return [loaded, (value) => setLoaded({ state: 'ready', value }), () => setGeneration((g) => g + 1)];
}
