/**
 * How useful releases are, by exact probabilities (no sampling): on profiles built from a labelled set,
 * for each ε, DP-SLOT and DP-BLOCK, the paper's variant against Veil's (src/dp/utility.ts):
 * - right: the released category is the value's true category;
 * - misleading: a wrong, specific category;
 * - abstaining: `unspecified` (for a value whose true category is something else);
 * - shared kept: shared facts sent as they are (closure may privatize one).
 *
 *   npm run eval:release [-- --set eval/holdout.jsonl --json --svg eval/release-curves.svg]
 *   [--sharpen 2 --floor 0.35 --weight 8]   (the veil variant's constants, for tuning on the labelled set)
 *
 *   npm run eval:release -- --profile test/fixtures/profiles/table1.json [--epsilons 64]
 *   (one profile instead of a set: each fact's treatment and, for a privatized one, its likeliest categories
 *   with their exact probabilities, per mechanism and variant; the paper's Table 1 is this at ε = 64)
 *
 * Profiles: the set's items in a fixed shuffled order, dealt into profiles of 3, 4, 5 withheld facts of
 * distinct fields (cycling; `--sizes 1,2` for releases that carry only what a message needs), each with one more item of another field marked shared. Every figure is the
 * mean over withheld facts of the exact marginal probability (src/release/prepare.ts `releaseMarginals`).
 * Exit code 0 either way: this is a measurement, not a test.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Scorer } from '../src/core/contracts';
import { epsilonToUnits } from '../src/core/epsilon';
import type { Profile } from '../src/core/profile';
import type { Mechanism } from '../src/core/choices';
import { UNSPECIFIED } from '../src/domains';
import { VEIL_UTILITY, type UtilityParameters, type Variant } from '../src/dp/utility';
import { loadBundledScorer } from '../src/embedding/node';
import { readProfiles } from '../src/cli/release';
import { readSet, type Labelled } from './labelled-set';
import { planProfile, prepareRelease, releaseMarginals } from '../src/release/prepare';

export const EVAL_EPSILONS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192];

interface Rates {
  right: number;
  misleading: number;
  abstaining: number;
  sharedKept: number;
  facts: number;
}

/** A fixed shuffle (mulberry32), so every run deals the same profiles. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

interface EvalProfile {
  profile: Profile;
  /** Attribute index → the true code (withheld facts only). */
  truth: Map<number, string>;
}

/** Deal the set into profiles of `sizes` (cycling) withheld facts of distinct fields, plus one shared fact. */
export function dealProfiles(set: readonly Labelled[], sizes: readonly number[] = [3, 4, 5]): EvalProfile[] {
  const pool = shuffled(set, 20261130);
  const profiles: EvalProfile[] = [];
  let turn = 0;
  let size = sizes[0]!;
  while (pool.length > 0) {
    const picked: Labelled[] = [];
    for (let i = 0; i < pool.length && picked.length < size + 1;) {
      if (picked.some((p) => p.field === pool[i]!.field)) i++;
      else picked.push(pool.splice(i, 1)[0]!);
    }
    if (picked.length < 2) break;
    const withheld = picked.slice(0, Math.min(size, picked.length - 1));
    const shared = picked.slice(withheld.length);
    const attributes = [
      ...withheld.map((l) => ({ entity: 'self', field: l.field, value: l.value, sharing: 'withheld' as const })),
      ...shared.map((l) => ({ entity: 'self', field: l.field, value: l.value, sharing: 'shared' as const })),
    ];
    profiles.push({ profile: { version: 1, attributes }, truth: new Map(withheld.map((l, i) => [i, l.code])) });
    size = sizes[++turn % sizes.length]!;
  }
  return profiles;
}

/** A scorer that embeds each (field, value) once. */
export function memo(scorer: Scorer): Scorer {
  const cache = new Map<string, Promise<number[]>>();
  return {
    score(field, value) {
      const key = `${field}\u0000${value}`;
      if (!cache.has(key)) cache.set(key, scorer.score(field, value));
      return cache.get(key)!;
    },
  };
}

export async function evaluate(
  profiles: readonly EvalProfile[],
  scorer: Scorer,
  options: { epsilon: number; mechanism: Mechanism; variant: Variant; utility?: UtilityParameters },
): Promise<Rates> {
  const sum = { right: 0, misleading: 0, abstaining: 0, sharedKept: 0, shared: 0, facts: 0 };
  for (const { profile, truth } of profiles) {
    const common = { mechanism: options.mechanism, epsilonUnits: epsilonToUnits(options.epsilon) };
    const plan = await planProfile(profile, common);
    const prepared = await prepareRelease(profile, {
      ...common,
      plan,
      scorer,
      variant: options.variant,
      ...(options.utility ? { utility: options.utility } : {}),
    });
    const marginals = releaseMarginals(prepared);
    for (const a of plan.attributes) {
      const code = truth.get(a.index);
      if (code === undefined) {
        sum.shared++;
        if (a.treatment === 'kept') sum.sharedKept++;
        continue;
      }
      sum.facts++;
      const pmf = marginals.get(a.index);
      if (!pmf) continue; // suppressed: neither right nor wrong, and says nothing
      const codes = a.domain!.categories.map((c) => c.code);
      const right = pmf[codes.indexOf(code)] ?? 0;
      const abstaining = code === UNSPECIFIED ? 0 : (pmf[codes.indexOf(UNSPECIFIED)] ?? 0);
      sum.right += right;
      sum.abstaining += abstaining;
      sum.misleading += Math.max(0, 1 - right - abstaining);
    }
  }
  return {
    right: sum.right / sum.facts,
    misleading: sum.misleading / sum.facts,
    abstaining: sum.abstaining / sum.facts,
    sharedKept: sum.shared ? sum.sharedKept / sum.shared : 1,
    facts: sum.facts,
  };
}

type Curve = { mechanism: Mechanism; variant: Variant; rows: (Rates & { epsilon: number })[] };

function svgChart(curves: Curve[]): string {
  const W = 880;
  const H = 300;
  const pad = 44;
  const panels = curves.length;
  const pw = (W - pad) / panels;
  const x = (e: number, p: number) => pad + p * pw + ((Math.log2(e) - 0) / Math.log2(8192)) * (pw - 24);
  const y = (v: number) => 20 + (1 - v) * (H - 60);
  const colors = { right: '#2a8a3e', misleading: '#c63d3d', abstaining: '#6b6b6b' } as const;
  let body = '';
  curves.forEach((curve, p) => {
    body += `<text x="${pad + p * pw}" y="14" font-size="12">${curve.mechanism.toUpperCase()} · ${curve.variant}</text>`;
    body += `<line x1="${x(1, p)}" y1="${y(0)}" x2="${x(8192, p)}" y2="${y(0)}" stroke="#999"/>`;
    for (const key of ['right', 'misleading', 'abstaining'] as const) {
      const points = curve.rows.map((r) => `${x(r.epsilon, p).toFixed(1)},${y(r[key]).toFixed(1)}`).join(' ');
      body += `<polyline fill="none" stroke="${colors[key]}" stroke-width="2" points="${points}"/>`;
    }
    for (const e of [1, 8, 64, 512, 8192]) body += `<text x="${x(e, p) - 6}" y="${y(0) + 14}" font-size="10">${e}</text>`;
  });
  for (const v of [0, 0.5, 1]) body += `<text x="4" y="${y(v) + 4}" font-size="10">${v * 100}%</text>`;
  const legend = Object.entries(colors)
    .map(([k, c], i) => `<text x="${pad + i * 110}" y="${H - 8}" font-size="11" fill="${c}">■ ${k}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif">${body}${legend}<text x="${W - 160}" y="${H - 8}" font-size="11">ε per release (log scale)</text></svg>\n`;
}

/** One profile's release, exactly: each fact's treatment and its likeliest categories (markdown). */
async function profileTable(path: string, epsilons: readonly number[], scorer: Scorer, utility: UtilityParameters): Promise<string> {
  const [profile] = await readProfiles(path);
  const lines = [`${path}: ${profile!.attributes.map((a) => `${a.field} (${a.sharing})`).join(', ')}`];
  for (const epsilon of epsilons) {
    for (const mechanism of ['slot', 'block'] as const) {
      for (const variant of ['paper', 'veil'] as const) {
        const common = { mechanism, epsilonUnits: epsilonToUnits(epsilon) };
        const plan = await planProfile(profile!, common);
        const marginals = releaseMarginals(await prepareRelease(profile!, { ...common, plan, scorer, variant, utility }));
        lines.push(`\nε = ${epsilon}, ${mechanism.toUpperCase()} · ${variant}\n| fact | sharing | release | likeliest categories (exact) |\n|---|---|---|---|`);
        for (const a of plan.attributes) {
          const value = profile!.attributes[a.index]!.value;
          const pmf = marginals.get(a.index);
          const top = pmf
            ? a
                .domain!.categories.map((c, i) => ({ label: c.label, p: pmf[i]! }))
                .sort((x, y) => y.p - x.p)
                .slice(0, 3)
                .map((c) => `${c.label} ${(100 * c.p).toFixed(1)}%`)
                .join(', ')
            : '';
          const how = a.treatment === 'kept' ? `kept: "${value}"` : a.closure ? `${a.treatment} (closure)` : a.treatment;
          lines.push(`| ${a.field} | ${a.sharing} | ${how} | ${top} |`);
        }
      }
    }
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      set: { type: 'string', default: 'eval/labelled.jsonl' },
      json: { type: 'boolean', default: false },
      svg: { type: 'string' },
      sharpen: { type: 'string' },
      floor: { type: 'string' },
      weight: { type: 'string' },
      epsilons: { type: 'string' },
      sizes: { type: 'string' },
      profile: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(
      'npm run eval:release -- [--set FILE] [--json] [--svg FILE] [--epsilons 8,64] [--sizes 3,4,5] [--sharpen N --floor X --weight W]\n' +
        '       npm run eval:release -- --profile FILE [--epsilons 64]   (one profile, fact by fact)',
    );
    return;
  }
  const utility: UtilityParameters = {
    sharpen: values.sharpen ? Number(values.sharpen) : VEIL_UTILITY.sharpen,
    abstainFloor: values.floor ? Number(values.floor) : VEIL_UTILITY.abstainFloor,
    abstainWeight: values.weight ? Number(values.weight) : VEIL_UTILITY.abstainWeight,
  };
  if (values.profile) {
    console.log(await profileTable(values.profile, values.epsilons ? values.epsilons.split(',').map(Number) : [64], await loadBundledScorer(), utility));
    return;
  }
  const epsilons = values.epsilons ? values.epsilons.split(',').map(Number) : EVAL_EPSILONS;
  const profiles = dealProfiles(readSet(resolve(values.set!)), values.sizes ? values.sizes.split(',').map(Number) : undefined);
  const scorer = memo(await loadBundledScorer());
  const curves: Curve[] = [];
  for (const mechanism of ['slot', 'block'] as const) {
    for (const variant of ['paper', 'veil'] as const) {
      const rows = [];
      for (const epsilon of epsilons) rows.push({ epsilon, ...(await evaluate(profiles, scorer, { epsilon, mechanism, variant, utility })) });
      curves.push({ mechanism, variant, rows });
    }
  }
  if (values.svg) writeFileSync(values.svg, svgChart(curves));
  if (values.json) {
    console.log(JSON.stringify({ set: values.set, profiles: profiles.length, utility, curves }, null, 2));
    return;
  }
  const pct = (v: number) => `${(100 * v).toFixed(1)}%`;
  console.log(`${values.set}: ${profiles.length} profiles, ${curves[0]!.rows[0]!.facts} withheld facts; veil constants ${JSON.stringify(utility)}`);
  for (const curve of curves) {
    console.log(`\n${curve.mechanism.toUpperCase()} · ${curve.variant}\n| ε | right | misleading | abstaining | shared kept |\n|---|---|---|---|---|`);
    for (const r of curve.rows) console.log(`| ${r.epsilon} | ${pct(r.right)} | ${pct(r.misleading)} | ${pct(r.abstaining)} | ${pct(r.sharedKept)} |`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
