/**
 * Rendering: Compose(q, R(ũ)) — the instruction followed by the released profile, as `Field: value` lines
 * (structured) or sentences (freeform). The same template serves every mechanism; it only ever reads
 * released values (kept shared values, category labels, the suppression symbol), never a withheld one.
 *
 * Entities are named by role ("me", "my child"); an entity whose name is not a role is called "another
 * person" unless the person shared that name as the entity's `name` attribute (DESIGN.md "Entities").
 *
 * ```ts
 * renderRelease([{ entity: 'self', field: 'occupation', value: 'Managers' }], 'Rephrase my CV.', 'structured');
 * // "Rephrase my CV.\n\nAbout me:\nOccupation: Managers"
 * ```
 */
import { fieldLabel } from '../core/field-labels';
import type { ReleaseFormat } from '../core/choices';

/** What a suppressed value is released as: a fixed symbol, the same for every value. */
export const SUPPRESSED_VALUE = '[withheld]';

export interface RenderAttribute {
  readonly entity: string;
  readonly field: string;
  /** The released value. */
  readonly value: string;
  readonly sharing?: 'shared' | 'withheld';
  /** Set for a public category (a privatized value): the text then words it as a category. */
  readonly code?: string;
}

/** A shared value that policy closure generalized says so in the text (the assistant should not take it as written). */
const GENERALIZED = ' (generalized)';

// prettier-ignore
const ROLE_WORDS = new Set([
  'partner', 'spouse', 'husband', 'wife', 'child', 'children', 'son', 'daughter', 'kid', 'baby', 'mother', 'father',
  'mom', 'mum', 'dad', 'parent', 'parents', 'sibling', 'brother', 'sister', 'friend', 'colleague', 'boss', 'manager',
  'grandmother', 'grandfather', 'grandparent', 'grandchild', 'aunt', 'uncle', 'cousin', 'niece', 'nephew', 'roommate',
  'flatmate', 'family', 'team', 'employee', 'client', 'patient', 'student', 'teacher', 'neighbour', 'neighbor', 'pet',
  'dog', 'cat', 'fiance', 'fiancee', 'girlfriend', 'boyfriend', 'stepson', 'stepdaughter', 'stepchild', 'sons',
  'daughters', 'kids', 'siblings', 'brothers', 'sisters', 'friends', 'colleagues', 'grandchildren', 'grandparents',
  'stepmother', 'stepfather', 'godchild', 'godson', 'goddaughter', 'toddler', 'teen', 'teenager', 'twins', 'household',
]);

/** Words that may stand between "my" and the role word: "my older sister", "my best friend". */
// prettier-ignore
const ROLE_MODIFIERS = new Set([
  'older', 'elder', 'eldest', 'oldest', 'younger', 'youngest', 'little', 'big', 'baby', 'twin', 'best', 'step', 'ex',
  'late', 'first', 'second', 'third', 'new', 'former', 'current', 'adult', 'teenage', 'grown', 'only',
]);

/**
 * The role an entity is called by in release text, or undefined when it is not a role Veil recognises
 * (then it is "another person", because it may be a name). "self" → "me"; "Child" → "my child";
 * "my older sister" → "my older sister"; "my Emma", "Jake" → undefined.
 */
export function entityRole(entity: string): string | undefined {
  const words = entity.trim().toLowerCase().split(/\s+/);
  if (words.length === 1 && (words[0] === 'self' || words[0] === 'me' || words[0] === 'myself')) return 'me';
  if (words.length === 1 && ROLE_WORDS.has(words[0]!)) return `my ${words[0]}`;
  const [first, ...rest] = words;
  if ((first === 'my' || first === 'our') && rest.length >= 1 && rest.length <= 3) {
    const head = rest[rest.length - 1]!;
    if (ROLE_WORDS.has(head) && rest.slice(0, -1).every((w) => ROLE_MODIFIERS.has(w))) return words.join(' ');
  }
  return undefined;
}

/**
 * How an entity is named in text: its role (`entityRole`), a name the person shared, or
 * "another person (n)". `sharedNames` holds entities whose shared `name` attribute equals the entity.
 */
export function entityRoles(entities: readonly string[], sharedNames: ReadonlySet<string>): Map<string, string> {
  const roles = new Map<string, string>();
  let others = 0;
  for (const entity of entities) {
    if (roles.has(entity)) continue;
    roles.set(entity, entityRole(entity) ?? (sharedNames.has(entity) ? entity : `another person (${++others})`));
  }
  return roles;
}

function possessive(role: string): string {
  return role === 'me' ? 'my' : `${role}'s`;
}

/** A released category in a sentence: "I live in Western Europe", "my partner is aged 35–44". */
const CATEGORY_CLAUSES: Partial<Record<string, (subject: string, self: boolean, value: string) => string>> = {
  age: (s, self, v) => `${s} ${self ? 'am' : 'is'} aged ${v.charAt(0).toLowerCase()}${v.slice(1)}`,
  location: (s, self, v) => `${s} ${self ? 'live' : 'lives'} in ${v}`,
  nationality: (s, self, v) => `${s} ${self ? 'am' : 'is'} a citizen of a country in ${v}`,
  languages: (s, self, v) => `${s} ${self ? 'speak' : 'speaks'} ${v}`,
  occupation: (s, self, v) => `${s} ${self ? 'work' : 'works'} in the occupational group "${v}"`,
  work: (s, self, v) => `${self ? 'my' : `${s}'s`} work history is in the occupational group "${v}"`,
  education: (s, self, v) => `${self ? 'my' : `${s}'s`} highest level of education is ${v.charAt(0).toLowerCase()}${v.slice(1)}`,
};

function clause(role: string, a: RenderAttribute): string {
  const label = a.field === 'children' ? 'parental status' : fieldLabel(a.field).toLowerCase();
  const verb = /s$/.test(label) && !/status$/.test(label) ? 'are' : 'is';
  const generalized = a.sharing === 'shared' && a.code !== undefined ? GENERALIZED : '';
  if (a.code === 'unspecified') return `${possessive(role)} ${label} ${verb} not specified`;
  const category = a.code !== undefined ? CATEGORY_CLAUSES[a.field] : undefined;
  if (category) return category(role === 'me' ? 'I' : role, role === 'me', a.value) + generalized;
  return `${possessive(role)} ${label} ${verb} ${a.value}${generalized}`;
}

function line(a: RenderAttribute): string {
  return `${fieldLabel(a.field)}: ${a.value}${a.sharing === 'shared' && a.code !== undefined ? GENERALIZED : ''}`;
}

function joinClauses(clauses: readonly string[]): string {
  if (clauses.length <= 1) return clauses.join('');
  return `${clauses.slice(0, -1).join(', ')} and ${clauses[clauses.length - 1]}`;
}

/** The profile block alone (no instruction). */
export function renderProfile(attributes: readonly RenderAttribute[], format: ReleaseFormat, sharedNames: ReadonlySet<string> = new Set()): string {
  const entities = [...new Set(attributes.map((a) => a.entity))];
  const roles = entityRoles(entities, sharedNames);
  const sections = entities.map((entity) => {
    const role = roles.get(entity)!;
    const own = attributes.filter((a) => a.entity === entity);
    if (format === 'structured') return [`About ${role}:`, ...own.map(line)].join('\n');
    const sentence = joinClauses(own.map((a) => clause(role, a)));
    return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
  });
  return sections.join(format === 'structured' ? '\n\n' : ' ');
}

/** Compose(q, R(ũ)): the instruction, a blank line, the released profile. */
export function renderRelease(
  attributes: readonly RenderAttribute[],
  instruction: string | undefined,
  format: ReleaseFormat,
  sharedNames: ReadonlySet<string> = new Set(),
): string {
  const parts = [instruction?.trim() ?? '', attributes.length > 0 ? renderProfile(attributes, format, sharedNames) : ''];
  return parts.filter((p) => p.length > 0).join('\n\n');
}
