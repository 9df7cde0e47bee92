/**
 * Public grouping (Profile-DP §4.3): related attributes of I+ are released jointly as blocks.
 *
 * The paper links two fields when its decision model scores a benefit from selecting them together; we use
 * this public relation table instead (edges only between attributes of the same entity):
 * - professional: occupation, work, education (one career; ISCO skill level ↔ ISCED level)
 * - life stage: age, marital_status, children (age bands constrain marital status and parenthood)
 * - place and culture: location, nationality, languages
 * Connected components of these edges form groups. A group whose Cartesian support would exceed
 * MAX_JOINT_CELLS (≈ 2,000) is split: members are taken in the fixed field order of KNOWN_FIELDS (other
 * fields after, by name) and added to the current block while its support stays within the limit. With
 * DESIGN.md's domains this gives {occupation, work, education} = 1,210 cells, {age, marital_status,
 * children} = 144, and {location, nationality} = 324 with {languages} = 11 on its own.
 *
 * Inputs are field names, entities and domain sizes only — public. Independent of the instruction.
 *
 * ```ts
 * publicGrouping([{ index: 3, entity: 'self', field: 'work', size: 11 }, …]); // [[…indexes], …]
 * ```
 */
import { KNOWN_FIELDS } from '../core/profile';
import { MAX_JOINT_CELLS } from '../dp/block/dp-block';

export const GROUPING_EDGES: readonly (readonly [string, string])[] = [
  ['occupation', 'work'],
  ['occupation', 'education'],
  ['work', 'education'],
  ['age', 'marital_status'],
  ['age', 'children'],
  ['marital_status', 'children'],
  ['location', 'nationality'],
  ['nationality', 'languages'],
  ['location', 'languages'],
];

export interface GroupingInput {
  readonly index: number;
  readonly entity: string;
  readonly field: string;
  /** |C_f|. */
  readonly size: number;
}

function related(a: string, b: string): boolean {
  return GROUPING_EDGES.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
}

function fieldRank(field: string): number {
  const i = (KNOWN_FIELDS as readonly string[]).indexOf(field);
  return i === -1 ? KNOWN_FIELDS.length : i;
}

/** Blocks of profile indexes; blocks in order of their first member's profile position. */
export function publicGrouping(members: readonly GroupingInput[], maxCells = MAX_JOINT_CELLS): number[][] {
  // Union-find over the relation.
  const parent = members.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  for (let i = 0; i < members.length; i++) {
    for (let j = i + 1; j < members.length; j++) {
      const a = members[i]!;
      const b = members[j]!;
      if (a.entity === b.entity && related(a.field, b.field)) parent[find(i)] = find(j);
    }
  }
  const groups = new Map<number, GroupingInput[]>();
  members.forEach((m, i) => {
    const root = find(i);
    groups.set(root, [...(groups.get(root) ?? []), m]);
  });
  const blocks: GroupingInput[][] = [];
  for (const group of groups.values()) {
    const ordered = [...group].sort((a, b) => fieldRank(a.field) - fieldRank(b.field) || (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
    let current: GroupingInput[] = [];
    let cells = 1;
    for (const m of ordered) {
      if (current.length > 0 && cells * m.size > maxCells) {
        blocks.push(current);
        current = [];
        cells = 1;
      }
      current.push(m);
      cells *= m.size;
    }
    if (current.length > 0) blocks.push(current);
  }
  return blocks.map((b) => b.map((m) => m.index)).sort((a, b) => Math.min(...a) - Math.min(...b));
}
