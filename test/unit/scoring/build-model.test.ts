import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLED_MODEL_ID } from '../../../src/embedding/bundled';
import { MODELS_DIR } from '../../../src/embedding/node';

const root = join(import.meta.dirname, '../../..');
const out = mkdtempSync(join(tmpdir(), 'veil-build-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));
const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

describe('npm run build:model', () => {
  it('regenerates the committed model and title lexicon byte for byte (the commit is not stale)', async () => {
    await promisify(execFile)('npx', ['tsx', 'scripts/build-model.ts', '--out', out, '--lexicon', join(out, 'lexicon.json')], {
      cwd: root,
      maxBuffer: 1 << 24,
    });
    const committed = JSON.parse(readFileSync(join(MODELS_DIR, BUNDLED_MODEL_ID, 'manifest.json'), 'utf8')) as { sha256: Record<string, string> };
    const rebuilt = JSON.parse(readFileSync(join(out, BUNDLED_MODEL_ID, 'manifest.json'), 'utf8')) as { sha256: Record<string, string> };
    expect(rebuilt.sha256).toEqual(committed.sha256);
    for (const [file, hash] of Object.entries(committed.sha256)) expect(sha256(join(MODELS_DIR, BUNDLED_MODEL_ID, file))).toBe(hash);
    expect(sha256(join(out, 'lexicon.json'))).toBe(sha256(join(root, 'data/occupation-lexicon.json')));
  }, 300_000);
});
