// Runs `npx wxt <args>` for scripts/start.mjs and scripts/build-test.mjs and prints only what a person should
// read. WXT's progress spinner writes "- Preparing..." and a cursor escape (ESC[1G) to stderr even when it is
// not a terminal, and Node 20's styleText colours its header unconditionally; in a log file both read as
// trouble. So stdout is kept for a failure, and stderr is passed on without escape codes and spinner lines:
// a real warning or error still shows.
import { spawnSync } from 'node:child_process';

// CSI sequences (colours, cursor moves) and OSC sequences (hyperlinks).
const ESCAPES = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)/g;
const SPINNER = /^\s*[-✔✖⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]?\s*Preparing\.\.\.\s*$/;

/** Text as a person reads it: no escape codes, no spinner lines, no blank runs. */
export function plainLog(text) {
  return text
    .replace(ESCAPES, '')
    .split('\n')
    .filter((line) => !SPINNER.test(line))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** `npx wxt ...args`: its cleaned stderr goes to ours; on failure its stdout too. Returns the exit status. */
export function runWxt(args, options = {}) {
  const result = spawnSync('npx', ['wxt', ...args], { ...options, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  const stderr = plainLog(result.stderr ?? '');
  if (result.status !== 0) {
    const stdout = plainLog(result.stdout ?? '');
    if (stdout) process.stderr.write(`${stdout}\n`);
  }
  if (stderr) process.stderr.write(`${stderr}\n`);
  return result.status ?? 1;
}
