// Builds what the end-to-end tests load, for both browsers, into .output-test/ (normal builds in .output/
// are untouched):
// - the test variant (VEIL_TEST=1, see wxt.config.ts): .output-test/chrome-mv3 and .output-test/firefox-mv2;
// - the production variant (VEIL_TEST unset): .output-test/production/{chrome-mv3,firefox-mv2}, which
//   test/e2e/production-build.test.ts checks carries none of the test-only pieces.
import { runWxt } from './build/run-wxt.mjs';

const { VEIL_TEST: _unset, ...production } = process.env;
const variants = [
  ['test', { ...process.env, VEIL_TEST: '1' }],
  ['production', { ...production, VEIL_OUT_DIR: '.output-test/production' }],
];

for (const [variant, env] of variants) {
  for (const args of [['build'], ['build', '-b', 'firefox']]) {
    const started = Date.now();
    const status = runWxt(args, { env });
    if (status !== 0) {
      console.error(`build-test: wxt ${args.join(' ')} (${variant}) failed`);
      process.exit(status);
    }
    console.log(`build-test: wxt ${args.join(' ')} (${variant}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}
