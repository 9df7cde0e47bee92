/**
 * The model host in Node, on the real bundled model (onnxruntime-node): it loads once, reports its state,
 * answers scores equal to the CLI's scorer, fails with the reason when the model cannot load (and tries
 * again next time), and an optional-model download that fails or is cancelled keeps nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUNDLED_MODEL_ID, ENCODER_MODEL_ID } from '../../../src/embedding/bundled';
import { fileReader, loadBundledEncoder, loadBundledScorer, MODELS_DIR } from '../../../src/embedding/node';
import { LocalModelHost } from '../../../src/model-host/local-host';
import type { LocalHostDeps } from '../../../src/model-host/local-host-deps';
import type { VeilDatabase } from '../../../src/storage/db';
import { installedModels, readActiveModel } from '../../../src/storage/model-store';
import { freshDatabase } from '../storage/helpers';
import { openNodeTagger } from '../../../src/crossmap/tagger/node';

let db: VeilDatabase;
afterEach(() => db?.close());

function deps(overrides: Partial<LocalHostDeps> = {}): LocalHostDeps {
  db = freshDatabase();
  return {
    db,
    modelBase: `${MODELS_DIR}/`,
    readBundled: fileReader(MODELS_DIR),
    chooseBackend: async () => ({ backend: 'wasm', reason: 'test' }),
    openTagger: openNodeTagger,
    fetch: async () => {
      throw new Error('no network in tests');
    },
    ...overrides,
  };
}

describe('LocalModelHost', () => {
  it('loads the bundled model once and scores as the CLI does', async () => {
    const host = new LocalModelHost(deps());
    expect((await host.status()).state).toMatch(/idle|loading/);
    const items = [
      { field: 'occupation', value: 'Pediatric nurse' },
      { field: 'location', value: 'Lyon, France' },
    ];
    const [a, b] = await Promise.all([host.score(items), host.score(items)]);
    expect(a).toEqual(b);
    expect(a.model).toBe(BUNDLED_MODEL_ID);
    const cli = await loadBundledScorer();
    expect(a.scores[0]).toEqual(await cli.score('occupation', 'Pediatric nurse'));
    expect(await host.status()).toMatchObject({ state: 'ready', model: BUNDLED_MODEL_ID, backend: 'wasm', reason: 'test' });
    const { vectors, dimension } = await host.embed(['favourite colour']);
    expect(dimension).toBe(100);
    expect(vectors[0]).toHaveLength(100);
  });

  it('loads the sentence encoder with it, and encodes messages as the CLI does', async () => {
    const host = new LocalModelHost(deps());
    const { model, dimension, vectors } = await host.encode(['How do I ask for a raise at my job?']);
    expect([model, dimension]).toEqual([ENCODER_MODEL_ID, 512]);
    const cli = await loadBundledEncoder();
    const [expected] = await cli.embed(['How do I ask for a raise at my job?']);
    expect(vectors[0]!.reduce((s, x, i) => s + x * expected![i]!, 0)).toBeCloseTo(1, 5);
    expect(await host.status()).toMatchObject({ state: 'ready', model: BUNDLED_MODEL_ID });
  });

  it('a missing sentence encoder fails the load with a plain reason: no release without it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'veil-models-'));
    symlinkSync(join(MODELS_DIR, BUNDLED_MODEL_ID), join(dir, BUNDLED_MODEL_ID));
    const host = new LocalModelHost(deps({ modelBase: `${dir}/`, readBundled: fileReader(dir) }));
    await expect(host.score([{ field: 'age', value: '41' }])).rejects.toThrow(
      /sentence encoder could not be loaded, so Veil cannot tell which facts this message needs/,
    );
    expect(await host.status()).toMatchObject({ state: 'failed', error: expect.stringMatching(/sentence encoder/) });
    await expect(host.encode(['hello'])).rejects.toThrow(/sentence encoder/);
  });

  it('says why the model failed, and tries again on the next call', async () => {
    let broken = true;
    const host = new LocalModelHost(
      deps({
        chooseBackend: async () => {
          if (broken) throw new Error('this browser is too old to run the model');
          return { backend: 'wasm', reason: 'fixed' };
        },
      }),
    );
    await expect(host.score([{ field: 'age', value: '41' }])).rejects.toThrow('too old');
    expect(await host.status()).toMatchObject({ state: 'failed', error: 'this browser is too old to run the model' });
    // Asking for the state again does not retry by itself.
    broken = false;
    expect(await host.status()).toMatchObject({ state: 'failed' });
    expect((await host.score([{ field: 'age', value: '41' }])).scores[0]).toHaveLength(8);
    expect(await host.status()).toMatchObject({ state: 'ready', reason: 'fixed' });
  });

  it('refuses a model that is not on the list, and a failed download keeps nothing', async () => {
    const host = new LocalModelHost(deps({ fetch: async () => new Response('missing', { status: 404 }) }));
    await expect(host.startInstall('someone/else')).rejects.toThrow('not one of the models Veil offers');
    await host.startInstall('Xenova/all-MiniLM-L6-v2');
    await expect.poll(async () => (await host.install())?.state).toBe('failed');
    expect((await host.install())?.detail).toBe('could not download config.json (HTTP 404); the model in use did not change');
    expect(await installedModels(db)).toEqual([]);
    expect(await readActiveModel(db)).toBe(BUNDLED_MODEL_ID);
  });

  it('a cancelled download stops, keeps nothing and says so', async () => {
    const host = new LocalModelHost(
      deps({
        fetch: async (_url, init) =>
          new Response(
            new ReadableStream({
              start(controller) {
                controller.enqueue(new Uint8Array(1000));
                init?.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
              },
            }),
          ),
      }),
    );
    await host.startInstall('Xenova/all-MiniLM-L6-v2');
    await expect(host.startInstall('Xenova/bge-small-en-v1.5')).rejects.toThrow('still being installed');
    await expect.poll(async () => (await host.install())?.progress ?? 0).toBeGreaterThan(0);
    await host.cancelInstall();
    await expect.poll(async () => (await host.install())?.state).toBe('cancelled');
    expect((await host.install())?.detail).toMatch(/nothing was kept/);
    expect(await installedModels(db)).toEqual([]);
  });
});
