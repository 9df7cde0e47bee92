/**
 * Which known field a custom field is about ("employer" → work, "kids" → children), from its public name
 * only. Policy closure uses the topic to see that a shared custom field reveals a withheld known one (or
 * the reverse). Two ways, both public:
 *
 * 1. Name rules (always): the field name is split into words and matched against the keyword list of each
 *    known field below; the topic with the most matching words wins (ties: table order). A word matches a
 *    keyword when equal to it, or, for keywords of 5+ letters, when it starts with it ("graduation" →
 *    "graduat").
 * 2. Embedding similarity (only when an Embedder is available and the name rules found nothing): the
 *    cosine similarity between the embedded field name and each known field's public description (its
 *    keyword list); the best topic is taken when its similarity is at least TOPIC_SIMILARITY_THRESHOLD.
 *    0.6 was chosen without a calibration set (the paper's decision model and development set are not
 *    available): it errs towards "no topic", i.e. towards closure not firing for the custom field.
 *
 * ```ts
 * fieldTopicByName('home_city');            // 'location'
 * await resolveFieldTopics(['hobby'], e);   // Map { 'hobby' => undefined }
 * ```
 */
import type { Embedder } from '../core/contracts';
import { isKnownField, KNOWN_FIELDS, type KnownField } from '../core/profile';

export const FIELD_KEYWORDS: Readonly<Record<KnownField, readonly string[]>> = {
  gender: ['gender', 'sex', 'pronoun', 'pronouns', 'woman', 'man'],
  age: ['age', 'birthday', 'birth', 'born', 'dob', 'birthdate', 'years old'],
  location: [
    'location',
    'city',
    'town',
    'country',
    'address',
    'residence',
    'resident',
    'home',
    'hometown',
    'region',
    'zip',
    'postcode',
    'neighbourhood',
    'neighborhood',
    'lives',
    'living',
  ],
  nationality: ['nationality', 'citizenship', 'citizen', 'passport', 'ethnicity', 'ethnic', 'origin', 'heritage', 'immigrant', 'immigration'],
  languages: ['language', 'languages', 'tongue', 'dialect', 'speaks', 'spoken', 'fluent'],
  marital_status: ['marital', 'married', 'marriage', 'spouse', 'husband', 'wife', 'wedding', 'divorce', 'divorced', 'widow', 'relationship'],
  children: ['children', 'child', 'kids', 'kid', 'son', 'daughter', 'sons', 'daughters', 'parenthood', 'pregnancy', 'pregnant'],
  occupation: ['occupation', 'job', 'profession', 'professional', 'career', 'position', 'role', 'trade', 'vocation'],
  work: [
    'work',
    'employer',
    'employment',
    'employed',
    'company',
    'workplace',
    'experience',
    'internship',
    'internships',
    'industry',
    'salary',
    'income',
    'colleague',
    'colleagues',
  ],
  education: [
    'education',
    'degree',
    'school',
    'university',
    'college',
    'diploma',
    'qualification',
    'studies',
    'study',
    'graduat',
    'phd',
    'masters',
    'bachelor',
    'academic',
  ],
};

export const TOPIC_SIMILARITY_THRESHOLD = 0.6;

function words(field: string): string[] {
  return field
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

function matches(word: string, keyword: string): boolean {
  return word === keyword || (keyword.length >= 5 && word.startsWith(keyword));
}

/** The topic of a field by name rules: a known field is its own topic. */
export function fieldTopicByName(field: string): KnownField | undefined {
  if (isKnownField(field)) return field;
  const ws = words(field);
  const text = ws.join(' ');
  let best: KnownField | undefined;
  let bestHits = 0;
  for (const topic of KNOWN_FIELDS) {
    let hits = 0;
    for (const keyword of FIELD_KEYWORDS[topic]) {
      if (keyword.includes(' ') ? ` ${text} `.includes(` ${keyword} `) : ws.some((w) => matches(w, keyword))) hits++;
    }
    if (hits > bestHits) {
      best = topic;
      bestHits = hits;
    }
  }
  return best;
}

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** The topic of every field: name rules first, then (if given) embedding similarity of public descriptions. */
export async function resolveFieldTopics(fields: readonly string[], embedder?: Embedder): Promise<Map<string, KnownField | undefined>> {
  const topics = new Map<string, KnownField | undefined>();
  for (const field of fields) topics.set(field, fieldTopicByName(field));
  const open = [...topics].filter(([, t]) => t === undefined).map(([f]) => f);
  if (!embedder || open.length === 0) return topics;
  const descriptions = KNOWN_FIELDS.map((f) => [f.replace('_', ' '), ...FIELD_KEYWORDS[f]].join(' '));
  const vectors = await embedder.embed([...descriptions, ...open.map((f) => words(f).join(' '))]);
  open.forEach((field, i) => {
    const v = vectors[descriptions.length + i]!;
    let best: KnownField | undefined;
    let bestSimilarity = TOPIC_SIMILARITY_THRESHOLD;
    KNOWN_FIELDS.forEach((topic, t) => {
      const s = cosine(v, vectors[t]!);
      if (s >= bestSimilarity) {
        best = topic;
        bestSimilarity = s;
      }
    });
    topics.set(field, best);
  });
  return topics;
}
