/**
 * The profile: what a person tells Veil about themselves (and people they speak for),
 * and the file format used by import/export and the CLI (DESIGN.md "Command-line interface").
 *
 * ```ts
 * const profile = parseProfile(JSON.parse(text)); // throws ProfileError naming the bad attribute
 * ```
 *
 * Pure module: no browser API, runs in Node, the CLI and the extension.
 */
import { z } from 'zod';
import { editDistance } from './edit-distance';
import { problemInWords } from './zod-issue';

export const SHARING = ['shared', 'withheld'] as const;
export type Sharing = (typeof SHARING)[number];

/** Fields with a public candidate domain (DESIGN.md "Domains"). Any other field name is a custom field. */
export const KNOWN_FIELDS = ['gender', 'age', 'location', 'nationality', 'languages', 'marital_status', 'children', 'occupation', 'work', 'education'] as const;
export type KnownField = (typeof KNOWN_FIELDS)[number];

export function isKnownField(field: string): field is KnownField {
  return (KNOWN_FIELDS as readonly string[]).includes(field);
}

/**
 * The known field that `field` is most likely a slip for, or undefined when it is a known field or reads as
 * a custom one. A slip is the known name in other case or with spaces or hyphens ("Age", "marital status"),
 * or, keeping the first letter, one edit away from a known name of 5 to 7 letters ("gendre") or two from
 * a longer one ("ocupation", "language"). Short names (age, work) count only the first kind, so custom
 * fields such as "name", "wage" or "genre" stay custom.
 */
export function likelyKnownField(field: string): KnownField | undefined {
  if (isKnownField(field)) return undefined;
  const written = field
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  if (isKnownField(written)) return written;
  let best: { field: KnownField; distance: number } | undefined;
  for (const known of KNOWN_FIELDS) {
    if (known.length < 5 || written[0] !== known[0]) continue;
    const limit = known.length >= 8 ? 2 : 1;
    const distance = editDistance(written, known, limit);
    if (distance <= limit && (!best || distance < best.distance)) best = { field: known, distance };
  }
  return best?.field;
}

const name = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(64, 'must be at most 64 characters')
  // No "." so that `entity.field` (the ledger key) names exactly one attribute.
  .regex(/^[\p{L}\p{N}_ '-]+$/u, "may use only letters, digits, spaces and _ ' -");

export const IMPORTANCE = ['low', 'high'] as const;
export type Importance = (typeof IMPORTANCE)[number];

export const attributeSchema = z.strictObject({
  /** "self", or another person by role ("my child", "my partner"). */
  entity: name,
  field: name,
  value: z.string().trim().min(1, 'must not be empty').max(500, 'must be at most 500 characters'),
  sharing: z.enum(SHARING, { error: 'must be "shared" or "withheld"' }),
  /**
   * For a withheld fact: how large a share of a release's ε it gets (`low` 1, normal 2, `high` 4 parts), so
   * it comes out right more or less often. A public choice (src/planning/plan.ts); absent = normal.
   */
  importance: z.enum(IMPORTANCE, { error: 'must be "low" or "high"' }).optional(),
});
export type Attribute = z.infer<typeof attributeSchema>;

/** Unknown top-level keys are ignored (DESIGN.md); attributes are strict. */
export const profileSchema = z.object({
  version: z.literal(1, { error: 'must be 1' }),
  instruction: z.string().max(20_000).optional(),
  attributes: z.array(attributeSchema).max(500, 'at most 500 attributes'),
});
export type Profile = z.infer<typeof profileSchema>;

export class ProfileError extends Error {
  override name = 'ProfileError';
}

/** The key an attribute is known by in ledgers and release output: `entity.field`. */
export function attributeKey(a: Pick<Attribute, 'entity' | 'field'>): string {
  return `${a.entity}.${a.field}`;
}

/**
 * Validate untrusted input as a profile. Errors name the attribute in words, counting from 1 ("attribute 3
 * (self.age): "sharing" must be ...", "attribute 1 has no "field""), so a person can fix their file. Two
 * attributes with the same entity and field are refused: ledgers are kept per `entity.field`.
 */
export function parseProfile(input: unknown): Profile {
  const result = profileSchema.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new ProfileError(describeIssue(input, issue));
  }
  const seen = new Map<string, number>();
  result.data.attributes.forEach((a, i) => {
    const key = attributeKey(a);
    const first = seen.get(key);
    if (first !== undefined) {
      throw new ProfileError(`attribute ${i + 1} (${key}) repeats attribute ${first + 1}: one value per entity and field`);
    }
    seen.set(key, i);
  });
  return result.data;
}

/** "<owner> has no "key"" for a missing key, "<subject>: "key" <problem>" otherwise. */
function atKey(subject: string, rest: readonly PropertyKey[], problem: string, owner = subject): string {
  const key = rest.map(String).join('.');
  return problem === 'is missing' ? `${owner} has no "${key}"` : `${subject}: "${key}" ${problem}`;
}

function describeIssue(input: unknown, issue: z.core.$ZodIssue): string {
  const path = issue.path;
  const problem = problemInWords(issue, input);
  if (path.length === 0) return `profile: ${issue.code === 'invalid_type' ? 'must be a JSON object' : problem}`;
  if (path[0] === 'attributes' && typeof path[1] === 'number') {
    const raw = (input as { attributes: unknown[] }).attributes[path[1]];
    const label =
      raw && typeof raw === 'object' && 'entity' in raw && 'field' in raw ? ` (${String((raw as Attribute).entity)}.${String((raw as Attribute).field)})` : '';
    const subject = `attribute ${path[1] + 1}${label}`;
    if (path.length === 2) {
      return issue.code === 'invalid_type' ? `${subject} must be an object { "entity", "field", "value", "sharing" }` : `${subject} ${problem}`;
    }
    return atKey(subject, path.slice(2), problem);
  }
  if (path[0] === 'attributes' && path.length === 1 && problem !== 'is missing' && issue.code === 'invalid_type') {
    return 'profile: "attributes" must be a list of facts [{ "entity", "field", "value", "sharing" }]';
  }
  return atKey('profile', path, problem, 'the profile');
}
