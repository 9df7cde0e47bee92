/** Words the UI shows for fields, entities and ε amounts. */
import { unitsToEpsilon } from '../core/epsilon';
import { fieldLabel } from '../core/field-labels';
import { isKnownField, type KnownField } from '../core/profile';

export { fieldLabel };

/** An example value for the add form, so the hint matches the field chosen. */
const FIELD_EXAMPLES: Record<KnownField, string> = {
  gender: 'woman',
  age: '41',
  location: 'Lyon, France',
  nationality: 'Portuguese',
  languages: 'French and English',
  marital_status: 'married',
  children: 'two daughters',
  occupation: 'Pediatric nurse',
  work: '10 years as a nurse in Lyon',
  education: 'Bachelor of Science in Nursing',
};

export function fieldExample(field: string): string {
  return isKnownField(field) ? FIELD_EXAMPLES[field] : 'what you would tell a friend';
}

/** "You" for `self`; otherwise the role as the person wrote it, capitalised as a label ("My child"). */
export function entityLabel(entity: string): string {
  return entity === 'self' ? 'You' : capitalize(entity);
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function attributeLabel(a: { entity: string; field: string; memory?: true }): string {
  if (a.memory) return `Memory · ${a.field}`;
  return `${entityLabel(a.entity)} · ${fieldLabel(a.field)}`;
}

/** ε from units, with at most two decimals ("12", "2.67"). */
export function formatEpsilon(units: number): string {
  return formatEpsilonValue(unitsToEpsilon(units));
}

/**
 * ε given as a number of ε (the review's figures), rounded to two decimals with no trailing zeros:
 * 7.999998092651367 (8 split three ways, rounded down) reads "8", 2.6666660308837890625 reads "2.67".
 */
export function formatEpsilonValue(epsilon: number): string {
  return String(Number(epsilon.toFixed(2)));
}

/** A fact as a sentence names it: "your location", "my child's age" (capitalise it to start a sentence). */
export function factPhrase(a: { entity: string; field: string; memory?: true }): string {
  if (a.memory) return `“${a.field}”`;
  const field = fieldLabel(a.field).toLowerCase();
  return a.entity === 'self' ? `your ${field}` : `${a.entity}'s ${field}`;
}
