/**
 * The public descriptions `T_f(y)` of every category (Profile-DP, "Scores"): the texts whose embeddings a
 * value is compared with. Built only from public data (data/, with its sources in data/README.md) and the
 * hand-written wording in ./wording.ts, so scores stay a function of the value and public data.
 *
 * ```ts
 * categoryDescriptions('location')[12]; // ['Western Europe', 'France', 'Paris', …]
 * ```
 *
 * This module pulls in the 33k ESCO titles (≈1.4 MB): only the model build and the on-device recompute for
 * a downloaded model import it; scoring with precomputed embeddings does not.
 */
import iscoGroups from '../../data/isco08.json';
import isced from '../../data/isced2011.json';
import languages from '../../data/languages.json';
import countries from '../../data/m49-countries.json';
import occupationTitles from '../../data/occupation-titles.json';
import families from '../../data/iso639-5.json';
import type { KnownField } from '../core/profile';
import { candidateDomain, UNSPECIFIED } from './index';
import { demonyms } from './demonyms';
import { rankedOccupationTitles } from './occupation-titles';
import { stripQualifier } from './text';
import { languageCategory } from './language-family';
import { AGE_WORDING, CHILDREN_WORDING, EDUCATION_WORDING, GENDER_WORDING, MARITAL_WORDING, MULTIPLE_LANGUAGES_WORDING, UNSPECIFIED_WORDING } from './wording';

type Descriptions = Map<string, string[]>;

function add(map: Descriptions, code: string, ...texts: string[]): void {
  const list = map.get(code) ?? [];
  for (const t of texts) if (t.trim() && !list.includes(t.trim())) list.push(t.trim());
  map.set(code, list);
}

function fromWording(wording: Readonly<Record<string, readonly string[]>>): Descriptions {
  const map: Descriptions = new Map();
  for (const [code, texts] of Object.entries(wording)) add(map, code, ...texts);
  return map;
}

/**
 * ISCO-08: every group title (major to unit) and ESCO preferred label under its major group; a title
 * filed under several groups counts only where it ranks best (./occupation-titles.ts).
 *
 * Only ISCO group titles and ESCO preferred labels (≈4k texts): ESCO's 30k alternative and
 * hidden labels reach the scorer through the title lexicon instead. Measured (npm run eval:domains): the
 * same accuracy as embedding all 33k titles (occupation 93.0% vs 92.2%, work 81.3% vs 84.4%), with 6×
 * fewer rows to compare per value and 3 MB less to ship.
 */
const OCCUPATION_KINDS = ['g', 'p'];
function occupationDescriptions(): Descriptions {
  const map: Descriptions = new Map();
  for (const [code, title] of iscoGroups as [string, string][]) add(map, code[0]!, title);
  for (const { title, majors, kind } of rankedOccupationTitles(occupationTitles as string[][]).values()) {
    if (!OCCUPATION_KINDS.includes(kind)) continue;
    for (const major of majors) add(map, major, title);
  }
  return map;
}

/** M49: the sub-region's name, and each country's names and capital (`location`) or demonyms (`nationality`). */
function placeDescriptions(kind: 'location' | 'nationality'): Descriptions {
  const map: Descriptions = new Map();
  for (const [, sub, name, short, capital, nationality] of countries as string[][]) {
    const names = [stripQualifier(name!), short!];
    if (kind === 'location') add(map, sub!, ...names, capital!, capital ? `${capital}, ${short}` : '');
    else add(map, sub!, ...demonyms(nationality!, names), ...names.map((n) => `citizen of ${n}`));
  }
  for (const [, sub, name] of countries as string[][]) if (!map.get(sub!)?.length) add(map, sub!, name!);
  return map;
}

/** Languages: English alone; each family's name and the names of its languages; `mul`'s wording. */
function languageDescriptions(): Descriptions {
  const map: Descriptions = new Map();
  const familyName = new Map((families as string[][]).map(([code, name]) => [code!, name!]));
  add(map, 'eng', 'English', 'English language', 'native English speaker');
  for (const code of ['roa', 'gem', 'sla', 'sit', 'afa', 'iir', 'map', 'nic']) add(map, code, familyName.get(code)!);
  for (const [name, iso3, , path] of languages as string[][]) {
    const code = languageCategory(iso3!, path!);
    if (code && code !== 'eng') add(map, code, stripQualifier(name!));
  }
  add(map, 'mul', ...MULTIPLE_LANGUAGES_WORDING);
  return map;
}

function educationDescriptions(): Descriptions {
  const map = fromWording(EDUCATION_WORDING);
  for (const [level, name] of isced as string[][]) add(map, level!, name!);
  return map;
}

const builders: Record<KnownField, () => Descriptions> = {
  gender: () => fromWording(GENDER_WORDING),
  age: () => fromWording(AGE_WORDING),
  location: () => placeDescriptions('location'),
  nationality: () => placeDescriptions('nationality'),
  languages: languageDescriptions,
  marital_status: () => fromWording(MARITAL_WORDING),
  children: () => fromWording(CHILDREN_WORDING),
  occupation: occupationDescriptions,
  work: occupationDescriptions,
  education: educationDescriptions,
};

/**
 * The descriptions of each category of `field`, aligned with `candidateDomain(field).categories`. Every
 * category, `unspecified` included, has at least one description (its label comes first).
 */
export function categoryDescriptions(field: KnownField): string[][] {
  const map = builders[field]();
  add(map, UNSPECIFIED, ...UNSPECIFIED_WORDING);
  return candidateDomain(field)!.categories.map((c) => {
    const texts = map.get(c.code) ?? [];
    return [c.label, ...texts.filter((t) => t !== c.label)];
  });
}
