/**
 * The public tables behind DP-BLOCK's compatibility prior J_b. They are public data, reviewed here, and
 * never see a withheld value: J_b is a function of candidate codes only.
 *
 * Sources:
 * - ISCO_SKILL_LEVELS: ISCO-08 skill level(s) of each major group, from `shared/data/isco-skill-levels.csv` (copy: data/isco-skill-levels.json)
 *   (ILO group descriptions as published by ESCO, European Commission; ISCO-08 © ILO). Major group 0 has
 *   no statement of its own; the data combines its sub-major groups 01 = 4, 02 = 2, 03 = 1.
 * - SKILL_LEVEL_ISCED: ISCO skill level → ISCED 2011 levels, from `shared/data/isco-skill-level-isced.csv` (copy: data/isco-skill-level-isced.json)
 *   (ILO 2012 gives the mapping in ISCED-97 terms: 1 → 1, 2 → 2–4, 3 → 5b, 4 → 5a–6; the ISCED 2011 column
 *   used here, 1 → 1, 2 → 2–4, 3 → 5, 4 → 6–8, is the data README's translation and is marked unverified
 *   there).
 * - AGE_MARITAL and AGE_CHILDREN: a coarse judgement table written for Veil (no statistical table is in
 *   the project's data). Three grades: 1 = a common combination, 0.5 = possible but uncommon, 0 = rare.
 *   The reasons are facts, not statistics: marriage below 18 is not lawful in most countries, and being
 *   widowed, divorced or separated presupposes a marriage; widowhood is mostly an old-age state; parents
 *   under 18 are rare. `unspecified` is neutral (0.5) against everything.
 *
 * J only reweights (by at most e^γ = e^2 with γ = 2); no combination is ever excluded, and any table with
 * values in [0,1] keeps the privacy proof. Changing a value here changes utility, not the guarantee.
 */

/** ISCO-08 major group → skill levels (1–4). */
export const ISCO_SKILL_LEVELS: Readonly<Record<string, readonly number[]>> = {
  '0': [1, 2, 4],
  '1': [3, 4],
  '2': [4],
  '3': [3],
  '4': [2],
  '5': [2],
  '6': [2],
  '7': [2],
  '8': [2],
  '9': [1],
};

/** ISCO skill level → ISCED 2011 levels. */
export const SKILL_LEVEL_ISCED: Readonly<Record<number, readonly number[]>> = {
  1: [1],
  2: [2, 3, 4],
  3: [5],
  4: [6, 7, 8],
};

/** CDC/NCHS age band → Census marital status → grade. */
export const AGE_MARITAL: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  'under-18': { married: 0, widowed: 0, divorced: 0, separated: 0, 'never-married': 1 },
  '18-24': { married: 0.5, widowed: 0, divorced: 0.5, separated: 0.5, 'never-married': 1 },
  '25-34': { married: 1, widowed: 0, divorced: 0.5, separated: 0.5, 'never-married': 1 },
  '35-44': { married: 1, widowed: 0.5, divorced: 1, separated: 0.5, 'never-married': 0.5 },
  '45-54': { married: 1, widowed: 0.5, divorced: 1, separated: 0.5, 'never-married': 0.5 },
  '55-64': { married: 1, widowed: 0.5, divorced: 1, separated: 0.5, 'never-married': 0.5 },
  '65-plus': { married: 1, widowed: 1, divorced: 1, separated: 0.5, 'never-married': 0.5 },
};

/** CDC/NCHS age band → ACS children → grade. */
export const AGE_CHILDREN: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  'under-18': { 'has-children': 0, 'no-children': 1 },
  '18-24': { 'has-children': 0.5, 'no-children': 1 },
  '25-34': { 'has-children': 1, 'no-children': 1 },
  '35-44': { 'has-children': 1, 'no-children': 1 },
  '45-54': { 'has-children': 1, 'no-children': 1 },
  '55-64': { 'has-children': 1, 'no-children': 1 },
  '65-plus': { 'has-children': 1, 'no-children': 1 },
};
