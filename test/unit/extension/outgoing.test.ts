/**
 * What leaves, composed in one place (src/extension/outgoing.ts): the release service's `made` hands the
 * review a public draft (no profile, no withheld value), and the text composed from it is the release's
 * own text; leaving a fact or a view out in the review takes it out of what leaves, and nothing else.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { attributeKey } from '../../../src/core/profile';
import { outgoingText, publicDraft, viewKey } from '../../../src/extension/outgoing';
import { createReleaseService } from '../../../src/extension/release-service';
import { VeilDatabase } from '../../../src/storage/db';
import { replaceProfile } from '../../../src/storage/profile-store';
import { updateSettings } from '../../../src/storage/settings-store';
import { fakeHost } from '../model-host/fake-host';

let db: VeilDatabase | undefined;
afterEach(() => db?.close());

const profile = {
  version: 1 as const,
  attributes: [
    { entity: 'self', field: 'occupation', value: 'Pediatric nurse', sharing: 'withheld' as const },
    { entity: 'self', field: 'location', value: 'Lyon, France', sharing: 'shared' as const },
    { entity: 'Sam', field: 'name', value: 'Sam', sharing: 'shared' as const },
    { entity: 'Sam', field: 'occupation', value: 'Teacher', sharing: 'shared' as const },
  ],
};

describe('outgoing: one composer of what leaves', () => {
  it('the release service hands the review a public draft, never the profile, and its text is the release’s', async () => {
    db = new VeilDatabase(`veil-outgoing-${crypto.randomUUID()}`);
    await replaceProfile(db, profile, Date.UTC(2026, 10, 30));
    await updateSettings(db, { facts: 'all', epsilon: 8 }, false);
    const releases = createReleaseService({ db, model: fakeHost(), now: () => Date.UTC(2026, 10, 30) });
    const made = await releases.made({ prompt: 'Plan my week.', conversation: 'c/1', site: 'chatgpt' });
    expect(Object.keys(made).sort()).toEqual(['draft', 'response', 'settings']);
    expect(JSON.stringify(made)).not.toContain('Pediatric nurse');
    expect(made.draft.named).toEqual(['Sam']);
    expect(outgoingText(made.draft, 'Plan my week.', made.settings.suppressed)).toBe(made.response.text);
    expect((await db.releases.get(made.response.releaseId))!.text).toBe(made.response.text);
    // Reused for free in the same conversation: composed the same way, under the new message.
    const again = await releases.made({ prompt: 'And next week?', conversation: 'c/1', site: 'chatgpt' });
    expect(again.response.reused).toBe(true);
    expect(outgoingText(again.draft, 'And next week?', again.settings.suppressed)).toBe(again.response.text);
  });

  it('what the person leaves out in the review does not leave; suppressed facts are omitted or marked', () => {
    const attributes = [
      { entity: 'self', field: 'occupation', sharing: 'withheld' as const, release: 'privatized' as const, value: 'Health professionals' },
      { entity: 'self', field: 'age', sharing: 'withheld' as const, release: 'suppressed' as const, value: '[withheld]' },
      { entity: 'self', field: 'location', sharing: 'shared' as const, release: 'kept' as const, value: 'Lyon, France' },
    ];
    const views = [{ slot: 'diet', view: { code: 'low-sugar', text: 'favour low-sugar meals' }, kind: 'selected', attributes: ['m1'], epsilonUnits: 1 }];
    const draft = publicDraft(attributes, 'structured', views as never, profile);
    expect(draft.views).toEqual([{ slot: 'diet', view: { code: 'low-sugar', text: 'favour low-sugar meals' } }]);
    const all = outgoingText(draft, 'Plan meals.', 'mark');
    expect(all).toContain('Health professionals');
    expect(all).toContain('[withheld]');
    expect(all.endsWith('Answer preferences: favour low-sugar meals.')).toBe(true);
    expect(outgoingText(draft, 'Plan meals.', 'omit')).not.toContain('[withheld]');
    const left = outgoingText(draft, 'Plan meals.', 'mark', [attributeKey(attributes[0]!), viewKey('diet')]);
    expect(left).not.toContain('Health professionals');
    expect(left).not.toContain('Answer preferences');
    expect(left).toContain('Lyon, France');
    expect(left.startsWith('Plan meals.')).toBe(true);
  });
});
