/**
 * A page of Veil's docked at the right of the chat page (the compose box, the answer read-back): an iframe of
 * the extension's own origin, which the page can see and remove but not read. Nothing is in its URL; the
 * page behind it gets its content from the background with a one-time token posted to it alone.
 */
import { markVeil } from './visible';

const FRAME =
  'all:initial;display:block;position:fixed;top:0;right:0;width:min(520px,100vw);height:100vh;border:0;margin:0;padding:0;z-index:2147483646;background:transparent;color-scheme:normal;';

export function dockedFrame(doc: Document, url: string, title: string, mark: Record<string, string>): { frame: HTMLIFrameElement; loaded: Promise<void> } {
  const frame = doc.createElement('iframe');
  frame.src = url;
  frame.title = title;
  frame.style.cssText = FRAME;
  Object.assign(frame.dataset, mark);
  markVeil(frame);
  const loaded = new Promise<void>((resolve) => frame.addEventListener('load', () => resolve(), { once: true }));
  doc.documentElement.append(frame);
  return { frame, loaded };
}
