// @vitest-environment happy-dom
/**
 * The Memories section of the options page against the real handlers: add a memory, add a protected
 * attribute, see Veil's suggestion, confirm a member yourself, raise a cap only after confirming, remove
 * and undo; every change stored at once.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { Options } from '../../../src/ui/pages/Options';
import { MEASURED_CAPS, MEASURED_MEMVIEW } from '../../../src/ui/measured-memview';
import { renderWithProfile, renderWithVeil } from './render';

afterEach(cleanup);

describe('memories in the options page', () => {
  it('adds memories and a protected attribute, suggests members the person must tick, and confirms a raised cap', async () => {
    const h = renderWithVeil(() => <Options />);
    const send = h.client();
    const section = await screen.findByRole('region', { name: 'Memories' });
    const q = within(section);

    fireEvent.change(q.getByLabelText('Topic', { selector: '#memory-slot' }), { target: { value: 'health' } });
    fireEvent.input(q.getByLabelText('New memory'), { target: { value: 'Diagnosed with type 2 diabetes in March' } });
    fireEvent.click(q.getByRole('button', { name: 'Add memory' }));
    await q.findByText('Diagnosed with type 2 diabetes in March');
    fireEvent.change(q.getByLabelText('Topic', { selector: '#memory-slot' }), { target: { value: 'food' } });
    fireEvent.input(q.getByLabelText('New memory'), { target: { value: 'I like spicy food' } });
    fireEvent.click(q.getByRole('button', { name: 'Add memory' }));
    await q.findByText('I like spicy food');

    fireEvent.input(q.getByLabelText('Protected attribute'), { target: { value: 'type 2 diabetes' } });
    fireEvent.click(q.getByRole('button', { name: 'Add protected attribute' }));
    const group = await q.findByRole('group', { name: /type 2 diabetes · cap ε 2/ });
    // A suggestion, not a membership: nothing is ticked until the person does it.
    expect(within(group).getAllByText(/Veil suggests this one/)).toHaveLength(1);
    expect((await send('memory.get', {})).memory.protected[0]!.members).toEqual([]);
    expect(section.textContent).toContain('a memory left out of the group is outside the guarantee');
    fireEvent.click(within(group).getByLabelText(/Diagnosed with type 2 diabetes/));
    await expect.poll(async () => (await send('memory.get', {})).memory.protected[0]!.members.length).toBe(1);
    await q.findByText(/protected as type 2 diabetes/);

    // Raising the cap asks first; cancelling keeps it.
    fireEvent.change(within(group).getByLabelText(/Cap for type 2 diabetes/), { target: { value: '8' } });
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: /Raise the cap of type 2 diabetes/ })).getByRole('button', { name: 'Cancel' }));
    await expect.poll(() => screen.queryByRole('alertdialog')).toBeNull();
    expect((await send('memory.get', {})).memory.protected[0]!.cap).toBe(2);
    fireEvent.change(within(group).getByLabelText(/Cap for type 2 diabetes/), { target: { value: '4' } });
    const dialog = await screen.findByRole('alertdialog', { name: /Raise the cap of type 2 diabetes/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Raise cap' }));
    await expect.poll(async () => (await send('memory.get', {})).memory.protected[0]!.cap).toBe(4);
    // The page shows the saved cap before the person goes on (an edit made over an older copy is refused).
    await q.findByText('The cap of “type 2 diabetes” is now ε 4.');

    // Edit a memory into another topic: it moves there, its groups stay.
    fireEvent.click(q.getByRole('button', { name: 'Edit memory: I like spicy food' }));
    fireEvent.change(q.getByLabelText('Topic', { selector: 'select[id^="memory-edit-slot-"]' }), { target: { value: 'home' } });
    fireEvent.input(q.getByLabelText('Memory'), { target: { value: 'I like a spicy kitchen' } });
    fireEvent.click(q.getByRole('button', { name: 'Save' }));
    await expect
      .poll(async () => (await send('memory.get', {})).memory.memories.map((m: { slot: string; text: string }) => [m.slot, m.text]))
      .toEqual([
        ['health', 'Diagnosed with type 2 diabetes in March'],
        ['home', 'I like a spicy kitchen'],
      ]);
    await q.findByText(/Saved the memory under Home/);
    await q.findByRole('button', { name: 'Edit memory: I like a spicy kitchen' });

    // Remove a memory (it leaves every group), then undo.
    fireEvent.click(q.getByRole('button', { name: 'Remove memory: Diagnosed with type 2 diabetes in March' }));
    await expect.poll(async () => (await send('memory.get', {})).memory.memories.length).toBe(1);
    expect((await send('memory.get', {})).memory.protected[0]!.members).toEqual([]);
    fireEvent.click(await q.findByRole('button', { name: 'Undo removing the memory' }));
    await expect.poll(async () => (await send('memory.get', {})).memory.protected[0]!.members.length).toBe(1);

    // The budget lists the protected attribute with the profile's facts.
    const budget = await screen.findByRole('region', { name: 'Privacy budget' });
    await within(budget).findByText('Memory · type 2 diabetes');
    h.db.close();
  });

  it('an edit over memories changed in another page is refused with a message, and the page shows them as they are', async () => {
    const h = renderWithVeil(() => <Options />);
    const send = h.client();
    const section = await screen.findByRole('region', { name: 'Memories' });
    const q = within(section);
    await q.findByLabelText('New memory');
    // Another Veil page saves a memory this page has not seen.
    await send('memory.put', { memory: { memories: [{ id: 'other', slot: 'travel', text: 'Flying to Lisbon in May' }], protected: [], views: [] } });
    fireEvent.input(q.getByLabelText('New memory'), { target: { value: 'I like spicy food' } });
    fireEvent.click(q.getByRole('button', { name: 'Add memory' }));
    await q.findByText(/your memories changed after this page showed them .* nothing was saved/);
    await q.findByText('Flying to Lisbon in May');
    expect((await send('memory.get', {})).memory.memories.map((m: { text: string }) => m.text)).toEqual(['Flying to Lisbon in May']);
    // Made again, against what is stored now, the edit goes through and keeps the other page's memory.
    fireEvent.click(q.getByRole('button', { name: 'Add memory' }));
    await q.findByText('I like spicy food');
    expect((await send('memory.get', {})).memory.memories.map((m: { text: string }) => m.text)).toEqual(['Flying to Lisbon in May', 'I like spicy food']);
    h.db.close();
  });

  it('quick edits, one before the last is saved, all count: two ticks, then two memories added', async () => {
    const memory = {
      memories: [
        { id: 'h1', slot: 'health', text: 'Diagnosed with type 2 diabetes in March' },
        { id: 'f1', slot: 'food', text: 'Counting carbs at dinner' },
      ],
      protected: [{ id: 'a1', name: 'type 2 diabetes', cap: 2, members: [] }],
      views: [],
    };
    const h = await renderWithProfile(
      () => <Options />,
      { version: 1, attributes: [] },
      (h) => h.client()('memory.put', { memory }),
    );
    const send = h.client();
    const section = await screen.findByRole('region', { name: 'Memories' });
    const q = within(section);
    const group = await q.findByRole('group', { name: /type 2 diabetes · cap ε 2/ });
    fireEvent.click(within(group).getByLabelText(/Diagnosed with type 2 diabetes/));
    fireEvent.click(within(group).getByLabelText(/Counting carbs/));
    await expect.poll(async () => (await send('memory.get', {})).memory.protected[0]!.members.sort()).toEqual(['f1', 'h1']);
    fireEvent.input(q.getByLabelText('New memory'), { target: { value: 'Walking to work' } });
    fireEvent.click(q.getByRole('button', { name: 'Add memory' }));
    fireEvent.input(q.getByLabelText('New memory'), { target: { value: 'Cycling on Sundays' } });
    fireEvent.click(q.getByRole('button', { name: 'Add memory' }));
    await expect.poll(async () => (await send('memory.get', {})).memory.memories.length).toBe(4);
    await q.findAllByText('Cycling on Sundays');
    expect(section.textContent).not.toContain('changed after this page showed them');
    h.db.close();
  });

  it('once an attribute has spent budget, removing it asks first, and can be undone', async () => {
    const memory = {
      memories: [{ id: 'f1', slot: 'food', text: 'Counting carbs at dinner' }],
      protected: [{ id: 'a1', name: 'type 2 diabetes', cap: 2, members: ['f1'] }],
      views: [],
    };
    const h = await renderWithProfile(
      () => <Options />,
      { version: 1, attributes: [] },
      (h) => h.client()('memory.put', { memory }),
    );
    const send = h.client();
    const section = await screen.findByRole('region', { name: 'Memories' });
    const q = within(section);
    await q.findByRole('button', { name: 'Remove type 2 diabetes' });
    // Charged after the page was shown (a send on a chat site): the page still says spent ε 0.
    await send('release.create', { prompt: 'Suggest some dinner recipes', conversation: 'c1', site: 'veil' });
    fireEvent.click(q.getByRole('button', { name: 'Remove type 2 diabetes' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Protect less under type 2 diabetes?' });
    expect(dialog.textContent).toContain('adding it again later starts a new budget');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect.poll(() => screen.queryByRole('alertdialog')).toBeNull();
    expect((await send('memory.get', {})).memory).toEqual(memory);
    fireEvent.click(q.getByRole('button', { name: 'Remove type 2 diabetes' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Protect less under type 2 diabetes?' })).getByRole('button', { name: 'Protect less' }),
    );
    await expect.poll(async () => (await send('memory.get', {})).memory.protected).toEqual([]);
    // Undo puts it back under its id, so its ledger (and what it spent) is its own again.
    fireEvent.click(await q.findByRole('button', { name: 'Undo removing “type 2 diabetes”' }));
    await expect.poll(async () => (await send('memory.get', {})).memory).toEqual(memory);
    expect((await send('memory.get', {})).spent.a1).toBeGreaterThan(0);
    h.db.close();
  });

  it('damaged stored memories: sends are refused, and the section offers to start over, after which all works again', async () => {
    const h = await renderWithProfile(
      () => <Options />,
      { version: 1, attributes: [{ entity: 'self', field: 'age', value: '41', sharing: 'withheld' }] },
      async (h) => {
        await h.client()('memory.put', {
          memory: {
            memories: [{ id: 'f1', slot: 'food', text: 'Counting carbs' }],
            protected: [{ id: 'a1', name: 'diabetes', cap: 2, members: ['f1'] }],
            views: [],
          },
        });
        await h.client()('release.create', { prompt: 'Suggest some dinner recipes', conversation: 'c1', site: 'veil' });
        await h.db.memory.update('current', { memories: 'not a list' as never });
      },
    );
    const send = h.client();
    await expect(send('release.create', { prompt: 'Hello', conversation: 'c2', site: 'veil' })).rejects.toThrow(
      /your stored memories are damaged \(memories: .*\); in Veil's settings, Memories, you can start over with none/,
    );
    await expect(send('memory.put', { memory: { memories: [], protected: [], views: [] } })).rejects.toThrow(/damaged/);
    const section = await screen.findByRole('region', { name: 'Memories' });
    await within(section).findByText(/Veil could not read your memories: your stored memories are damaged/);
    fireEvent.click(within(section).getByRole('button', { name: 'Start over with no memories' }));
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Start over with no memories?' })).getByRole('button', { name: 'Start over' }));
    await screen.findByLabelText('New memory');
    expect((await send('memory.get', {})).memory).toEqual({ memories: [], protected: [], views: [] });
    // What the attribute spent this period stays counted: its ledger is still in the budget.
    expect((await send('budget.get', {})).ledgers.find((l: { key: string }) => l.key === 'memory:a1')?.spent).toBeGreaterThan(0);
    expect((await send('release.create', { prompt: 'Hello', conversation: 'c2', site: 'veil' })).text).toContain('Hello');
    h.db.close();
  });

  it('states a preference outright for a topic, and takes it back', async () => {
    const h = renderWithVeil(() => <Options />);
    const send = h.client();
    const section = await screen.findByRole('region', { name: 'Memories' });
    const food = within(section).getByLabelText('Your stated preference for Food');
    expect((food as HTMLSelectElement).value).toBe('');
    fireEvent.change(food, { target: { value: 'vegetarian' } });
    await expect.poll(async () => (await send('memory.get', {})).memory.stated).toEqual([{ slot: 'food', code: 'vegetarian' }]);
    expect(section.textContent).toContain('no memory is read and no budget is spent, and the review marks it as yours');
    fireEvent.change(within(section).getByLabelText('Your stated preference for Food'), { target: { value: '' } });
    await expect.poll(async () => (await send('memory.get', {})).memory.stated).toEqual([]);
    h.db.close();
  });

  it('quotes the measured rates per cap, and switches the budget mode and K in settings', async () => {
    const h = renderWithVeil(() => <Options />);
    const section = await screen.findByRole('region', { name: 'Memories' });
    const { backed, misleading, nothing } = MEASURED_MEMVIEW.veil[2];
    expect(section.textContent).toContain(
      `At cap 8 it is one they support ${MEASURED_MEMVIEW.veil[8].backed}% of the time and one they do not ${MEASURED_MEMVIEW.veil[8].misleading}%`,
    );
    expect(section.textContent).toContain(
      `one your memories support ${backed}% of the time, one they do not support ${misleading}% of the time, and nothing is added ${nothing}%`,
    );
    const rows = [...section.querySelectorAll('.cap-rates tbody tr')].map((r) => r.textContent);
    expect(rows).toEqual(
      MEASURED_CAPS.map(
        (c) =>
          `${c}${MEASURED_MEMVIEW.veil[c].backed}%${MEASURED_MEMVIEW.veil[c].misleading}%${MEASURED_MEMVIEW.veil[c].nothing}%${MEASURED_MEMVIEW.veil[c].auc.toFixed(2)}`,
      ),
    );
    fireEvent.change(within(section).getByLabelText('Number of charged preferences per cap (K)'), { target: { value: '4' } });
    await expect.poll(async () => (await h.client()('settings.get', {})).memoryK).toBe(4);
    fireEvent.click(within(section).getByLabelText(/split over the uses you plan/));
    await expect.poll(async () => (await h.client()('settings.get', {})).memoryMode).toBe('pre');
    h.db.close();
  });
});
