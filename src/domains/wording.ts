/**
 * Hand-written public descriptions `T_f(y)` for the fields whose classifications are short lists of
 * words rather than data tables: NASEM gender categories, CDC/NCHS age bands, Census marital status and
 * ACS children wording, everyday ISCED degree names, and the wording shared by every `unspecified`.
 * Keys are category codes of src/domains/index.ts.
 */

/** What a person writes when they do not want to (or cannot) give the value. */
export const UNSPECIFIED_WORDING = [
  'unspecified',
  'unknown',
  'prefer not to say',
  'rather not say',
  'not stated',
  'not disclosed',
  'private',
  'undisclosed',
  'not applicable',
  'n/a',
  'decline to answer',
];

export const GENDER_WORDING: Readonly<Record<string, readonly string[]>> = {
  woman: ['woman', 'female', 'girl', 'lady', 'she her', 'cisgender woman', 'mother', 'wife'],
  man: ['man', 'male', 'boy', 'guy', 'gentleman', 'he him', 'cisgender man', 'father', 'husband'],
  transgender: ['transgender', 'trans', 'trans woman', 'trans man', 'transsexual', 'transgender person', 'mtf', 'ftm'],
  nonbinary: ['non-binary', 'nonbinary', 'enby', 'genderqueer', 'genderfluid', 'agender', 'they them', 'gender neutral'],
  another: ['another gender', 'other gender', 'two-spirit', 'bigender', 'third gender', 'gender not listed', 'other'],
};

/** Words only: numbers are read by the age lexicon, since word vectors of numbers carry no order. */
export const AGE_WORDING: Readonly<Record<string, readonly string[]>> = {
  'under-18': ['minor', 'child', 'teenager', 'teen', 'high school student', 'adolescent', 'kid'],
  '18-24': ['young adult', 'college student', 'early twenties', 'university student'],
  '25-34': ['late twenties', 'early thirties', 'young professional'],
  '35-44': ['late thirties', 'early forties', 'middle aged'],
  '45-54': ['late forties', 'early fifties', 'middle aged'],
  '55-64': ['late fifties', 'early sixties', 'nearing retirement'],
  '65-plus': ['senior', 'elderly', 'retired', 'pensioner', 'seventies', 'eighties', 'old age'],
};

export const MARITAL_WORDING: Readonly<Record<string, readonly string[]>> = {
  married: ['married', 'husband', 'wife', 'spouse', 'wed', 'civil partnership', 'newlywed', 'married couple'],
  widowed: ['widowed', 'widow', 'widower', 'spouse died', 'lost my husband', 'lost my wife'],
  divorced: ['divorced', 'divorce', 'divorcee', 'ex-husband', 'ex-wife', 'marriage ended'],
  separated: ['separated', 'living apart', 'separated from spouse', 'legally separated', 'estranged'],
  'never-married': ['never married', 'single', 'unmarried', 'bachelor', 'not married', 'dating', 'boyfriend', 'girlfriend', 'engaged'],
};

export const CHILDREN_WORDING: Readonly<Record<string, readonly string[]>> = {
  'has-children': ['has children', 'parent', 'mother', 'father', 'son', 'daughter', 'kids', 'children', 'baby', 'toddler', 'mom', 'dad'],
  'no-children': ['no children', 'childless', 'child-free', 'no kids', 'none', 'zero children', 'without children'],
};

/** Everyday degree and school names per ISCED 2011 level. */
export const EDUCATION_WORDING: Readonly<Record<string, readonly string[]>> = {
  '0': ['kindergarten', 'preschool', 'nursery school', 'pre-primary', 'no formal education', 'daycare'],
  '1': ['primary school', 'elementary school', 'grade school', 'finished primary school', 'sixth grade'],
  '2': ['lower secondary school', 'middle school', 'junior high school', 'GCSE', 'ninth grade', 'left school at 16'],
  '3': ['high school diploma', 'secondary school', 'upper secondary', 'A-levels', 'GED', 'Abitur', 'baccalaureate', 'twelfth grade', 'high school graduate'],
  '4': [
    'post-secondary certificate',
    'vocational certificate',
    'trade school',
    'apprenticeship',
    'technical certificate',
    'vocational training',
    'diploma course',
  ],
  '5': ['associate degree', 'associate of arts', 'community college', 'higher national diploma', 'HND', 'foundation degree', 'two-year college'],
  '6': [
    "bachelor's degree",
    'bachelor of science',
    'bachelor of arts',
    'BSc',
    'BA',
    'undergraduate degree',
    'college degree',
    'university degree',
    'honours degree',
  ],
  '7': ["master's degree", 'master of science', 'master of arts', 'MSc', 'MBA', 'MA', 'postgraduate degree', 'graduate degree', 'MPhil', 'LLM'],
  '8': ['doctorate', 'PhD', 'doctoral degree', 'doctor of philosophy', 'DPhil', 'EdD', 'doctoral research', 'postdoctoral'],
};

/** Words that describe several languages at once (the `mul` category). */
export const MULTIPLE_LANGUAGES_WORDING = ['multiple languages', 'bilingual', 'trilingual', 'multilingual', 'polyglot', 'several languages'];
