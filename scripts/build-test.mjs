// Builds the end-to-end test variant of Veil for both browsers into .output-test/ (VEIL_TEST=1, see
// wxt.config.ts): .output-test/chrome-mv3 and .output-test/firefox-mv2. Normal builds in .output/ are untouched.
import { spawnSync } from 'node:child_process';

for (const args of [['build'], ['build', '-b', 'firefox']]) {
  const started = Date.now();
  const result = spawnSync('npx', ['wxt', ...args], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, VEIL_TEST: '1' } });
  if (result.status !== 0) {
    process.stdout.write(result.stdout);
    console.error(`build-test: wxt ${args.join(' ')} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`build-test: wxt ${args.join(' ')} (VEIL_TEST=1) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
