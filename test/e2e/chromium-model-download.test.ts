/**
 * Chromium, built test variant: the optional stronger model, downloaded only when asked (with a
 * confirmation in the UI), against a local stand-in for the model hub (test/e2e/model-server.ts): a failed
 * download and a cancelled one leave the bundled model in use and keep nothing; a successful one shows
 * progress through downloading and computing the category embeddings on the device, then is used for
 * releases; switching back to the bundled model works.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot, sendFromPage, tempDir, type ChromiumWithVeil } from './browsers';
import { serveModel } from './model-server';

const MODEL = 'veil-test/glove-copy';
const BUNDLED = 'veil-glove-100d';

interface Overview {
  status: { state: string; model: string };
  active: string;
  options: { id: string; installed: boolean }[];
  install: { model: string; state: string; progress: number | null; detail: string } | null;
}

let dir: Awaited<ReturnType<typeof tempDir>>;
let browser: ChromiumWithVeil;
let hub: Awaited<ReturnType<typeof serveModel>>;
let page: Page;

async function send<T>(type: string, request: unknown): Promise<T> {
  const reply = (await sendFromPage(page, type, request)) as { ok: true; value: T } | { ok: false; error: string };
  if (!reply.ok) throw new Error(`${type}: ${reply.error}`);
  return reply.value;
}
const overview = () => send<Overview>('model.get', {});
const installed = async () => (await overview()).options.find((o) => o.id === MODEL)!.installed;

/** Poll model.get until the download ends; returns every install state seen on the way. */
async function untilInstallEnds(): Promise<Overview['install'][]> {
  const seen: Overview['install'][] = [];
  for (;;) {
    const o = await overview();
    seen.push(o.install);
    if (o.install && ['done', 'failed', 'cancelled'].includes(o.install.state)) return seen;
    await page.waitForTimeout(50);
  }
}

beforeAll(async () => {
  dir = await tempDir('veil-e2e-model-');
  hub = await serveModel();
  browser = await launchChromium(dir.path);
  page = await browser.open('options.html');
  await send('profile.import', {
    text: JSON.stringify({ version: 1, attributes: [{ entity: 'self', field: 'occupation', value: 'Pediatric nurse', sharing: 'withheld' }] }),
  });
  // The release is what is under test: it carries the occupation whatever its message.
  await send('settings.update', { patch: { facts: 'all' } });
});
afterAll(async () => {
  await browser?.close();
  await hub?.close();
  await dir?.remove();
});

describe('Chromium: installing a stronger model', () => {
  it('asks before downloading; Cancel in the dialog downloads nothing', async () => {
    const section = page.getByRole('region', { name: 'Embedding model' });
    await section.getByText(/ready on/).waitFor({ timeout: 60_000 });
    await section.getByRole('listitem').filter({ hasText: MODEL }).getByRole('button', { name: 'Download…' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    expect(hub.requests).toEqual([]);
    expect(await overview()).toMatchObject({ active: BUNDLED, install: null });
  });

  it('a failed download keeps nothing and leaves the bundled model in use', async () => {
    hub.setMode('fail');
    await send('model.install', { model: MODEL, confirmed: true, source: hub.url });
    const seen = await untilInstallEnds();
    expect(seen.at(-1)).toMatchObject({ state: 'failed', detail: expect.stringMatching(/onnx\/model.onnx \(HTTP 404\); the model in use did not change/) });
    expect(await overview()).toMatchObject({ active: BUNDLED, status: { state: 'ready', model: BUNDLED } });
    expect(await installed()).toBe(false);
    expect(await send('release.create', { prompt: 'x', conversation: 'm1', site: 'veil' })).toMatchObject({ kind: 'fresh' });
  });

  it('a cancelled download keeps nothing; the page shows its progress and a Cancel button', async () => {
    hub.setMode('slow');
    await send('model.install', { model: MODEL, confirmed: true, source: hub.url });
    await expect.poll(async () => (await overview()).install?.progress ?? 0, { timeout: 20_000 }).toBeGreaterThan(0.2);
    await page.reload();
    const section = page.getByRole('region', { name: 'Embedding model' });
    await section.getByRole('progressbar', { name: 'Download progress' }).waitFor();
    await screenshot(page, 'chromium-model-downloading');
    await section.getByRole('button', { name: 'Cancel download' }).click();
    const seen = await untilInstallEnds();
    expect(seen.at(-1)).toMatchObject({ state: 'cancelled', detail: expect.stringMatching(/nothing was kept/) });
    expect(await overview()).toMatchObject({ active: BUNDLED });
    expect(await installed()).toBe(false);
  });

  it('a successful download shows progress, computes the category embeddings here, and is used from then on', async () => {
    hub.setMode('ok');
    await send('model.install', { model: MODEL, confirmed: true, source: hub.url });
    const seen = await untilInstallEnds();
    const states = [...new Set(seen.map((s) => s?.state))];
    expect(states).toEqual(['downloading', 'computing', 'done']);
    expect(seen.filter((s) => s?.state === 'computing').some((s) => (s?.progress ?? 0) > 0)).toBe(true);
    await expect.poll(async () => (await overview()).status, { timeout: 60_000 }).toMatchObject({ state: 'ready', model: MODEL });
    expect(await overview()).toMatchObject({ active: MODEL });
    expect(await installed()).toBe(true);
    const r = await send<{ kind: string; attributes: { release: string }[] }>('release.create', { prompt: 'y', conversation: 'm2', site: 'veil' });
    expect(r).toMatchObject({ kind: 'fresh', attributes: [{ release: 'privatized' }] });

    expect(await send<Overview>('model.use', { model: BUNDLED })).toMatchObject({ active: BUNDLED, status: { state: 'ready', model: BUNDLED } });
    expect(await send<Overview>('model.use', { model: MODEL })).toMatchObject({ active: MODEL, status: { state: 'ready', model: MODEL } });
  });
});
