/**
 * The test-only pieces (the test-probe content script, web-accessible popup/options) exist only in the
 * VEIL_TEST build: the production manifests (built by scripts/build-test.mjs into .output-test/production/)
 * have no content scripts and nothing web-accessible, and `wxt zip` refuses while VEIL_TEST is set.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const TARGETS = ['chrome-mv3', 'firefox-mv2'];
const manifest = (dir: string) => JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Record<string, unknown>;

describe('production build', () => {
  it.each(TARGETS)('%s: no content scripts, nothing web-accessible, no test probe', (target) => {
    const production = resolve('.output-test/production', target);
    const m = manifest(production);
    expect(m.name).toBe('Veil');
    expect(m).not.toHaveProperty('content_scripts');
    expect(m).not.toHaveProperty('web_accessible_resources');
    expect(JSON.stringify(m)).not.toContain('test-probe');
    expect(existsSync(join(production, 'content-scripts'))).toBe(false);

    // The test build, made from the same sources, does carry them: the check above can fail.
    const test = manifest(resolve('.output-test', target));
    expect(JSON.stringify(test.content_scripts)).toContain('test-probe');
    expect(test).toHaveProperty('web_accessible_resources');
  });

  it('wxt zip refuses while VEIL_TEST is set', () => {
    const result = spawnSync('npx', ['wxt', 'zip'], { encoding: 'utf8', env: { ...process.env, VEIL_TEST: '1', VEIL_OUT_DIR: '.output-test/refused-zip' } });
    expect(result.status).not.toBe(0);
    expect(`${result.stdout}${result.stderr}`).toContain('refusing to zip a test build (VEIL_TEST is set)');
    expect(existsSync(resolve('.output-test/refused-zip'))).toBe(false);
  });
});
