/**
 * The test-only pieces (the test-probe content script, web-accessible popup/options, the test hooks in the
 * background) exist only in the VEIL_TEST build: the production manifests (built by scripts/build-test.mjs
 * into .output-test/production/) have only the chat-site content script, on exactly the registry's sites,
 * host permissions for exactly those sites (any other only as an optional one, asked for at run time by the
 * generic adapter, whose content script is registered at run time), and only the review panel
 * web-accessible; and `wxt zip`
 * refuses while VEIL_TEST is set. The store zips carry the bundled model and exactly one ONNX Runtime wasm.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ONNX_WASM_PATH } from '../../src/model-host/onnx-wasm';
import { siteMatches } from '../../src/sites/index';

const TARGETS = ['chrome-mv3', 'firefox-mv2'];
const manifest = (dir: string) => JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Record<string, unknown>;

describe('production build', () => {
  it.each(TARGETS)(
    "%s: the chat-site content script on the registry's sites, other sites only as optional permissions, the review panel and the compose box; no test probe",
    (target) => {
      const production = resolve('.output-test/production', target);
      const m = manifest(production);
      expect(m.name).toBe('Veil');
      // The chat sites only: no local page (the Demo Chat page is a site of the demo and test builds alone).
      const sites = siteMatches({ demo: false }).sort();
      expect(JSON.stringify(m)).not.toMatch(/localhost|127\.0\.0\.1/);
      expect(m.content_scripts).toEqual([{ matches: sites, run_at: 'document_start', js: ['content-scripts/chat.js'] }]);
      const hosts = (m.host_permissions as string[] | undefined) ?? (m.permissions as string[]).filter((p) => p.includes('://'));
      expect([...hosts].sort()).toEqual(sites);
      const anySite = ['https://*/*', 'http://*/*'];
      expect(target === 'chrome-mv3' ? m.optional_host_permissions : m.optional_permissions).toEqual(anySite);
      const exposed = m.web_accessible_resources as ({ resources: string[]; matches: string[] } | string)[];
      const panels = ['review.html', 'compose.html', 'restore.html'];
      expect(exposed).toEqual(target === 'chrome-mv3' ? [{ resources: panels, matches: anySite }] : panels);
      expect(JSON.stringify(m)).not.toContain('test-probe');
      expect(JSON.stringify(m)).not.toContain('generic.test');
      expect(readdirSync(join(production, 'content-scripts')).sort()).toEqual(['chat.js', 'generic.js']);
      expect(readFileSync(join(production, 'background.js'), 'utf8')).not.toContain('veilTestBeforeCharge');
      // The model host's test hold (chromium-faults) is compiled out of every production script too.
      const scripts = (readdirSync(production, { recursive: true }) as string[]).filter((f) => f.endsWith('.js'));
      for (const file of scripts) expect(readFileSync(join(production, file), 'utf8'), file).not.toContain('veilTestModelHold');

      // The test build, made from the same sources, does carry them: the check above can fail.
      const test = manifest(resolve('.output-test', target));
      expect(JSON.stringify(test.content_scripts)).toContain('test-probe');
      expect(test.host_permissions ?? test.permissions).toContain('http://localhost/*');
      expect(test).toHaveProperty('web_accessible_resources');
      expect(readFileSync(resolve('.output-test', target, 'background.js'), 'utf8')).toContain('veilTestBeforeCharge');
    },
  );

  // Two builds and three zips (Firefox's sources zip too): minutes on a busy machine (259 s seen beside a CPU burner).
  it('the store zips hold the three bundled models and exactly one ONNX Runtime wasm, and nothing of the test build', { timeout: 600_000 }, () => {
    const out = resolve('.output-test/production');
    const { VEIL_TEST: _unset, ...env } = process.env;
    for (const args of [['zip'], ['zip', '-b', 'firefox']]) {
      const result = spawnSync('npx', ['wxt', ...args], { encoding: 'utf8', env: { ...env, VEIL_OUT_DIR: out } });
      expect(result.status, result.stderr).toBe(0);
    }
    const zips = readdirSync(out).filter((f) => /^veil-.*-(chrome|firefox)\.zip$/.test(f));
    expect(zips).toHaveLength(2);
    for (const zip of zips) {
      const listing = spawnSync('python3', ['-c', 'import json,sys,zipfile; print(json.dumps(zipfile.ZipFile(sys.argv[1]).namelist()))', join(out, zip)], {
        encoding: 'utf8',
      });
      const entries = JSON.parse(listing.stdout) as string[];
      expect(
        entries.filter((e) => e.endsWith('.wasm')),
        zip,
      ).toEqual([ONNX_WASM_PATH]);
      expect(
        entries.filter((e) => /ort-wasm.*\.mjs$/.test(e)),
        zip,
      ).toEqual([]);
      for (const file of ['onnx/model.onnx', 'tokenizer.json', 'tokenizer_config.json', 'config.json', 'candidates.json', 'candidates.bin']) {
        expect(entries, zip).toContain(`models/veil-glove-100d/${file}`);
      }
      // The sentence encoder and the message tagger the README says ship inside.
      for (const file of ['veil-use-lite/onnx/model.onnx', 'veil-use-lite/tokenizer.json', 'veil-tagger/model.onnx', 'veil-tagger/meta.json'])
        expect(entries, zip).toContain(`models/${file}`);
      expect(
        entries.some((e) => e.includes('test-probe')),
        zip,
      ).toBe(false);
      expect(entries, zip).toContain('THIRD-PARTY-NOTICES.md');
      console.log(`${zip}: ${(statSync(join(out, zip)).size / 1e6).toFixed(2)} MB`);
    }
  });

  it.each(['VEIL_TEST', 'VEIL_DEMO'])('wxt zip refuses while %s is set', (flag) => {
    const result = spawnSync('npx', ['wxt', 'zip'], { encoding: 'utf8', env: { ...process.env, [flag]: '1', VEIL_OUT_DIR: '.output-test/refused-zip' } });
    expect(result.status).not.toBe(0);
    expect(`${result.stdout}${result.stderr}`).toContain('refusing to zip a test or demo build (VEIL_TEST or VEIL_DEMO is set)');
    expect(existsSync(resolve('.output-test/refused-zip'))).toBe(false);
  });
});
