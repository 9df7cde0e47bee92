/**
 * One of Veil's modules as a script to evaluate inside a test page (no extension needed): the module's
 * exports become `window[name]`. Tests use it to run the real adapters and the real editor writer
 * against the chat-site fixtures.
 *
 * ```ts
 * const script = await pageBundle('src/content/editor-text.ts', 'veilEditorText');
 * await page.evaluate(script);
 * ```
 */
import { build } from 'esbuild';

export async function pageBundle(modulePath: string, name: string): Promise<string> {
  const bundle = await build({
    stdin: { contents: `import * as m from './${modulePath}'; (window as any)[${JSON.stringify(name)}] = m;`, resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    format: 'iife',
    write: false,
    platform: 'browser',
  });
  return bundle.outputFiles[0]!.text;
}
