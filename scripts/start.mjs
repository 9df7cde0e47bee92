// `npm start`: build Veil for Chrome (the demo build, which acts on the local Demo Chat page too), serve the local Demo Chat page, and open Debian's Chromium with the
// built extension loaded on it. With no display ($DISPLAY / $WAYLAND_DISPLAY unset), it builds, then prints
// how to load the extension by hand and how to use the command line, runs one release with the CLI, and exits 0.
//
// Environment: VEIL_CHROMIUM (default /usr/bin/chromium), VEIL_DEMO_PORT (default 5178).
// The browser profile lives in ~/.cache/veil/chromium-profile, so your Veil profile survives restarts.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { runWxt } from './build/run-wxt.mjs';
import { DEFAULT_DEMO_PORT, serveDemo } from './demo-server.mjs';

const root = resolve(import.meta.dirname, '..');
// The demo build (VEIL_DEMO=1, wxt.config.ts): the build people install (`npm run build`, .output/) leaves
// local pages alone, Demo Chat's included.
const extension = join(root, '.output-demo', 'chrome-mv3');
const chromium = process.env.VEIL_CHROMIUM ?? '/usr/bin/chromium';

console.log('Building Veil for Chrome with the Demo Chat page (VEIL_DEMO=1 wxt build)…');
const built = runWxt(['build'], { cwd: root, env: { ...process.env, VEIL_DEMO: '1' } });
if (built !== 0 || !existsSync(join(extension, 'manifest.json'))) {
  console.error('start: the build failed (see above).');
  process.exit(built || 1);
}
console.log(`Built: ${extension}`);

const howToLoad = `
Load it by hand in Chrome or Chromium: open chrome://extensions, turn on "Developer mode", click
"Load unpacked" and choose ${extension}
For Firefox: npm run build:demo, then about:debugging → This Firefox → "Load Temporary Add-on…" and choose
${join(root, '.output-demo', 'firefox-mv2', 'manifest.json')}
(This build also acts on the Demo Chat page at http://localhost. The build for everyday use, npm run build
into .output/, leaves every local page alone.)`;

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
  console.log(`\n${release.text}\n\n${howToRead(release)}`);
  process.exit(0);
}

/** What the example release above means, in words: what was privatized, "(generalized)", and the ε figures. */
function howToRead(release) {
  const label = (a) => ({ work: 'work history' })[a.field] ?? a.field.replace(/_/g, ' ');
  const withheld = release.attributes.filter((a) => a.sharing === 'withheld' && a.release === 'privatized');
  const generalized = release.attributes.filter((a) => a.sharing === 'shared' && a.release === 'privatized');
  const charged = Object.keys(release.spent.perAttribute).length;
  const share = release.epsilon / (withheld.length + generalized.length);
  const lines = [
    `How to read it: the withheld facts (${withheld.map(label).join(', ')}) were each replaced by a public category`,
    `drawn at random with differential privacy ("Unspecified" is one of the categories: Veil says it rather than guess).`,
  ];
  if (generalized.length > 0) {
    lines.push(
      `"(generalized)" marks a shared fact (${generalized.map(label).join(', ')}) that Veil privatized too, because it would`,
      `give a withheld one away (closure; an empirical safeguard, not part of the guarantee).`,
    );
  }
  lines.push(
    `Spent ε ${release.spent.total.toFixed(3)} of ${release.epsilon}: the release's ε = ${release.epsilon} is split evenly among the ${withheld.length + generalized.length} facts`,
    `it privatizes (about ${share.toFixed(3)} each, rounded down), and only the ${charged} withheld one${charged === 1 ? ' is' : 's are'} charged: a shared fact is public.`,
    `The full JSON (npm run --silent cli -- release …) gives each fact's treatment and reason.`,
  );
  return lines.join('\n');
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
