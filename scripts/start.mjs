// `npm start`: build Veil for Chrome, serve the local Demo Chat page, and open Debian's Chromium with the
// built extension loaded on it. With no display ($DISPLAY / $WAYLAND_DISPLAY unset), it builds, then prints
// how to load the extension by hand and how to use the command line, runs one release with the CLI, and exits 0.
//
// Environment: VEIL_CHROMIUM (default /usr/bin/chromium), VEIL_DEMO_PORT (default 5178).
// The browser profile lives in ~/.cache/veil/chromium-profile, so your Veil profile survives restarts.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEFAULT_DEMO_PORT, serveDemo } from './demo-server.mjs';

const root = resolve(import.meta.dirname, '..');
const extension = join(root, '.output', 'chrome-mv3');
const chromium = process.env.VEIL_CHROMIUM ?? '/usr/bin/chromium';

console.log('Building Veil for Chrome (wxt build)…');
const build = spawnSync('npx', ['wxt', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0 || !existsSync(join(extension, 'manifest.json'))) {
  console.error('start: the build failed (see above).');
  process.exit(build.status || 1);
}
console.log(`Built: ${extension}`);

const howToLoad = `
Load it by hand in Chrome or Chromium: open chrome://extensions, turn on "Developer mode", click
"Load unpacked" and choose ${extension}
For Firefox: npm run build, then about:debugging → This Firefox → "Load Temporary Add-on…" and choose
${join(root, '.output', 'firefox-mv2', 'manifest.json')}`;

if (!process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
  console.log(`
No display here ($DISPLAY is not set), so no browser is started.
${howToLoad}

Try Veil's privacy core from the command line instead (JSON out):
  npm run --silent cli -- release --profile test/fixtures/profiles/table1.json --mechanism block --epsilon 8
  npm run --silent cli -- sample --profile test/fixtures/profiles/table1.json --mechanism slot --epsilon 8 --n 1000
  npm run --silent cli -- score --field occupation --value "Pediatric nurse"

Serve the Demo Chat page alone: node scripts/demo-server.mjs   (http://127.0.0.1:${DEFAULT_DEMO_PORT}/)

Here is the first one, run now on the example profile of the Profile-DP paper's Table 1:`);
  const cli = spawnSync(
    'npx',
    ['tsx', 'src/cli/main.ts', 'release', '--profile', 'test/fixtures/profiles/table1.json', '--mechanism', 'block', '--epsilon', '8'],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  if (cli.status !== 0) process.exit(cli.status || 1);
  const release = JSON.parse(cli.stdout);
  console.log(`\n${release.text}\n\n(spent ε ${release.spent.total.toFixed(3)} of ${release.epsilon}; the full JSON has each attribute's treatment)`);
  process.exit(0);
}

if (!existsSync(chromium)) {
  console.error(`start: no Chromium at ${chromium}. Install it (apt-get install chromium) or set VEIL_CHROMIUM.${howToLoad}`);
  process.exit(1);
}

const demo = await serveDemo({ port: Number(process.env.VEIL_DEMO_PORT ?? DEFAULT_DEMO_PORT) });
const profile = join(homedir(), '.cache', 'veil', 'chromium-profile');
mkdirSync(profile, { recursive: true });
console.log(`Demo Chat: ${demo.url}
Opening Chromium with Veil loaded. Click the puzzle-piece icon in the toolbar, pin Veil, and open it to
fill in your profile. Close the browser (or press Ctrl+C here) to stop.`);

const browser = spawn(
  chromium,
  [
    `--user-data-dir=${profile}`,
    `--disable-extensions-except=${extension}`,
    `--load-extension=${extension}`,
    '--no-first-run',
    '--no-default-browser-check',
    // Chromium refuses to run as root with its sandbox (containers, CI machines); a normal user keeps it.
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
    demo.url,
  ],
  { stdio: ['ignore', 'ignore', 'pipe'] },
);
const stop = async (code) => {
  await demo.close();
  process.exit(code);
};
let errors = '';
browser.stderr.on('data', (chunk) => {
  errors = (errors + chunk).slice(-2000);
});
browser.on('exit', (code) => {
  if (code) console.error(`start: Chromium exited with code ${code}:\n${errors.trim()}`);
  void stop(code ?? 0);
});
browser.on('error', (error) => {
  console.error(`start: could not run ${chromium}: ${error.message}`);
  void stop(1);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => browser.kill('SIGTERM'));
