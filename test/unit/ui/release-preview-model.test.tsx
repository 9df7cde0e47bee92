// @vitest-environment happy-dom
/** The popup's preview of the next release and model state, and the options page's model choice. */
import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { ModelStatus } from '../../../src/core/model-status';
import { epsilonToUnits } from '../../../src/core/epsilon';
import { ModelStatusLine } from '../../../src/ui/components/ModelStatus';
import { MemoryPreview } from '../../../src/ui/components/ReleasePreview';
import { MEASURED_MEMVIEW } from '../../../src/ui/measured-memview';
import type { MemoryFile } from '../../../src/memview/types';
import { Options } from '../../../src/ui/pages/Options';
import { Popup } from '../../../src/ui/pages/Popup';
import { render } from '@testing-library/preact';
import { renderWithProfile } from './render';

afterEach(cleanup);

const profile = {
  version: 1,
  attributes: [
    { entity: 'self', field: 'occupation', value: 'Pediatric nurse', sharing: 'withheld' },
    { entity: 'self', field: 'age', value: '41', sharing: 'withheld' },
    { entity: 'self', field: 'location', value: 'Lyon', sharing: 'shared' },
    { entity: 'self', field: 'favourite colour', value: 'teal', sharing: 'withheld' },
  ],
};

describe('popup: next release and model', () => {
  it('shows what each fact would become and its cost, says the preview is free, and spends nothing', async () => {
    const h = await renderWithProfile(() => <Popup openOptions={() => undefined} />, profile);
    const preview = await screen.findByRole('region', { name: 'Your next release' });
    const q = within(preview);
    await q.findByText('You · Occupation');
    expect(preview.textContent).toContain('privatized into one of 11 categories · costs ε 8');
    expect(preview.textContent).toContain('sent as you wrote it');
    expect(preview.textContent).toContain('left out of the release');
    expect(preview.textContent).toContain('Veil has no public categories for this kind of fact.');
    expect(preview.textContent).toContain('This preview draws nothing and spends nothing: the figures are exact probabilities');
    // Each privatized fact's exact outcome, from the same distribution the sampler uses.
    const release = await h.client()('release.preview', {});
    const occupation = release.attributes.find((a: { field: string }) => a.field === 'occupation')!.outcome!;
    const pct = (p: number) => `${Math.round(p * 100)}%`;
    expect(preview.textContent).toContain(
      `Veil reads your value as "${occupation.reading}". A fresh release says so ${pct(occupation.right)} of the time, says "Unspecified" ${pct(occupation.unspecified)}, and names another category ${pct(occupation.wrong)}.`,
    );
    expect(preview.textContent).not.toContain('Pediatric nurse');
    expect(await screen.findByText(/ready on/)).toHaveProperty('textContent', expect.stringContaining('WASM'));
    expect((await h.client()('budget.get', {})).totalSpent).toBe(0);
    h.db.close();
  });
});

describe('popup: what memories would add', () => {
  const memory: MemoryFile = {
    memories: [
      { id: 'm1', slot: 'health', text: 'Diagnosed with type 2 diabetes in March' },
      { id: 'm2', slot: 'food', text: 'I like spicy food' },
      { id: 'm3', slot: 'finance', text: 'Paying off my credit cards' },
    ],
    protected: [
      { id: 'a1', name: 'type 2 diabetes', cap: 2, members: ['m1'] },
      { id: 'a2', name: 'debt', cap: 1, members: [] },
    ],
    views: [],
  };

  it('lists the topics, each attribute’s cost per preference and what is left, the unprotected memories and the measured rates; never a memory', async () => {
    const h = await renderWithProfile(
      () => <Popup openOptions={() => undefined} />,
      profile,
      (h) => h.client()('memory.put', { memory, confirmed: false }),
    );
    const preview = await screen.findByRole('region', { name: 'Your next release' });
    await within(preview).findByText('type 2 diabetes');
    const text = preview.textContent!;
    expect(text).toContain(
      'Your 3 memories (health, food, finance): a message about one of these topics adds at most one general preference per topic, never a memory.',
    );
    // K = 2 (the default): each preference costs up to half the cap.
    expect(text).toContain('each preference from its memories costs up to ε 1 · ε 2 of 2 left, 2 preferences');
    expect(text).toContain('no memory in its group yet, so nothing charges it');
    expect(text).toContain("2 memories are in no protected attribute's group: what a preference reveals about them has no bound.");
    const rates = MEASURED_MEMVIEW.veil[2];
    expect(text).toContain(`Measured at cap 2: ${rates.backed}% of the preferences picked are backed by the memories, ${rates.misleading}% are not`);
    for (const m of memory.memories) expect(text).not.toContain(m.text);
    h.db.close();
  });

  it('names the preferences the person stated as theirs', () => {
    const overview = {
      memory: { ...memory, stated: [{ slot: 'food' as const, code: 'vegetarian' }] },
      revision: 1,
      spent: {},
      mode: 'online' as const,
      k: 2,
      variant: 'veil' as const,
    };
    const { container, unmount } = render(<MemoryPreview overview={overview} />);
    expect(container.textContent).toContain(
      'Stated as yours, sent when a message asks for it (shared as you chose, no budget): food: “keep meals vegetarian”.',
    );
    unmount();
  });

  it('says when a cap is reached, follows the preallocated plan, and shows nothing without memories', () => {
    const overview = {
      memory: { ...memory, protected: [{ ...memory.protected[0]!, planned: 4 }] },
      revision: 1,
      totalLeft: epsilonToUnits(100),
      spent: { a1: epsilonToUnits(2) },
      mode: 'pre' as const,
      k: 3,
      variant: 'paper' as const,
    };
    const { container, unmount } = render(<MemoryPreview overview={overview} />);
    expect(container.textContent).toContain('costs up to ε 0.5 · ε 0 of 2 left, 0 preferences');
    expect(container.textContent).toContain('Its cap is reached: its memories add nothing until the next budget period (free).');
    expect(container.textContent).toContain(`Measured at cap 2: ${MEASURED_MEMVIEW.paper[2].backed}%`);
    unmount();
    // The total cap, shared with the profile's facts, can run out before an attribute's own cap.
    const fresh = { ...overview, spent: { a1: 0 } };
    const roomy = render(<MemoryPreview overview={fresh} />);
    expect(roomy.container.textContent).toContain('ε 2 of 2 left, 4 preferences');
    roomy.unmount();
    const tight = render(<MemoryPreview overview={{ ...fresh, totalLeft: epsilonToUnits(1) }} />);
    expect(tight.container.textContent).toContain('ε 2 of 2 left, 2 preferences');
    tight.unmount();
    const spentOut = render(<MemoryPreview overview={{ ...fresh, totalLeft: 0 }} />);
    expect(spentOut.container.textContent).toContain('Your total budget is used up: its memories add nothing until the next budget period (free).');
    spentOut.unmount();
    const empty = render(<MemoryPreview overview={{ ...overview, memory: { memories: [], protected: [], views: [] } }} />);
    expect(empty.container.textContent).toBe('');
  });
});

describe('popup: a model that failed to load', () => {
  it('says what it means and offers to try again', async () => {
    const h = await renderWithProfile(
      () => <Popup openOptions={() => undefined} />,
      profile,
      async (h) => {
        h.model.failWith = new Error('this browser is too old to run the model');
      },
    );
    const alert = await screen.findByText(/could not be loaded, so Veil cannot make releases and will send nothing: this browser is too old/);
    expect(alert).toBeTruthy();
    delete h.model.failWith;
    fireEvent.click(screen.getByRole('button', { name: 'Try loading it again' }));
    await screen.findByText(/ready on/);
    h.db.close();
  });
});

describe('popup: why a fact is not the plain case', () => {
  it('names the fact a shared one would give away, and a fact whose cap is spent', async () => {
    const h = await renderWithProfile(
      () => <Popup openOptions={() => undefined} />,
      {
        version: 1,
        attributes: [
          { entity: 'self', field: 'location', value: 'Lyon', sharing: 'withheld' },
          { entity: 'self', field: 'nationality', value: 'French', sharing: 'shared' },
          { entity: 'my child', field: 'age', value: '7', sharing: 'withheld' },
        ],
      },
      (h) => h.client()('budget.setCap', { key: 'my child.age', cap: 1, confirmed: false }),
    );
    const preview = await screen.findByRole('region', { name: 'Your next release' });
    await within(preview).findByText('You · Nationality');
    expect(preview.textContent).toContain('Its budget for this period (or the one for all facts together) is used up, so it would get its last answer again');
    expect(preview.textContent).toContain('You share it, but it could give away your location, so it is privatized too');
    h.db.close();
  });
});

describe('model status line', () => {
  it.each<[ModelStatus, RegExp]>([
    [{ state: 'loading', model: 'm', progress: 0.4, detail: 'reading onnx/model.onnx' }, /Loading the embedding model m… reading onnx\/model.onnx/],
    [
      { state: 'ready', model: 'm', backend: 'webgpu', reason: 'WebGPU adapter: nvidia', loadMs: 900 },
      /ready on WebGPU \(WebGPU adapter: nvidia\); loaded in 0.9 s/,
    ],
    [{ state: 'failed', model: 'm', error: 'no backend' }, /could not be loaded, so Veil cannot make releases and will send nothing: no backend/],
  ])('%j', (status, text) => {
    render(<ModelStatusLine status={status} />);
    expect(document.body.textContent).toMatch(text);
    if (status.state === 'loading') expect(screen.getByRole('progressbar', { name: 'Model loading progress' })).toHaveProperty('value', 0.4);
  });
});

describe('options: model choice', () => {
  it('asks before any download, and Cancel downloads nothing', async () => {
    const h = await renderWithProfile(() => <Options />, profile);
    const section = await screen.findByRole('region', { name: 'Embedding model' });
    const q = within(section);
    await q.findAllByText('In use');
    const [download] = await q.findAllByRole('button', { name: 'Download…' });
    fireEvent.click(download!);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toMatch(/About 24 MB from the Hugging Face model hub .* nothing about you is sent/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(section.textContent).toMatch(/its accuracy\s+with Veil's categories has not been measured/);
    expect(await h.client()('model.get', {})).toMatchObject({ install: null, active: 'veil-glove-100d' });
    h.db.close();
  });

  it('offers a language model for private compose, asks before downloading it, and says its quality is unmeasured', async () => {
    const h = await renderWithProfile(() => <Options />, profile);
    const list = await screen.findByRole('list', { name: 'Private compose mapping' });
    const q = within(list);
    expect(q.getByText("Veil's word lists").parentElement!.textContent).toContain('In use');
    fireEvent.click(within(q.getByText(/SmolLM2 135M Instruct/).parentElement!).getByRole('button', { name: 'Download…' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toMatch(/About 202 MB from the Hugging Face model hub .* private compose maps with it/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('region', { name: 'Embedding model' }).textContent).toMatch(/How well such a model maps has not been measured/);
    expect(await h.client()('model.get', {})).toMatchObject({ install: null, generator: null });
    await expect(h.client()('model.useGenerator', { model: 'HuggingFaceTB/SmolLM2-135M-Instruct' })).rejects.toThrow(/not installed/);
    h.db.close();
  });
});
