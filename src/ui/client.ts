/**
 * How UI components reach the background: a `VeilClient` from context. Pages provide the real one
 * (runtime messaging); tests provide one wired to real handlers over fake-indexeddb.
 */
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { VeilClient } from '../messaging/client';

export const ClientContext = createContext<VeilClient | null>(null);

export function useClient(): VeilClient {
  const client = useContext(ClientContext);
  if (!client) throw new Error('ClientContext is missing: wrap the page in <ClientContext.Provider>');
  return client;
}

/** The message of an error thrown by the client, for display. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
