/**
 * Public candidate domains `C_f` (DESIGN.md "Domains"): for each known field, the finite, fixed list of
 * categories a withheld value may be released as. Codes are part of the interface (tools and tests compare
 * codes, never labels); the order here is the order of every score vector.
 *
 * ```ts
 * candidateDomain('occupation')?.categories.map((c) => c.code); // ['0', '1', …, '9', 'unspecified']
 * candidateDomain('favourite_colour'); // undefined: a custom field is suppressed, not sampled
 * ```
 *
 * Privacy: the domains are public data, fixed before any value is seen, and always contain `unspecified`,
 * which is what lets the exponential mechanism give every category positive probability.
 *
 * Labels come from the classifications themselves (data/README.md): NASEM gender wording, CDC/NCHS age
 * bands, UN M49 sub-region names, ISO 639-5 group names, Census marital-status and ACS children wording,
 * ISCO-08 major-group titles and ISCED 2011 level names.
 */
import type { CandidateDomain, Category } from '../core/contracts';
import { isKnownField, type KnownField } from '../core/profile';

export const UNSPECIFIED = 'unspecified';
const unspecified: Category = { code: UNSPECIFIED, label: 'Unspecified' };

function domain(field: string, categories: readonly (readonly [code: string, label: string])[]): CandidateDomain {
  return Object.freeze({
    field,
    categories: Object.freeze([...categories.map(([code, label]) => Object.freeze({ code, label })), unspecified]),
  });
}

const gender = [
  ['woman', 'Woman'],
  ['man', 'Man'],
  ['transgender', 'Transgender'],
  ['nonbinary', 'Non-binary'],
  ['another', 'Another gender'],
] as const;

const age = [
  ['under-18', 'Under 18'],
  ['18-24', '18–24'],
  ['25-34', '25–34'],
  ['35-44', '35–44'],
  ['45-54', '45–54'],
  ['55-64', '55–64'],
  ['65-plus', '65 or older'],
] as const;

/** UN M49 sub-regions, in the order of DESIGN.md (which follows M49's region tree). */
const m49SubRegions = [
  ['015', 'Northern Africa'],
  ['202', 'Sub-Saharan Africa'],
  ['419', 'Latin America and the Caribbean'],
  ['021', 'Northern America'],
  ['143', 'Central Asia'],
  ['030', 'Eastern Asia'],
  ['035', 'South-eastern Asia'],
  ['034', 'Southern Asia'],
  ['145', 'Western Asia'],
  ['151', 'Eastern Europe'],
  ['154', 'Northern Europe'],
  ['039', 'Southern Europe'],
  ['155', 'Western Europe'],
  ['053', 'Australia and New Zealand'],
  ['054', 'Melanesia'],
  ['057', 'Micronesia'],
  ['061', 'Polynesia'],
] as const;

/** English on its own (ISO 639-2), then ISO 639-5 groups, then `mul` for several languages. */
const languages = [
  ['eng', 'English'],
  ['roa', 'Romance languages'],
  ['gem', 'Germanic languages'],
  ['sla', 'Slavic languages'],
  ['sit', 'Sino-Tibetan languages'],
  ['afa', 'Afro-Asiatic languages'],
  ['iir', 'Indo-Iranian languages'],
  ['map', 'Austronesian languages'],
  ['nic', 'Niger-Kordofanian languages'],
  ['mul', 'Multiple languages'],
] as const;

const maritalStatus = [
  ['married', 'Married'],
  ['widowed', 'Widowed'],
  ['divorced', 'Divorced'],
  ['separated', 'Separated'],
  ['never-married', 'Never married'],
] as const;

const children = [
  ['has-children', 'Has children'],
  ['no-children', 'No children'],
] as const;

/** ISCO-08 major groups (titles as ESCO publishes them). */
const iscoMajorGroups = [
  ['0', 'Armed forces occupations'],
  ['1', 'Managers'],
  ['2', 'Professionals'],
  ['3', 'Technicians and associate professionals'],
  ['4', 'Clerical support workers'],
  ['5', 'Service and sales workers'],
  ['6', 'Skilled agricultural, forestry and fishery workers'],
  ['7', 'Craft and related trades workers'],
  ['8', 'Plant and machine operators and assemblers'],
  ['9', 'Elementary occupations'],
] as const;

/** ISCED 2011 levels. */
const iscedLevels = [
  ['0', 'Early childhood education'],
  ['1', 'Primary education'],
  ['2', 'Lower secondary education'],
  ['3', 'Upper secondary education'],
  ['4', 'Post-secondary non-tertiary education'],
  ['5', 'Short-cycle tertiary education'],
  ['6', "Bachelor's or equivalent level"],
  ['7', "Master's or equivalent level"],
  ['8', 'Doctoral or equivalent level'],
] as const;

const DOMAINS: Readonly<Record<KnownField, CandidateDomain>> = Object.freeze({
  gender: domain('gender', gender),
  age: domain('age', age),
  location: domain('location', m49SubRegions),
  nationality: domain('nationality', m49SubRegions),
  languages: domain('languages', languages),
  marital_status: domain('marital_status', maritalStatus),
  children: domain('children', children),
  occupation: domain('occupation', iscoMajorGroups),
  work: domain('work', iscoMajorGroups),
  education: domain('education', iscedLevels),
});

/** The public candidate domain of `field`, or undefined for a custom field (released as suppressed). */
export function candidateDomain(field: string): CandidateDomain | undefined {
  return isKnownField(field) ? DOMAINS[field] : undefined;
}
