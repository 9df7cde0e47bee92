/**
 * The key a content script posts a framed page's one-time token under (src/content/framed-launch.ts →
 * src/ui/frame-tokens.ts). Its own module, importing nothing: the framed pages read it before anything
 * renders, and importing it from the contract would load every message schema into each frame.
 */
export const FRAME_TOKEN_KEY = 'veilFrameToken';
