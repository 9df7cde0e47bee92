/**
 * What message protection is told about the person: the same for the review and the compose box, so a
 * message is protected alike wherever it was written (issue 31).
 *
 * - A value the person **shares** in their profile is kept where they typed it (the release states it anyway;
 *   replacing it would contradict the release: "Location: Leeds, UK" over a message that moved Leeds abroad).
 *   The review still marks it, so the person can replace it.
 * - A **withheld** value typed into the message is generalized to what the release says of it (its released
 *   category, e.g. "Health professionals"), and where the release says nothing of it (left out, or its
 *   budget spent), to the kind of fact it is ("an occupation"): never a bare "[withheld]".
 *
 * ```ts
 * const options = messageOptions(profile, new Map([['self.occupation', 'Health professionals']]), settings);
 * await protect(prompt, { ...options, codebook, random, tag });
 * ```
 */
import { fieldLabel } from '../core/field-labels';
import { attributeKey, type Profile } from '../core/profile';
import type { Settings } from '../settings/settings';
import { SUPPRESSED_VALUE } from '../release/render';

/** What a withheld fact becomes in a message: its released category, else the kind of fact ("an age"). */
export function releasedPhrase(attribute: { readonly entity: string; readonly field: string }, released: ReadonlyMap<string, string>): string {
  const value = released.get(attributeKey(attribute));
  if (value !== undefined && value !== SUPPRESSED_VALUE && value.trim() !== '') return value;
  const noun = fieldLabel(attribute.field).toLowerCase();
  return `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;
}

export function messageOptions(profile: Profile, released: ReadonlyMap<string, string>, settings: Pick<Settings, 'alwaysMap' | 'messageDefaults'>) {
  const typed = (a: Profile['attributes'][number]) => a.value.trim().length >= 2;
  return {
    generalize: profile.attributes.filter((a) => a.sharing === 'withheld' && typed(a)).map((a) => ({ value: a.value, phrase: releasedPhrase(a, released) })),
    shared: profile.attributes.filter((a) => a.sharing === 'shared' && typed(a)).map((a) => a.value),
    alwaysMap: settings.alwaysMap,
    defaults: settings.messageDefaults,
  };
}
