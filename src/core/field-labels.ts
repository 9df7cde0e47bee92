/**
 * How a field is named to people: in the release text ("Marital status: Divorced") and in Veil's pages
 * alike, so what the person reviews and what the assistant reads use the same words. A custom field is
 * shown as written, with its first letter capitalised ("favourite_food" → "Favourite food").
 *
 * ```ts
 * fieldLabel('work');            // "Work history"
 * fieldLabel('favourite food');  // "Favourite food"
 * ```
 */
import { isKnownField, type KnownField } from './profile';

const FIELD_LABELS: Record<KnownField, string> = {
  gender: 'Gender',
  age: 'Age',
  location: 'Location',
  nationality: 'Nationality',
  languages: 'Languages',
  marital_status: 'Marital status',
  children: 'Children',
  occupation: 'Occupation',
  work: 'Work history',
  education: 'Education',
};

export function fieldLabel(field: string): string {
  if (isKnownField(field)) return FIELD_LABELS[field];
  const words = field.replace(/[_.]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
