/**
 * Which withheld facts a release carries: only those the person's message needs (DESIGN.md "Utility beyond
 * the paper", Relevance). A fact left out is not sampled, not charged and appears nowhere in the text, and
 * the release's ε is split among the facts it carries, so each gets more.
 *
 * Public inputs only: the message (the instruction, which is sent anyway), the fields' names and their
 * public topics. Never a value, so the decision is the same for neighbouring profiles. The plan depends on
 * the message, so the release is reused only within its conversation (the release service does that).
 *
 * The rule: a withheld fact is carried when the message contains one of its field's cue words (below), or
 * its field's own name, or a word of a custom field's name (a "health" fact for "my health insurance").
 * A word matches a cue when equal to it, or, for cues of 5+ letters, when it starts with it
 * ("retirement" → "retire"). An empty message carries every fact (no way to tell).
 *
 * ```ts
 * relevantKeys(publicView(profile), 'Which running shoes for a 40-year-old woman?'); // Set { 'self.age', 'self.gender' }
 * ```
 */
import { attributeKey, isKnownField, KNOWN_FIELDS, type KnownField } from '../core/profile';
import { FIELD_KEYWORDS, fieldTopicByName } from './field-topics';
import type { PublicAttribute } from './public-view';
import { fieldNeeds, RELEVANCE_CLASSIFIER, type RelevanceClassifier } from './relevance-classifier';

/** Words in a message that suggest a field's fact would change the answer. */
// prettier-ignore
export const RELEVANCE_CUES: Readonly<Record<KnownField, readonly string[]>> = {
  gender: ['gender', 'woman', 'women', 'man', 'men', 'female', 'male', 'clothes', 'clothing', 'outfit', 'dress', 'fashion', 'wear', 'pregnan', 'period', 'menopause', 'hormone', 'doctor', 'symptom', 'health', 'medical', 'gift', 'skincare', 'skin', 'weight', 'diet', 'screening', 'screenings'],
  age: ['age', 'aged', 'old', 'older', 'young', 'younger', 'birthday', 'retire', 'pension', 'senior', 'teen', 'health', 'fitness', 'exercise', 'workout', 'training', 'marathon', 'doctor', 'symptom', 'medical', 'insurance', 'mortgage', 'invest', 'savings', 'diet', 'dating', 'gift', 'skincare', 'skin', 'sleep', 'vaccine', 'vaccines', 'vaccination', 'hobby', 'hobbies', 'date', 'running', 'screening', 'screenings', 'weight', 'mole', 'cancer', 'house', 'mortgage', 'degree'],
  location: ['where', 'near', 'nearby', 'local', 'city', 'town', 'country', 'region', 'weather', 'climate', 'travel', 'trip', 'visit', 'restaurant', 'restaurants', 'move', 'moving', 'rent', 'housing', 'tax', 'taxes', 'law', 'legal', 'visa', 'commute', 'garden', 'season', 'shop', 'store', 'event', 'events', 'rights', 'landlord', 'tenant', 'deposit', 'phone', 'zone', 'timezone', 'weekend', 'itinerary', 'retirement', 'ira', '401k', 'invest', 'savings', 'salary', 'house', 'renting', 'rental', 'passport', 'university', 'car', 'contract', 'freelance', 'freelancer', 'summer', 'winter', 'romantic'],
  nationality: ['nationality', 'citizen', 'citizenship', 'passport', 'visa', 'immigration', 'immigrate', 'emigrate', 'embassy', 'culture', 'cultural', 'tradition', 'heritage', 'abroad', 'vote', 'voting'],
  languages: ['language', 'languages', 'translate', 'translation', 'speak', 'speaking', 'fluent', 'learn', 'learning', 'grammar', 'word', 'words', 'vocabulary', 'accent', 'pronounce', 'pronunciation'],
  marital_status: ['married', 'marriage', 'spouse', 'husband', 'wife', 'partner', 'wedding', 'divorce', 'divorced', 'dating', 'relationship', 'single', 'widow', 'anniversary', 'tax', 'taxes', 'mortgage', 'family', 'house', 'romantic', 'date'],
  children: ['children', 'child', 'kids', 'kid', 'son', 'daughter', 'baby', 'toddler', 'parent', 'parenting', 'school', 'babysit', 'family', 'pregnan', 'childcare', 'homework', 'teen', 'teenager', 'teenagers', 'teens', 'newborn', 'infant', 'stepson', 'stepdaughter', 'grandchild', 'grandchildren'],
  occupation: ['job', 'jobs', 'work', 'working', 'career', 'profession', 'occupation', 'resume', 'interview', 'salary', 'promotion', 'boss', 'manager', 'colleague', 'colleagues', 'coworker', 'office', 'shift', 'skills', 'raise', 'workplace', 'hire', 'hiring', 'freelance', 'business', 'professional', 'linkedin', 'cover', 'retirement', 'pension', 'tax', 'taxes', 'careers', 'coding', 'code'],
  work: ['job', 'work', 'working', 'employer', 'company', 'workplace', 'office', 'boss', 'colleague', 'colleagues', 'coworker', 'salary', 'raise', 'promotion', 'industry', 'business', 'contract', 'resign', 'quit', 'interview', 'career', 'careers', 'resume', 'linkedin', 'experience'],
  education: ['education', 'degree', 'school', 'university', 'college', 'study', 'studies', 'studying', 'course', 'courses', 'class', 'exam', 'thesis', 'student', 'graduat', 'phd', 'masters', 'bachelor', 'learn', 'learning', 'explain', 'technical', 'academic', 'scholarship', 'linkedin', 'resume', 'cover', 'level', 'program', 'programme', 'coding', 'code'],
};

function words(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

function matches(word: string, cue: string): boolean {
  return word === cue || (cue.length >= 5 && word.startsWith(cue));
}

/** Cue words of a field: its known field's cues and keywords (by name or by topic), plus its own name's words. */
function cuesOf(field: string): string[] {
  const topic = isKnownField(field) ? field : fieldTopicByName(field);
  const known = topic ? [...RELEVANCE_CUES[topic], ...FIELD_KEYWORDS[topic].filter((k) => !k.includes(' '))] : [];
  return [...known, ...words(field).filter((w) => w.length >= 3)];
}

/** Known fields whose cue words (or name) occur in the message: one input of the classifier. */
export function cueFields(message: string, said = words(message)): Partial<Record<KnownField, boolean>> {
  const out: Partial<Record<KnownField, boolean>> = {};
  for (const field of KNOWN_FIELDS) if (cuesOf(field).some((cue) => said.some((w) => matches(w, cue)))) out[field] = true;
  return out;
}

/**
 * The keys (`entity.field`) of the withheld facts a release for `message` carries. Shared facts are not
 * listed: they are always sent as written (or privatized by closure).
 *
 * With `vector` (the message's vector by the bundled sentence encoder): a known field, or a custom field
 * about one ("kids_ages" → children), is carried when the classifier (./relevance-classifier.ts) gives it
 * at least its threshold; a custom field about no known field, by its name's words in the message.
 * Without `vector`, every field by cue words alone (the rule before the encoder; kept for comparison).
 */
export function relevantKeys(
  view: readonly PublicAttribute[],
  message: string | undefined,
  vector?: ArrayLike<number>,
  classifier: RelevanceClassifier = RELEVANCE_CLASSIFIER,
): Set<string> {
  const withheld = view.filter((a) => a.sharing === 'withheld');
  const said = words(message ?? '');
  if (said.length === 0) return new Set(withheld.map(attributeKey));
  const byCues = (field: string) => cuesOf(field).some((cue) => said.some((w) => matches(w, cue)));
  if (!vector) return new Set(withheld.filter((a) => byCues(a.field)).map(attributeKey));
  const needs = fieldNeeds(vector, cueFields(message ?? '', said), classifier);
  return new Set(
    withheld
      .filter((a) => {
        const topic = isKnownField(a.field) ? a.field : fieldTopicByName(a.field);
        return topic ? needs[topic] >= classifier.threshold : byCues(a.field);
      })
      .map(attributeKey),
  );
}
