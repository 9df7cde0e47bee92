/**
 * Hand-written lay terms the generated lists (data/crossmap-lexicon.json, from WordNet 3.1 and faker) miss,
 * and the cue words the detector reads organisations and people by. Reviewable here: every term makes the
 * detector map a span. Health and medicine terms are everyday names of conditions and of generic (INN) or
 * widely sold medicines; finance and legal terms are the situations consumer and court glossaries describe
 * (US Courts' glossary of legal terms, the CFPB's guides to debt collection and credit, both US public works).
 * Filed by special category (./types.ts); lay phrases with inflections are in ./lay-phrases.ts.
 */
import type { SpecialKind } from './types';

// prettier-ignore
export const EXTRA_TERMS: Readonly<Partial<Record<SpecialKind, readonly string[]>>> = {
  health: [
    'stroke', 'heart attack', 'obesity', 'endometriosis', 'PCOS', 'autism', 'long covid', 'covid', 'HIV', 'chemo', 'chemotherapy',
    'dementia', "alzheimer's", "parkinson's", 'type 1 diabetes', 'type 2 diabetes', 'prediabetes', 'high blood pressure',
    'hypertension', 'cholesterol', 'sleep apnea', 'sleep apnoea', 'IBS', "crohn's", 'psoriasis', 'eczema', 'arthritis',
    'fibromyalgia', 'chronic fatigue', 'menopause', 'perimenopause', 'concussion', 'broken arm', 'broken leg', 'lump', 'tumour',
    'tumor', 'cancer', 'breast cancer', 'prostate cancer', 'leukemia', 'leukaemia', 'lymphoma', 'hepatitis', 'asthma', 'epilepsy',
    'seizures', 'migraines', 'migraine', 'burnout', 'insomnia', 'std', 'sti', 'chlamydia', 'herpes', 'COPD', 'down syndrome',
    "down's syndrome", 'allergy', 'pneumonia', "crohn's disease", 'crohns disease', 'acl', 'torn acl',
  ],
  'mental-health': [
    'anxiety', 'depression', 'panic attacks', 'ADHD', 'OCD', 'PTSD', 'bipolar', 'eating disorder', 'postpartum depression',
    'self-harm', 'suicidal thoughts', 'schizophrenia', 'self-harming',
  ],
  pregnancy: [
    'pregnancy', 'pregnant', 'miscarriage', 'infertility',
  ],
  substance: [
    'addiction', 'alcoholism', 'gambling addiction',
  ],
  medication: [
    'insulin', 'paracetamol', 'acetaminophen', 'ibuprofen', 'aspirin', 'naproxen', 'codeine', 'tramadol', 'morphine', 'oxycodone',
    'fentanyl', 'metformin', 'semaglutide', 'ozempic', 'wegovy', 'mounjaro', 'tirzepatide', 'sertraline', 'fluoxetine',
    'citalopram', 'escitalopram', 'venlafaxine', 'duloxetine', 'bupropion', 'mirtazapine', 'amitriptyline', 'lithium',
    'quetiapine', 'olanzapine', 'aripiprazole', 'risperidone', 'lamotrigine', 'levetiracetam', 'valproate', 'adderall', 'ritalin',
    'methylphenidate', 'lisdexamfetamine', 'vyvanse', 'diazepam', 'lorazepam', 'alprazolam', 'xanax', 'zopiclone', 'melatonin',
    'levothyroxine', 'prednisolone', 'prednisone', 'amoxicillin', 'doxycycline', 'antibiotics', 'statins', 'atorvastatin',
    'simvastatin', 'amlodipine', 'lisinopril', 'ramipril', 'losartan', 'warfarin', 'apixaban', 'omeprazole', 'lansoprazole',
    'salbutamol', 'albuterol', 'inhaler', 'epipen', 'the pill', 'birth control', 'hrt', 'antidepressants', 'zoloft', 'prozac',
    'lexapro', 'wellbutrin', 'propranolol', 'letrozole', 'clomid', 'medical cannabis', 'methotrexate', 'humira', 'viagra',
    'sildenafil', 'finasteride', 'prep', 'truvada', 'suboxone', 'methadone',
  ],
  finance: [
    'bankruptcy', 'bankrupt', 'foreclosure', 'repossession', 'repossessed', 'debt collector', 'debt collectors',
    'collection agency', 'payday loan', 'payday loans', 'overdraft', 'overdrawn', 'arrears', 'rent arrears', 'mortgage arrears',
    'defaulted', 'CCJ', 'county court judgment', 'IVA', 'debt relief order', 'insolvency', 'credit card debt',
    'student loans', 'student loan debt', 'bad credit', 'garnishment', 'wage garnishment', 'unpaid taxes',
    'tax debt', 'benefits', 'food stamps', 'universal credit', 'evicted', 'homeless', 'gambling debts', 'charge-off',
    'debt consolidation', 'debt consolidation loan', 'chapter 7', 'chapter 7 bankruptcy', 'chapter 13', 'back taxes',
  ],
  employment: [
    'unfair dismissal', 'wrongful termination', 'unemployment', 'redundancy',
  ],
  legal: [
    'joint custody', 'non-molestation order', 'restraining order', 'protective order', 'custody', 'custody battle',
    'child custody', 'child support', 'divorce', 'separation', 'alimony', 'eviction', 'eviction notice', 'lawsuit', 'sued',
    'being sued', 'tribunal', 'employment tribunal', 'discrimination', 'sexual harassment', 'harassment', 'domestic violence',
    'speeding ticket', 'power of attorney', 'will dispute', 'inheritance dispute', 'fraud', 'identity theft',
  ],
  criminal: [
    'DUI', 'DWI', 'drink driving', 'drunk driving', 'arrested', 'arrest', 'criminal record', 'bail hearing', 'conviction',
    'convicted', 'probation', 'parole', 'assault', 'warrant', 'plea deal', 'misdemeanor', 'felony', 'shoplifting', 'bail',
  ],
  immigration: [
    'deportation', 'asylum', 'asylum claim', 'visa overstay', 'immigration hearing', 'green card',
  ],
};

/** A capitalised phrase ending in (or holding) one of these names an organisation. */
// prettier-ignore
export const ORGANISATION_CUES = [
  'hospital', 'infirmary', 'clinic', 'uni', 'surgery', 'medical centre', 'medical center', 'health centre', 'school', 'primary',
  'academy', 'college', 'university', 'nursery', 'bank', 'building society', 'credit union', 'insurance', 'council', 'court',
  'police', 'department', 'agency', 'ministry', 'office', 'trust', 'foundation', 'charity', 'church', 'mosque', 'temple',
  'group', 'holdings', 'partners', 'associates', 'solicitors', 'law', 'consulting', 'services', 'systems', 'technologies',
  'labs', 'company', 'co', 'corp', 'corporation', 'inc', 'llc', 'ltd', 'limited', 'plc', 'gmbh', 'ag', 'sa', 'bv', 'pty',
  'motors', 'airlines', 'airways', 'restaurant', 'cafe', 'hotel', 'store', 'stores', 'supermarket', 'pharmacy', 'centre', 'center',
] as const;

/** A capitalised phrase holding one of these names a place ("Orange County", "Hollywood Boulevard"). */
// prettier-ignore
export const PLACE_CUES = [
  'county', 'province', 'district', 'borough', 'parish', 'region', 'state', 'street', 'road', 'avenue', 'avenida', 'boulevard',
  'lane', 'drive', 'rue', 'calle', 'rua', 'via', 'plaza', 'square', 'park', 'heights', 'village', 'valley', 'beach', 'island',
] as const;

/** Words before a condition that are part of it ("severe peanut allergy", "stage 2 breast cancer"). */
// prettier-ignore
export const HEALTH_MODIFIERS = new Set([
  'stage', 'type', 'severe', 'mild', 'chronic', 'acute', 'early', 'advanced', 'terminal', 'metastatic', 'opioid', 'alcohol', 'drug',
  'peanut', 'nut', 'gluten', 'lactose', 'shellfish', 'torn', 'broken', 'fractured', 'slipped', 'postpartum', 'postnatal', 'breast',
  'lung', 'skin', 'bowel', 'colon', 'ovarian', 'prostate', 'cervical', 'pancreatic', 'thyroid', 'clinical', 'major', 'generalized',
  'generalised', 'social', 'seasonal', 'community', 'acquired', 'gestational', 'juvenile', 'sickle', 'cell', 'multiple', 'herniated',
]);

/** Holidays a prompt names; kept, like languages and nationalities. */
// prettier-ignore
export const HOLIDAYS = ['christmas', 'easter', 'ramadan', 'eid', 'diwali', 'hanukkah', 'passover', 'thanksgiving', 'halloween', 'lent', 'holi', 'new year'];

/** Words before a name that say it is a person's ("Dr. Okonkwo", "my son Leo"). */
// prettier-ignore
export const PERSON_CUES = [
  'dr', 'mr', 'mrs', 'ms', 'miss', 'mx', 'prof', 'professor', 'sir', 'dame', 'frau', 'herr', 'madame', 'monsieur', 'señor', 'señora',
  'son', 'daughter', 'wife', 'husband', 'partner', 'boyfriend', 'girlfriend', 'mum', 'mom', 'dad', 'mother', 'father', 'brother',
  'sister', 'friend', 'boss', 'manager', 'colleague', 'coworker', 'neighbour', 'neighbor', 'landlord', 'teacher', 'named', 'called',
  'uncle', 'aunt', 'auntie', 'aunty', 'cousin', 'nephew', 'niece', 'grandma', 'grandpa', 'granny', 'grandad', 'granddad', 'nan', 'nana',
  'grandmother', 'grandfather', 'stepson', 'stepdaughter', 'stepmother', 'stepfather', 'fiance', 'fiancé', 'fiancée', 'mate', 'twins',
  'baby', 'kid', 'toddler', 'ex', 'sponsor', 'client', 'patient', 'roommate', 'flatmate', 'housemate', 'tenant', 'supervisor', 'director',
] as const;

/** Capitalised words that are not names: the pronoun, days, months and everyday abbreviations. */
// prettier-ignore
export const NOT_PROPER = new Set([
  'i', 'dr', 'mr', 'mrs', 'ms', 'miss', 'mx', 'prof', 'frau', 'herr', 'madame', 'monsieur', 'sir', 'dame',
  'uncle', 'aunt', 'auntie', 'aunty', 'cousin', 'grandma', 'grandpa', 'granny', 'nan', 'nana', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday',
  'mondays', 'tuesdays', 'wednesdays', 'thursdays', 'fridays', 'saturdays', 'sundays',
  'january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december',
  'ok', 'okay', 'hi', 'hey', 'hello', 'thanks', 'please', 'pdf', 'cv', 'faq', 'ai', 'it', 'hr', 'ceo', 'cto', 'tv',
  'ssn', 'utr', 'ein', 'itin', 'iban', 'pin', 'dob', 'vat', 'ni', 'pix', 'sepa', 'upi',
  'am', 'pm', 'etc', 'asap', 'fyi', 'btw', 'diy', 'gp', 'er', 'a&e', 'nhs', 'gcse', 'sat', 'gre', 'mba', 'phd', 'msc', 'bsc',
]);

/**
 * Words the generated lists file under a special category that say nothing about the person on their own:
 * everyday feelings WordNet files under conditions ("scared"), a medicine's "side effects", being the victim of
 * a "scam".
 */
// prettier-ignore
export const NOT_CONDITIONS = new Set(['side effects', 'side effect', 'scam', 'scams', 'scammer', 'scammers', 'scared', 'afraid', 'nervous', 'worried', 'upset', 'angry', 'bored', 'shock', 'fear', 'embarrassed', 'tired', 'sad', 'hurt', 'hurts', 'mechanism', 'structured', 'confusion', 'confusions', 'disorder']);

/**
 * Names of everyday software, languages and services a task is about ("in JavaScript", "a Google Sheets formula",
 * "my LinkedIn headline"): kept, like languages and holidays; they say what the task is, not who asks.
 */
// prettier-ignore
export const KEPT_PRODUCTS = [
  // Not the names of companies people work for ("at Shopify", "at LinkedIn"): those stay organisations.
  'javascript', 'typescript', 'python', 'java', 'sql', 'css', 'html', 'php', 'golang', 'kotlin', 'excel', 'powerpoint', 'tableau',
  'docker', 'kubernetes', 'linux', 'macos', 'ios', 'android', 'iphone', 'ipad', 'chatgpt', 'wordpress', 'gmail', 'whatsapp',
];
