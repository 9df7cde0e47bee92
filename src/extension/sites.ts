/**
 * Which chat site a page belongs to, from its URL. The background derives it from the sender's URL as the
 * browser reports it, never from what a content script claims.
 *
 * ```ts
 * siteOfUrl('https://claude.ai/new');        // 'claude'
 * siteOfUrl('http://localhost:5173/');      // 'demo'
 * siteOfUrl('https://example.com/');        // null
 * ```
 */
import type { Site } from '../core/settings';

const HOSTS: Record<string, Site> = {
  'chatgpt.com': 'chatgpt',
  'chat.openai.com': 'chatgpt',
  'claude.ai': 'claude',
  'gemini.google.com': 'gemini',
  localhost: 'demo',
  '127.0.0.1': 'demo',
};

export function siteOfUrl(url: string | undefined): Site | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const site = HOSTS[parsed.hostname];
  if (!site) return null;
  // The demo page is served over plain http on the local machine; the chat sites only over https.
  const protocol = site === 'demo' ? 'http:' : 'https:';
  return parsed.protocol === protocol ? site : null;
}
