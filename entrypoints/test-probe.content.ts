/**
 * TEST BUILDS ONLY (VEIL_TEST=1; wxt.config.ts drops this entrypoint from every other build).
 *
 * Plays a content script that a web page has talked into relaying messages: the demo page dispatches
 * `veil-test-forge` with `{ type, request }`, this script sends it to the background exactly as a real
 * content script would, and answers with `veil-test-forge-reply`. The end-to-end tests use it to check
 * that the background refuses, from a content-script context, every message reserved for Veil's pages.
 */
export default defineContentScript({
  matches: ['http://localhost/*', 'http://127.0.0.1/*'],
  main(ctx) {
    const relay = (event: Event) => {
      const detail: unknown = JSON.parse(String((event as CustomEvent<string>).detail));
      void browser.runtime.sendMessage(detail).then(
        (reply: unknown) => window.dispatchEvent(new CustomEvent('veil-test-forge-reply', { detail: JSON.stringify(reply) })),
        (error: unknown) => window.dispatchEvent(new CustomEvent('veil-test-forge-reply', { detail: JSON.stringify({ thrown: String(error) }) })),
      );
    };
    ctx.addEventListener(window, 'veil-test-forge' as keyof WindowEventMap, relay);
    // The extension's origin, so Firefox tests can find its pages (moz-extension UUIDs are per profile).
    document.documentElement.dataset.veilTestProbe = browser.runtime.getURL('/');
  },
});
