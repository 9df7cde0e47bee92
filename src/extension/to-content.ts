/**
 * The background's end of its commands to content scripts (src/messaging/to-content.ts): one command to one
 * frame of one tab, and its reply. A reply not of the contract's shape (no content script answered, or
 * something else did) is said as the page not answering.
 */
import { browser } from 'wxt/browser';
import type { ContentReply, ToContent } from '../messaging/to-content';

export const toContent: ToContent = async (tabId, frameId, command) => {
  const reply: unknown = await browser.tabs.sendMessage(tabId, command, { frameId });
  return isReply(reply) ? reply : { ok: false, error: 'the chat page did not answer' };
};

function isReply(reply: unknown): reply is ContentReply {
  if (typeof reply !== 'object' || reply === null || !('ok' in reply)) return false;
  return reply.ok === true || (reply.ok === false && 'error' in reply && typeof reply.error === 'string');
}
