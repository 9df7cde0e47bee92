/**
 * "What Veil does with what you type" (issue 18): per category, what a reviewed send does by default with what
 * the person typed (settings.messageDefaults). One row per category in plain words, with Replace, Generalize
 * (only where the category has a public phrase: `generalizationFor`) and Keep as typed, Veil's own default
 * marked. Choosing Veil's default removes the category from the setting, so it follows Veil's default.
 */
import { useState } from 'preact/hooks';
import type { DefaultableKind, MessageTreatment, Settings } from '../../settings/settings';
import { generalizationFor } from '../../crossmap/generalization-phrases';
import { DEFAULT_TREATMENT } from '../../crossmap/default-treatment';
import { isSpecialKind } from '../../crossmap/types';
import { errorText, useClient } from '../client';
import { useStatus } from '../use-status';
import { Feedback } from './Feedback';
import { measuredDefaultsLine } from '../measured-message';

export interface MessageCategory {
  readonly id: string;
  /** In plain words, as the row's name. */
  readonly label: string;
  /** What it covers. */
  readonly covers: string;
  /** What the site gets with Keep as typed: "The site then gets {about} exactly as you type it." */
  readonly about: string;
  /** The detector's kinds it sets (a name is `person` or, without a cue, `proper`). */
  readonly kinds: readonly [DefaultableKind, ...DefaultableKind[]];
}

const c = (id: string, label: string, covers: string, about: string, ...kinds: [DefaultableKind, ...DefaultableKind[]]): MessageCategory => ({
  id,
  label,
  covers,
  about,
  kinds,
});

/** Every kind a person may set, in one row each (a test checks none is missing). */
export const MESSAGE_CATEGORIES: readonly MessageCategory[] = [
  c('names', 'Names', "people's names, and other capitalised names Veil does not recognise", 'every name you write', 'person', 'proper'),
  c('places', 'Places', 'towns, countries, streets and addresses, airports', 'every place you write', 'place'),
  c('organisations', 'Organisations', 'employers, schools, hospitals and clinics, companies', 'every organisation you name', 'organisation'),
  c('dates', 'Dates', 'days, dates and years', 'every date you write', 'date'),
  c('ages', 'Ages', '“67”, “aged 15”, “in my 30s”', 'every age you write', 'age'),
  c('amounts', 'Amounts', 'sums of money', 'every amount you write', 'money'),
  c('contact', 'Contact details', 'e-mail addresses and phone numbers', 'every e-mail address and phone number you write', 'email', 'phone'),
  c('ids', 'ID numbers', 'ID, account, card and case numbers', 'every ID or account number you write', 'id'),
  c('health', 'Health', 'illnesses, symptoms, injuries, surgery, disability', 'what you write about your health', 'health'),
  c('medicines', 'Medicines', 'medicines and treatments', 'the medicines and treatments you name', 'medication'),
  c('mental-health', 'Mental health', 'psychiatric conditions, self-harm, therapy and psychiatric care', 'what you write about mental health', 'mental-health'),
  c('pregnancy', 'Pregnancy', 'pregnancy, fertility, miscarriage, abortion', 'what you write about pregnancy', 'pregnancy'),
  c('sexuality', 'Sexual orientation', 'being gay, lesbian, bisexual; coming out', 'what you write about sexual orientation', 'sexuality'),
  c('gender-identity', 'Gender identity', 'being trans or non-binary; transition', 'what you write about gender identity', 'gender-identity'),
  c('immigration', 'Immigration', 'visa and residence status, asylum, deportation', 'what you write about immigration status', 'immigration'),
  c('criminal', 'Criminal record', 'arrests, charges, convictions, prison, probation and parole', 'what you write about arrests and convictions', 'criminal'),
  c('substance', 'Drug and alcohol use', 'drinking, drug use, addiction and recovery', 'what you write about drug and alcohol use', 'substance'),
  c('religion', 'Religion', 'faith and religious practice', 'what you write about religion', 'religion'),
  c('ethnicity', 'Ethnicity', 'ethnic background and race', 'what you write about ethnicity', 'ethnicity'),
  c('politics', 'Politics', 'political views, party and trade-union membership', 'what you write about politics', 'politics'),
  c('finance', 'Money trouble', 'debt, arrears, bankruptcy, benefits', 'what you write about money trouble', 'finance'),
  c('employment', 'Job loss', 'being fired or laid off, being out of work', 'what you write about losing a job', 'employment'),
  c('legal', 'Other legal matters', 'custody, divorce, lawsuits, evictions', 'what you write about legal matters', 'legal'),
];

const CHOICE_LABELS: Record<MessageTreatment, string> = { replace: 'Replace', generalize: 'Generalize', keep: 'Keep as typed' };

/** Veil's own default for a category (the same for all its kinds). */
export function builtInDefault(category: MessageCategory): MessageTreatment {
  return DEFAULT_TREATMENT(category.kinds[0]);
}

/** The public phrase Generalize writes for a category, or null: it then offers no Generalize. */
export function categoryGeneralization(category: MessageCategory): string | null {
  return category.kinds.every((k) => generalizationFor(k) !== null) ? generalizationFor(category.kinds[0]) : null;
}

/** The category's current default: the person's, else Veil's. */
function currentDefault(settings: Settings, category: MessageCategory): MessageTreatment {
  return settings.messageDefaults[category.kinds[0]] ?? builtInDefault(category);
}

export interface MessageDefaultsProps {
  settings: Settings;
  onSettings: (settings: Settings) => void;
}

export function MessageDefaults({ settings, onSettings }: MessageDefaultsProps) {
  const send = useClient();
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useStatus();

  const save = async (messageDefaults: Settings['messageDefaults'], saved: string) => {
    try {
      onSettings(await send('settings.update', { patch: { messageDefaults } }));
      setError(null);
      setStatus(saved);
    } catch (e) {
      setError(errorText(e));
    }
  };

  const choose = (category: MessageCategory, treatment: MessageTreatment) => {
    const next: Settings['messageDefaults'] = { ...settings.messageDefaults };
    for (const kind of category.kinds) {
      if (treatment === DEFAULT_TREATMENT(kind)) delete next[kind];
      else next[kind] = treatment;
    }
    void save(next, `${category.label}: ${CHOICE_LABELS[treatment].toLowerCase()}${treatment === builtInDefault(category) ? " (Veil's default)" : ''}.`);
  };

  return (
    <section class="message-defaults" aria-labelledby="message-defaults-heading">
      <h2 id="message-defaults-heading">What Veil does with what you type</h2>
      <p class="hint">
        Before a message goes to a chat site, Veil's review shows it as it will be sent, with everything Veil found in it marked. Choose here what Veil does by
        default with each kind of thing; in the review you can still change any one of them.
      </p>
      <ul class="hint treatment-meanings">
        <li>
          <strong>Replace</strong>: the site gets a stand-in of the same kind (another name, a town of the same region and a similar size), and Veil can put
          your own words back into the answer.
        </li>
        <li>
          <strong>Generalize</strong>: the site gets only a public phrase for the kind of thing (“a health condition”), the same for everyone, so the detail
          stays with you; an answer that depends on the detail gets worse.
        </li>
        <li>
          <strong>Keep as typed</strong>: the site gets it exactly as you typed it.
        </li>
      </ul>
      <p class="hint">
        Sensitive matters are generalized by default: a stand-in there would change your question (another illness than yours). Amounts are kept as typed by
        default, still marked: the answer is computed from them, and a stand-in amount gives a wrong result. So are a year or a month alone (“in 2024”, “in
        September”: a tax year, a law in force or an intake depends on it), courts named by their type (“the Circuit Court”), countries, states and provinces,
        and bodies named by an acronym (“IMSS”, “HMRC”), which the answer depends on and which name no one, and anything Veil marks without being sure it is
        sensitive. Veil misses some things; whatever it does not mark goes as you typed it.
      </p>
      <p class="hint" data-testid="defaults-measured">
        {measuredDefaultsLine()}
      </p>

      {MESSAGE_CATEGORIES.map((category) => {
        const chosen = currentDefault(settings, category);
        const builtIn = builtInDefault(category);
        const phrase = categoryGeneralization(category);
        const choices: MessageTreatment[] = phrase === null ? ['replace', 'keep'] : ['replace', 'generalize', 'keep'];
        const special = isSpecialKind(category.kinds[0]);
        return (
          <fieldset key={category.id} class="treatment-row" aria-describedby={`covers-${category.id}`}>
            <legend>{category.label}</legend>
            <span id={`covers-${category.id}`} class="hint covers">
              {category.covers}
            </span>
            <span class="treatment-choices">
              {choices.map((treatment) => (
                <label key={treatment}>
                  <input type="radio" name={`treatment-${category.id}`} checked={chosen === treatment} onChange={() => choose(category, treatment)} />
                  <span>
                    {CHOICE_LABELS[treatment]}
                    {treatment === 'generalize' && <> (“{phrase}”)</>}
                    {treatment === builtIn && <span class="muted"> (Veil's default)</span>}
                  </span>
                </label>
              ))}
            </span>
            {chosen === 'keep' && (
              <p class="warning">
                The site then gets {category.about} exactly as you type it{special ? ', not just the kind of matter it is' : ''}.
              </p>
            )}
          </fieldset>
        );
      })}

      {Object.keys(settings.messageDefaults).length > 0 && (
        <button type="button" class="button" onClick={() => void save({}, "Every category is back to Veil's default.")}>
          Use Veil's default for every category
        </button>
      )}
      <Feedback error={error} status={status} />
    </section>
  );
}
