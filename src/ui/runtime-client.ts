/** The real client of extension pages: the contract over `runtime.sendMessage`. */
import { browser } from 'wxt/browser';
import { createClient, type VeilClient } from '../messaging/client';

export function runtimeClient(): VeilClient {
  return createClient((envelope) => browser.runtime.sendMessage(envelope));
}
