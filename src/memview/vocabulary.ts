/**
 * DP-MemView's public view vocabularies (paper §"Slot-level view selection"): for each slot, a fixed list
 * of response-conditioning views shipped with Veil, the first being the slot's generic view.
 *
 * A view says how to answer, never a fact about the person ("keep suggestions blood-sugar-conscious", not
 * "has diabetes"). Each carries two public word lists, used by the scorer (scorer.ts):
 * - `topics`: words in a message that make the view relevant to it (r);
 * - `evidence`: words in a memory that support the view (c, s).
 * `cues` are the words that make a message about the slot at all (the router, router.ts).
 *
 * The vocabulary is the same for every store (condition C1). The person may add views of their own
 * (`CustomView`), but nothing a memory says ever adds, removes or changes a view.
 * Words match at the start of a word ("budget" matches "budgeting"), a phrase word by word, and a word
 * ending in "=" only as a whole word.
 */
import { SLOTS, type Slot } from './slots';

export interface View {
  /** Stable within its slot; `general` is the generic view. */
  readonly code: string;
  /** What is sent (after "Answer preferences:"); the generic view sends nothing. */
  readonly text: string;
  readonly topics: readonly string[];
  readonly evidence: readonly string[];
}

export interface SlotVocabulary {
  readonly slot: Slot;
  readonly cues: readonly string[];
  /** `views[0]` is the generic view. */
  readonly views: readonly View[];
}

export const GENERIC_CODE = 'general';

function generic(): View {
  return { code: GENERIC_CODE, text: '', topics: [], evidence: [] };
}

// prettier-ignore
const MEALS = ['meal', 'dinner', 'lunch', 'breakfast', 'recipe', 'cook', 'snack', 'eat', 'food', 'menu', 'grocer', 'dish', 'dessert', 'bake', 'diet', 'nutrition', 'drink', 'coffee', 'party', 'picnic', 'barbecue', 'bbq'];
// prettier-ignore
const MONEY = ['budget', 'cheap', 'afford', 'cost', 'price', 'spend', 'save', 'saving', 'money', 'pay', 'loan', 'buy', 'purchase', 'subscription', 'bill', 'expens', 'invest', 'financ', 'gift', 'upgrade', 'worth it', 'date night', 'hobby', 'hobbies'];
// prettier-ignore
const CAREER = ['job', 'career', 'work=', 'working', 'works', 'workplace', 'cv', 'resume', 'résumé', 'interview', 'cover letter', 'linkedin', 'salary', 'boss', 'colleague', 'office', 'skill', 'course', 'hire', 'hiring', 'application', 'promotion', 'networking', 'industry', 'side project', 'freelanc', 'introduce myself'];
// prettier-ignore
const EXERCISE = ['exercise', 'workout', 'training', 'run', 'gym', 'fitness', 'walk', 'yoga', 'sport', 'marathon', 'stretch', 'swim', 'cycle'];
// prettier-ignore
const CARE = ['health', 'doctor', 'symptom', 'medic', 'sleep', 'tired', 'energy', 'stress', 'wellbeing', 'well-being', 'pain', 'headache', 'appointment', 'checkup', 'vitamin', 'supplement'];
// prettier-ignore
const PLANS = ['plan', 'schedule', 'routine', 'week', 'weekend', 'morning', 'evening', 'calendar', 'time', 'day', 'habit', 'productiv', 'to-do', 'todo'];
// prettier-ignore
const TRIPS = ['trip', 'travel', 'holiday', 'vacation', 'flight', 'hotel', 'itinerary', 'visit', 'abroad', 'pack', 'destination', 'getaway', 'road trip', 'ski', 'weekend away'];
// prettier-ignore
const HOUSE = ['home', 'house', 'flat', 'apartment', 'room', 'clean', 'decor', 'furniture', 'garden', 'move', 'moving', 'rent', 'kitchen', 'nursery', 'declutter'];
// prettier-ignore
const KIN = ['family', 'kid', 'child', 'partner', 'parent', 'baby', 'wife', 'husband', 'son', 'daughter', 'mum', 'mom', 'dad', 'relative', 'wedding', 'birthday'];

// Evidence shared by the views one situation supports (tuned on the dev half of eval/memview/templates.json).
// prettier-ignore
const DIABETES = ['diabet', 'blood sugar', 'my sugar', 'glucose', 'insulin', 'metformin', 'a1c', 'hba1c', 'glyc', 'finger prick', 'endocrinolog', 'type 2', 'type ii', 'fasting reading', 'readings', 'cgm', 'low-gi', 'low gi', 'carb', 'spikes me', 'my levels', 'my numbers', 'dietitian'];
// prettier-ignore
const PREGNANCY = ['pregnan', 'prenatal', 'antenatal', 'midwife', 'obstetric', 'trimester', 'due date', 'morning sickness', 'folic', 'ultrasound', 'expecting', 'weeks along', 'bump', 'nausea', 'baby', 'the birth', 'grandparent', 'gender reveal', 'onesie', 'belly', 'mat leave', 'maternity'];
// prettier-ignore
const DEBT = ['debt', 'overdraft', 'owe', 'arrears', 'repay', 'minimum payment', 'payday', 'maxed', 'overdue', 'missed payment', 'credit score', 'card payment', 'card balance', 'loan payment', 'final notice', 'behind on', 'eviction', 'consolidat', 'declined', 'paying off', 'bankrupt', 'collection agenc', 'borrowed'];
// prettier-ignore
const JOBLOSS = ['laid off', 'let me go', 'layoff', 'redundan', 'unemploy', 'out of work', 'let go', 'lost my job', 'job got cut', 'severance', 'jobcentre', 'job centre', 'jobseeker', 'outplacement', 'between jobs', 'job hunt', 'job search', 'fired', 'working again', "don't have a job", 'no job', 'no income'];

// prettier-ignore
export const VOCABULARY: readonly SlotVocabulary[] = [
  {
    slot: 'health',
    cues: [...CARE, ...EXERCISE, 'body', 'weight'],
    views: [
      generic(),
      { code: 'blood-sugar', text: 'keep suggestions blood-sugar-conscious (steady energy, no sugar spikes)', topics: [...CARE, ...EXERCISE, ...MEALS, 'energy'], evidence: DIABETES },
      { code: 'pregnancy-safe', text: 'keep suggestions safe during pregnancy', topics: [...CARE, ...EXERCISE, ...MEALS, 'travel', 'trip'], evidence: PREGNANCY },
      { code: 'low-impact', text: 'prefer gentle, low-impact activity', topics: [...EXERCISE, ...CARE], evidence: ['knee', 'back pain', 'injur', 'arthrit', 'joint', 'physio', 'surgery', 'sprain'] },
      { code: 'heart-healthy', text: 'keep suggestions heart-healthy', topics: [...CARE, ...EXERCISE, ...MEALS], evidence: ['blood pressure', 'hypertens', 'cholesterol', 'heart', 'cardio', 'statin'] },
      { code: 'rest-first', text: 'put rest and recovery first', topics: [...CARE, ...PLANS, ...EXERCISE], evidence: ['exhaust', 'burnout', 'insomnia', 'fatigue', 'recover', 'anxiety', 'migraine'] },
      { code: 'active', text: 'assume a regular exercise habit', topics: [...EXERCISE, ...CARE, ...PLANS], evidence: ['marathon', 'training', 'run', 'gym', 'cycling', 'swim', 'climb', 'hike', 'fitness'] },
    ],
  },
  {
    slot: 'food',
    cues: MEALS,
    views: [
      generic(),
      { code: 'low-sugar', text: 'favour low-sugar, low-glycaemic meals', topics: MEALS, evidence: [...DIABETES, 'sugar-free', 'glycaemic'] },
      { code: 'pregnancy-safe-food', text: 'avoid foods not advised in pregnancy (raw fish, soft cheese, alcohol)', topics: MEALS, evidence: [...PREGNANCY, 'craving'] },
      { code: 'budget-meals', text: 'keep meals very cheap', topics: [...MEALS, ...MONEY], evidence: [...DEBT, 'cheap', 'afford', 'food bank', 'coupon', 'discount'] },
      { code: 'vegetarian', text: 'keep meals vegetarian', topics: MEALS, evidence: ['vegetarian', 'vegan', 'plant-based', 'no meat', "don't eat meat", 'tofu'] },
      { code: 'allergy-aware', text: 'avoid common allergens', topics: MEALS, evidence: ['allerg', 'gluten', 'coeliac', 'celiac', 'lactose', 'nut', 'intoleran'] },
      { code: 'quick', text: 'prefer quick meals', topics: [...MEALS, ...PLANS], evidence: ['no time', 'busy', 'quick', 'late shift', 'rush', '15 minute', '20 minute'] },
    ],
  },
  {
    slot: 'finance',
    cues: MONEY,
    views: [
      generic(),
      { code: 'strict-budget', text: 'keep spending strictly minimal', topics: [...MONEY, ...MEALS, ...TRIPS, ...KIN, ...HOUSE], evidence: DEBT },
      { code: 'debt-first', text: 'put paying down debt before other goals', topics: MONEY, evidence: [...DEBT, 'interest rate'] },
      { code: 'income-gap', text: 'assume income may be irregular for now', topics: [...MONEY, ...CAREER], evidence: JOBLOSS },
      { code: 'saving-goal', text: 'keep a savings goal in view', topics: MONEY, evidence: ['saving for', 'deposit', 'emergency fund', 'pension', 'retire', 'isa', '401k'] },
      { code: 'comfortable', text: 'cost is not a main concern', topics: MONEY, evidence: ['bonus', 'well paid', 'comfortable', 'inheritance', 'raise'] },
    ],
  },
  {
    slot: 'work',
    cues: CAREER,
    views: [
      generic(),
      { code: 'job-search', text: 'focus on finding new work', topics: [...CAREER, ...PLANS, ...MONEY], evidence: JOBLOSS },
      { code: 'leave', text: 'plan around time away from work', topics: [...CAREER, ...PLANS], evidence: [...PREGNANCY, 'paternity', 'parental leave', 'sick leave', 'sabbatical'] },
      { code: 'career-growth', text: 'focus on career growth', topics: CAREER, evidence: ['promotion', 'certif', 'manager', 'lead', 'mentor', 'course', 'degree'] },
      { code: 'flexible-hours', text: 'assume flexible or remote hours', topics: [...CAREER, ...PLANS], evidence: ['remote', 'freelanc', 'part-time', 'part time', 'shift', 'self-employ', 'from home'] },
    ],
  },
  {
    slot: 'family',
    cues: KIN,
    views: [
      generic(),
      { code: 'expecting', text: 'keep a baby on the way in mind', topics: [...KIN, ...HOUSE, ...PLANS, ...TRIPS], evidence: [...PREGNANCY, 'nursery'] },
      { code: 'young-children', text: 'keep young children in mind', topics: [...KIN, ...PLANS, ...TRIPS, ...MEALS], evidence: ['toddler', 'nursery', 'daycare', 'preschool', 'my son', 'my daughter', 'kids', 'baby'] },
      { code: 'caregiving', text: 'allow for caring for a relative', topics: [...KIN, ...PLANS], evidence: ['care for', 'carer', 'caregiver', 'my mother', 'my father', 'elderly', 'dementia', 'hospital'] },
      { code: 'low-cost-family', text: 'keep family plans low-cost', topics: [...KIN, ...MONEY, ...TRIPS], evidence: [...DEBT, ...JOBLOSS, 'tight', 'afford', 'cheap'] },
    ],
  },
  {
    slot: 'schedule',
    cues: PLANS,
    views: [
      generic(),
      { code: 'appointments', text: 'leave room for regular appointments', topics: PLANS, evidence: [...DIABETES, ...PREGNANCY, 'clinic', 'screening', 'therapy', 'doctor', 'sensor'] },
      { code: 'open-days', text: 'assume weekdays are open', topics: [...PLANS, ...CAREER], evidence: [...JOBLOSS, 'free during the day', 'not working', 'weekdays are'] },
      { code: 'early', text: 'prefer early starts', topics: PLANS, evidence: ['early', 'dawn', '6am', '6 am', 'morning person', 'sunrise'] },
      { code: 'evenings', text: 'prefer evenings', topics: PLANS, evidence: ['night shift', 'evening', 'late', 'night owl'] },
    ],
  },
  {
    slot: 'home',
    cues: HOUSE,
    views: [
      generic(),
      { code: 'small-space', text: 'assume a small living space', topics: HOUSE, evidence: ['studio', 'small flat', 'tiny', 'one-bedroom', 'one bedroom', 'no garden'] },
      { code: 'baby-proof', text: 'keep a baby-safe home in mind', topics: [...HOUSE, ...KIN], evidence: [...PREGNANCY, 'nursery', 'crib', 'cot'] },
      { code: 'frugal-home', text: 'keep home costs minimal', topics: [...HOUSE, ...MONEY], evidence: [...DEBT, 'tight', 'cheap', 'second-hand', 'heating off'] },
      { code: 'accessible', text: 'prefer step-free, accessible options', topics: HOUSE, evidence: ['wheelchair', 'mobility', 'stairs', 'knee', 'disab', 'walker'] },
    ],
  },
  {
    slot: 'travel',
    cues: TRIPS,
    views: [
      generic(),
      { code: 'budget-travel', text: 'keep travel very cheap', topics: [...TRIPS, ...MONEY], evidence: [...DEBT, 'cheap', 'afford', 'tight', 'hostel', 'cards'] },
      { code: 'pregnancy-travel', text: 'keep travel suitable during pregnancy', topics: TRIPS, evidence: PREGNANCY },
      { code: 'medical-travel', text: 'allow for medication and medical needs while travelling', topics: TRIPS, evidence: [...DIABETES, 'medication', 'inhaler', 'epipen', 'prescription'] },
      { code: 'family-travel', text: 'keep travel family-friendly', topics: [...TRIPS, ...KIN], evidence: ['kids', 'children', 'toddler', 'my son', 'my daughter', 'family'] },
      { code: 'adventure', text: 'lean towards active, outdoor travel', topics: TRIPS, evidence: ['hike', 'climb', 'trek', 'surf', 'ski', 'dive', 'camp'] },
    ],
  },
];

const BY_SLOT = new Map(VOCABULARY.map((v) => [v.slot, v]));

export function slotVocabulary(slot: Slot): SlotVocabulary {
  const found = BY_SLOT.get(slot);
  if (!found) throw new RangeError(`no vocabulary for slot ${slot}`);
  return found;
}

// Every slot has a vocabulary and every vocabulary starts with its generic view (checked once, at load).
for (const slot of SLOTS) {
  const v = slotVocabulary(slot);
  if (v.views[0]?.code !== GENERIC_CODE) throw new Error(`${slot}: the first view must be the generic one`);
  if (new Set(v.views.map((x) => x.code)).size !== v.views.length) throw new Error(`${slot}: view codes repeat`);
}
