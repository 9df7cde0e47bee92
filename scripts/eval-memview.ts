/**
 * DP-MemView on a PairedMem-style set (../shared/papers/dp-memview.md, "Query and budget protocol",
 * Appendix C.2), built here, deterministically, from eval/memview/templates.json:
 *
 *   npm run eval:memview [-- --seeds 3 --workers 2 --pairs 40 --out eval/memview]
 *   (--workers: processes; the methods are dealt between them. --pairs: per attribute and split, ≤ 40)
 *
 * The set. 40 + 40 adjacent pairs (M, M′) per attribute (diabetes, pregnancy, debt, jobloss): "dev" from the
 * even-indexed template items, "holdout" from the odd-indexed ones (background, evidence pairs, queries and
 * distractors alike). Each store is a fixed scaffold of 24 positions, p01…p24, three per slot in the slot
 * order (the same ids and slots in every store), filled with background memories of their slot. For the
 * target attribute a, 4–6 positions in slots where the templates have evidence for a form I_a: M puts an
 * evidence sentence there, M′ its paired sentence; outside I_a the two stores are identical. All four
 * attributes are protected in every store: a's group is I_a, each other attribute's group is 2–4 positions
 * in its own evidence slots holding background text. In one pair in four, one other attribute's group also
 * takes a position of I_a (which keeps the target's M / M′ text). Every cap B_a is the configuration's B.
 *
 * The trajectory. 32 queries = two blocks of 16, each 8 target-relevant, 4 same-domain neutral and 4
 * distractor queries, shuffled within the block; the same for M, M′ and every method. The dev and holdout
 * halves hold 13–14 target and 6–7 neutral queries per attribute, so the second block repeats the fewest
 * queries of the first it must (never within a block).
 *
 * Methods: DP-MemView online (B ∈ {1,2,4,8} × K ∈ {2,3,4}), preallocated (B ∈ {1,2,4,8}, C_a =
 * plannedCharges of the trajectory: at T = 16 the plan of the first block, run separately, since a plan for
 * 32 turns gives a different ε), GenericOnly, and the paper's CappedArgmax (same ledger, caps and fallback,
 * but the highest-utility view deterministically; K = 3). Online and argmax T = 16 figures are the first
 * 16 turns of the 32-turn runs (a prefix: the state at turn 16 is the same).
 *
 * Metrics, per split, method and T (EM seeds 0, 1, 2 per pair; deterministic methods once):
 * - AUC and TPR at 5% FPR of the likelihood-ratio auditor: per pair and seed one transcript drawn under M
 *   and one under M′, each scored by the exact log Pr[t | M] − log Pr[t | M′] (src/memview/audit.ts;
 *   ±∞ allowed); AUC = Pr[score(M-side) > score(M′-side)] + ½ Pr[tie] over all pairs of the split (Mann–
 *   Whitney with ties), per seed, then averaged. Per pair, the likelihood ratio is the Neyman–Pearson
 *   optimal test, so this auditor upper-bounds any auditor of the released views (the paper's embedding
 *   auditor included, which sees responses conditioned on those views).
 * - tRec: among target-relevant turns, the fraction where the M-side releases at least one gold
 *   target-supporting view of the pair's attribute (GOLD below); Unsup: the same on the M′ side.
 *   Averaged over seeds within a pair, then over pairs.
 * - fallbacks: the share of charged slot selections (selected + fallback) that fell back; mean ε spent per
 *   attribute at T; the exact bound: the largest ledger spend of any attribute in any run (∞ for
 *   CappedArgmax, whose releases have no finite bound).
 *
 * Writes eval/memview/results.json and eval/memview/tradeoff.svg (holdout). Exit code 0 either way.
 */
import { fork } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { epsilonToUnits, unitsToEpsilon } from '../src/core/epsilon';
import { RandomBits } from '../src/dp/exact/bits';
import { seededRandomSource } from '../src/dp/exact/random';
import { memoryLedgerKey } from '../src/ledger/keys';
import { PrivacyLedger } from '../src/ledger/ledger';
import { transcriptLogProbability, type RunOptions, type Transcript } from '../src/memview/audit';
import { matchesAny, wordText } from '../src/memview/match';
import { activeSlots, candidateViews } from '../src/memview/router';
import { SLOTS, type Slot } from '../src/memview/slots';
import { DP_MEMVIEW, memviewTurn, plannedCharges, withMemoryCaps, type Mechanics, type SlotRelease, type VeilRule } from '../src/memview/turn';
import { parseMemoryFile, type MemoryFile } from '../src/memview/types';
import { GENERIC_CODE, slotVocabulary, type View } from '../src/memview/vocabulary';

/** The construction seed (mulberry32 per pair, from FNV-1a of `${SEED}/${split}/${attribute}/${i}`). */
export const SEED = 20_260_301;

const ATTRIBUTES = ['diabetes', 'pregnancy', 'debt', 'jobloss'] as const;
type Attribute = (typeof ATTRIBUTES)[number];
const ATTRIBUTE_NAMES: Record<Attribute, string> = {
  diabetes: 'type 2 diabetes',
  pregnancy: 'pregnancy',
  debt: 'severe unsecured debt',
  jobloss: 'recent involuntary job loss',
};
const SPLITS = ['dev', 'holdout'] as const;
type Split = (typeof SPLITS)[number];

/** Gold, target-supporting views (slot/code), per attribute: fixed before any run. */
export const GOLD: Record<Attribute, readonly string[]> = {
  diabetes: ['health/blood-sugar', 'food/low-sugar', 'travel/medical-travel', 'schedule/appointments'],
  pregnancy: [
    'health/pregnancy-safe',
    'food/pregnancy-safe-food',
    'work/leave',
    'family/expecting',
    'home/baby-proof',
    'travel/pregnancy-travel',
    'schedule/appointments',
  ],
  debt: ['finance/strict-budget', 'finance/debt-first', 'food/budget-meals', 'family/low-cost-family', 'home/frugal-home', 'travel/budget-travel'],
  jobloss: ['work/job-search', 'finance/income-gap', 'schedule/open-days'],
};

const CAPS = [1, 2, 4, 8] as const;
const KS = [2, 3, 4] as const;
const HORIZONS = [16, 32] as const;
type Horizon = (typeof HORIZONS)[number];

// ---------------------------------------------------------------------------------------------- the set

interface EvidencePair {
  M: string;
  Mprime: string;
}
interface Templates {
  background: Record<Slot, string[]>;
  evidence: Record<Attribute, Partial<Record<Slot, EvidencePair[]>>>;
  queries: Record<Attribute, { target: string[]; neutral: string[] }>;
  distractors: string[];
}

export function readTemplates(path: string): Templates {
  const t = JSON.parse(readFileSync(path, 'utf8')) as Templates;
  for (const slot of SLOTS) if (!Array.isArray(t.background?.[slot])) throw new Error(`${path}: no background for ${slot}`);
  for (const a of ATTRIBUTES) {
    if (!t.evidence?.[a] || !Array.isArray(t.queries?.[a]?.target) || !Array.isArray(t.queries[a].neutral)) throw new Error(`${path}: ${a} incomplete`);
    for (const [slot, pairs] of Object.entries(t.evidence[a])) {
      if (!(SLOTS as readonly string[]).includes(slot) || !pairs!.every((p) => typeof p.M === 'string' && typeof p.Mprime === 'string'))
        throw new Error(`${path}: bad evidence ${a}/${slot}`);
    }
  }
  if (!Array.isArray(t.distractors)) throw new Error(`${path}: no distractors`);
  return t;
}

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** mulberry32: a small seeded PRNG for the construction (not for the mechanism's draws). */
class Rng {
  constructor(private state: number) {}
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let z = this.state;
    z = Math.imul(z ^ (z >>> 15), z | 1);
    z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
    return ((z ^ (z >>> 14)) >>> 0) / 2 ** 32;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)]!;
  }
  shuffle<T>(xs: readonly T[]): T[] {
    const out = [...xs];
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }
}

interface Position {
  id: string;
  slot: Slot;
}
/** The public scaffold: three positions per slot, in slot order. */
const POSITIONS: readonly Position[] = SLOTS.flatMap((slot, s) => [0, 1, 2].map((j) => ({ id: `p${String(s * 3 + j + 1).padStart(2, '0')}`, slot })));
const SLOT_OF = new Map(POSITIONS.map((p) => [p.id, p.slot]));

type QueryKind = 'target' | 'neutral' | 'distractor';
interface Turn {
  query: string;
  kind: QueryKind;
}

export interface Pair {
  index: number;
  split: Split;
  attribute: Attribute;
  /** The other attribute whose group takes a position of I_a, if any. */
  overlapWith: Attribute | null;
  target: string[];
  groups: Record<Attribute, string[]>;
  m: MemoryFile;
  mPrime: MemoryFile;
  turns: Turn[];
}

const evidenceSlots = (t: Templates, a: Attribute) => Object.keys(t.evidence[a]) as Slot[];

/** Two blocks of `perBlock` from a pool: block 1 first, block 2 the rest, topped up from block 1 if short. */
function twoBlocks<T>(rng: Rng, pool: readonly T[], perBlock: number): [T[], T[]] {
  if (pool.length < perBlock) throw new Error(`a pool of ${pool.length} cannot fill a block of ${perBlock}`);
  const order = rng.shuffle(pool);
  const first = order.slice(0, perBlock);
  const second = order.slice(perBlock, 2 * perBlock);
  const topUp = rng.shuffle(first);
  while (second.length < perBlock) second.push(topUp.shift()!);
  return [first, second];
}

export function buildPair(t: Templates, split: Split, attribute: Attribute, i: number, index: number): Pair {
  const rng = new Rng(fnv1a(`${SEED}/${split}/${attribute}/${i}`));
  const half = <T>(xs: readonly T[]): T[] => xs.filter((_, k) => k % 2 === (split === 'dev' ? 0 : 1));
  const background = new Map<string, string>();
  for (const slot of SLOTS) {
    const texts = rng.shuffle(half(t.background[slot])).slice(0, 3);
    POSITIONS.filter((p) => p.slot === slot).forEach((p, j) => background.set(p.id, texts[j]!));
  }
  // I_a: 4–6 positions in the attribute's evidence slots, each with a distinct evidence pair of its slot.
  const slotsOf = (a: Attribute) => evidenceSlots(t, a);
  const size = 4 + rng.int(3);
  const target = rng
    .shuffle(POSITIONS.filter((p) => slotsOf(attribute).includes(p.slot)))
    .slice(0, size)
    .map((p) => p.id)
    .sort();
  const pools = new Map(slotsOf(attribute).map((slot) => [slot, rng.shuffle(half(t.evidence[attribute][slot]!))]));
  const mText = new Map(background);
  const mPrimeText = new Map(background);
  for (const id of target) {
    const pair = pools.get(SLOT_OF.get(id)!)!.shift();
    if (!pair) throw new Error(`${attribute}: too few evidence pairs in ${SLOT_OF.get(id)}`);
    mText.set(id, pair.M);
    mPrimeText.set(id, pair.Mprime);
  }
  // The other attributes' groups: 2–4 positions of their evidence slots, disjoint from I_a and from each
  // other, except that in one pair in four one of them also takes a position of I_a.
  const others = ATTRIBUTES.filter((b) => b !== attribute);
  const overlapWith = i % 4 === 0 ? rng.pick(others.filter((b) => target.some((id) => slotsOf(b).includes(SLOT_OF.get(id)!)))) : null;
  let groups: Record<Attribute, string[]> | undefined;
  for (let attempt = 0; attempt < 100 && !groups; attempt++) {
    const used = new Set(target);
    const next = { [attribute]: target } as Record<Attribute, string[]>;
    let ok = true;
    for (const b of others) {
      const want = 2 + rng.int(3);
      const members: string[] = [];
      if (b === overlapWith) members.push(rng.pick(target.filter((id) => slotsOf(b).includes(SLOT_OF.get(id)!))));
      for (const p of rng.shuffle(POSITIONS.filter((q) => slotsOf(b).includes(q.slot) && !used.has(q.id)))) {
        if (members.length >= want) break;
        members.push(p.id);
        used.add(p.id);
      }
      if (members.length < 2) ok = false;
      next[b] = members.sort();
    }
    if (ok) groups = next;
  }
  if (!groups) throw new Error(`${split}/${attribute}/${i}: no room for the other groups`);
  // The trajectory.
  const [t1, t2] = twoBlocks(rng, half(t.queries[attribute].target), 8);
  const [n1, n2] = twoBlocks(rng, half(t.queries[attribute].neutral), 4);
  const [d1, d2] = twoBlocks(rng, half(t.distractors), 4);
  const block = (ts: string[], ns: string[], ds: string[]): Turn[] =>
    rng.shuffle([
      ...ts.map((query) => ({ query, kind: 'target' as const })),
      ...ns.map((query) => ({ query, kind: 'neutral' as const })),
      ...ds.map((query) => ({ query, kind: 'distractor' as const })),
    ]);
  const turns = [...block(t1, n1, d1), ...block(t2, n2, d2)];
  const store = (texts: Map<string, string>): MemoryFile =>
    parseMemoryFile({
      memories: POSITIONS.map((p) => ({ id: p.id, slot: p.slot, text: texts.get(p.id)! })),
      protected: ATTRIBUTES.map((b) => ({ id: b, name: ATTRIBUTE_NAMES[b], cap: 1, members: groups[b] })),
      views: [],
    });
  const m = store(mText);
  const mPrime = store(mPrimeText);
  // Adjacency, checked: the stores differ only inside I_a.
  m.memories.forEach((x, k) => {
    if (x.text !== mPrime.memories[k]!.text && !target.includes(x.id)) throw new Error(`${x.id} differs outside I_a`);
  });
  return { index, split, attribute, overlapWith, target, groups, m, mPrime, turns };
}

export function buildSet(t: Templates, perAttribute = 40): Pair[] {
  const pairs: Pair[] = [];
  for (const split of SPLITS) for (const a of ATTRIBUTES) for (let i = 0; i < perAttribute; i++) pairs.push(buildPair(t, split, a, i, pairs.length));
  return pairs;
}

// ------------------------------------------------------------------------------------------- methods

type Family = 'online' | 'pre' | 'generic' | 'argmax';
interface Method {
  key: string;
  label: string;
  family: Family;
  cap: number;
  k: number;
  variant?: 'veil';
  rule?: Partial<VeilRule>;
}

/**
 * `--tune`: the grid Veil's rule was tuned on (dev split only): generic weight w, candidates per slot c,
 * the router's tie-break, at every cap and K ∈ {1, 2, 3}.
 */
function tuningMethods(): Method[] {
  const out: Method[] = [];
  for (const w of [1, 2, 4, 6, 8, 16])
    for (const c of [1, 2, 99])
      for (const ties of ['message', 'order'] as const)
        for (const cap of CAPS)
          for (const k of [1, 2, 3]) {
            if ((c === 99 || w < 4 || w > 8) && ties === 'order') continue;
            out.push({
              key: `tune-w${w}-c${c}-${ties}-B${cap}-K${k}`,
              label: `Veil rule w=${w} c=${c} ${ties} B=${cap} K=${k}`,
              family: 'online',
              cap,
              k,
              variant: 'veil',
              rule: { genericWeight: w, candidates: c, ties },
            });
          }
  return out;
}

function methods(tune = false): Method[] {
  if (tune) return tuningMethods();
  const out: Method[] = [];
  for (const cap of CAPS) for (const k of KS) out.push({ key: `on-B${cap}-K${k}`, label: `DP-MemView (on) B=${cap} K=${k}`, family: 'online', cap, k });
  for (const cap of CAPS) out.push({ key: `pre-B${cap}`, label: `DP-MemView (pre) B=${cap}`, family: 'pre', cap, k: 3 });
  // Veil's rule (src/memview/turn.ts VEIL_RULE: the router's few candidates, a public base weight on the
  // generic view), at the extension's default K = 2 and at K = 3; and the rule before issue 22 (w = 1, every
  // candidate) for comparison.
  for (const k of [2, 3])
    for (const cap of CAPS) out.push({ key: `on-veil-B${cap}-K${k}`, label: `Veil rule (on) B=${cap} K=${k}`, family: 'online', cap, k, variant: 'veil' });
  for (const cap of CAPS)
    out.push({
      key: `on-veil0-B${cap}-K3`,
      label: `Veil rule before issue 22 (on) B=${cap} K=3`,
      family: 'online',
      cap,
      k: 3,
      variant: 'veil',
      rule: { genericWeight: 1, candidates: 99 },
    });
  for (const cap of CAPS) out.push({ key: `pre-veil-B${cap}`, label: `Veil rule (pre) B=${cap}`, family: 'pre', cap, k: 3, variant: 'veil' });
  out.push({ key: 'generic', label: 'GenericOnly', family: 'generic', cap: 0, k: 0 });
  for (const cap of CAPS) out.push({ key: `argmax-B${cap}-K3`, label: `CappedArgmax B=${cap} K=3`, family: 'argmax', cap, k: 3 });
  return out;
}

const argmaxIndex = (u: readonly number[]) => u.indexOf(Math.max(...u));
/** The paper's CappedArgmax (C3 violated): the ledger, caps and fallback of DP-MemView, argmax selection. */
const CAPPED_ARGMAX: Mechanics = {
  ...DP_MEMVIEW,
  select: (_m, u) => argmaxIndex(u),
  logPmf: (_m, u) => u.map((_, i) => (i === argmaxIndex(u) ? 0 : -Infinity)),
};

const withCap = (store: MemoryFile, cap: number): MemoryFile => ({ ...store, protected: store.protected.map((a) => ({ ...a, cap })) });

function freshLedger(store: MemoryFile): PrivacyLedger {
  return PrivacyLedger.fromState(
    withMemoryCaps({ version: 1, attributeCap: epsilonToUnits(64), total: { spent: 0, cap: epsilonToUnits(4096) }, attributes: {} }, store.protected),
  );
}

/** One run's observable transcript with its exact log-probabilities under both stores at each horizon. */
interface SideRun {
  transcript: Transcript;
  /** log Pr[t | M] − log Pr[t | M′] for the first h turns, per horizon h ≤ the run's length. */
  scores: Partial<Record<Horizon, number>>;
}

function genericTranscript(queries: readonly string[]): Transcript {
  return queries.map((q) =>
    activeSlots(q).map((slot): SlotRelease => ({ slot, view: { code: GENERIC_CODE, text: '' }, kind: 'generic', attributes: [], epsilonUnits: 0 })),
  );
}

/** Draw under `side` (0: M, 1: M′) and score at every horizon ≤ queries.length. */
function drawAndScore(method: Method, pair: Pair, queries: readonly string[], side: 0 | 1, stream: number, verify = false): SideRun {
  const stores = [withCap(pair.m, method.cap), withCap(pair.mPrime, method.cap)] as const;
  const mechanics = method.family === 'argmax' ? CAPPED_ARGMAX : DP_MEMVIEW;
  const policy = {
    mode: method.family === 'pre' ? ('pre' as const) : ('online' as const),
    k: method.k,
    ...(method.variant ? { variant: method.variant } : {}),
    ...(method.rule ? { rule: method.rule } : {}),
  };
  const planned = method.family === 'pre' ? plannedCharges(queries, stores[0]) : undefined;
  const options = (store: MemoryFile): RunOptions => ({ store, policy, ledger: () => freshLedger(store), mechanics, ...(planned ? { planned } : {}) });
  const own = stores[side];
  const ledger = freshLedger(own);
  const bits = new RandomBits(seededRandomSource(stream));
  let logP = 0;
  const cumulative: number[] = [];
  const transcript = queries.map((query) => {
    const turn = memviewTurn(query, {
      store: own,
      policy,
      ledger,
      bits,
      mechanics,
      ...(planned ? { planned } : {}),
      observe: (e) => (logP += e.logPmf[e.chosen]!),
    });
    cumulative.push(logP);
    return turn;
  });
  // The ledger agrees with the released charges.
  for (const a of ATTRIBUTES) {
    if (ledger.spent(memoryLedgerKey(a)) !== spentUnits(transcript, a, transcript.length)) throw new Error(`${a}: ledger and releases disagree`);
  }
  const scores: Partial<Record<Horizon, number>> = {};
  for (const h of HORIZONS) {
    if (h > queries.length) continue;
    const other = transcriptLogProbability(queries.slice(0, h), transcript.slice(0, h), options(stores[1 - side]!));
    const mine = cumulative[h - 1]!;
    if (verify) {
      // The sampling side's log-probability (summed from the selections) is the audit's replay of it.
      const replayed = transcriptLogProbability(queries.slice(0, h), transcript.slice(0, h), options(own));
      if (!(Math.abs(replayed - mine) <= 1e-9)) throw new Error(`replay ${replayed} ≠ sampled ${mine}`);
    }
    scores[h] = side === 0 ? mine - other : other - mine;
    if (Number.isNaN(scores[h])) throw new Error('NaN score');
  }
  return { transcript, scores };
}

function spentUnits(transcript: Transcript, attribute: string, horizon: number): number {
  let units = 0;
  for (const turn of transcript.slice(0, horizon)) for (const r of turn) if (r.kind === 'selected' && r.attributes.includes(attribute)) units += r.epsilonUnits;
  return units;
}

// ------------------------------------------------------------------------------------------- metrics

/** Everything measured for one (method, horizon, pair): per seed, both sides. Plain data (crosses workers). */
interface PairRecord {
  pair: number;
  method: string;
  horizon: Horizon;
  /** Per seed: score of the M-side and of the M′-side transcript. */
  scoreM: number[];
  scoreMPrime: number[];
  /** Per seed: fraction of target turns with a gold view released, on M and on M′. */
  recM: number[];
  recMPrime: number[];
  selected: number;
  fallback: number;
  /** Of the slot releases with a choice (selected), how many added a preference the store's memories in that slot support, and how many one they do not (misleading). */
  supported: number;
  unsupported: number;
  /** Σ over seeds and sides of each attribute's spend (units), and the largest single spend. */
  spentSum: number;
  targetSpentSum: number;
  maxSpent: number;
  runs: number;
  /** mean C_a of the target attribute (pre), else 0. */
  planned: number;
}

function goldShare(transcript: Transcript, pair: Pair, horizon: number): number {
  const gold = GOLD[pair.attribute];
  let turns = 0;
  let hits = 0;
  for (let t = 0; t < horizon; t++) {
    if (pair.turns[t]!.kind !== 'target') continue;
    turns++;
    if (transcript[t]!.some((r) => gold.includes(`${r.slot}/${r.view.code}`))) hits++;
  }
  return turns === 0 ? 0 : hits / turns;
}

function measure(method: Method, pair: Pair, seeds: number): PairRecord[] {
  const queries = pair.turns.map((t) => t.query);
  const records = new Map<Horizon, PairRecord>(
    HORIZONS.map((h) => [
      h,
      {
        pair: pair.index,
        method: method.key,
        horizon: h,
        scoreM: [],
        scoreMPrime: [],
        recM: [],
        recMPrime: [],
        selected: 0,
        fallback: 0,
        supported: 0,
        unsupported: 0,
        spentSum: 0,
        targetSpentSum: 0,
        maxSpent: 0,
        runs: 0,
        planned: 0,
      },
    ]),
  );
  const account = (h: Horizon, runs: [SideRun, SideRun]) => {
    const r = records.get(h)!;
    r.scoreM.push(runs[0].scores[h]!);
    r.scoreMPrime.push(runs[1].scores[h]!);
    r.recM.push(goldShare(runs[0].transcript, pair, h));
    r.recMPrime.push(goldShare(runs[1].transcript, pair, h));
    runs.forEach((run, side) => {
      const store = side === 0 ? pair.m : pair.mPrime;
      for (const turn of run.transcript.slice(0, h))
        for (const x of turn) {
          if (x.kind === 'fallback') r.fallback++;
          if (x.kind !== 'selected') continue;
          r.selected++;
          if (x.view.code === GENERIC_CODE) continue;
          const view = slotVocabulary(x.slot).views.find((v) => v.code === x.view.code)!;
          const backed = store.memories.some((m) => m.slot === x.slot && matchesAny(wordText(m.text), view.evidence));
          if (backed) r.supported++;
          else r.unsupported++;
        }
      for (const a of ATTRIBUTES) {
        const units = spentUnits(run.transcript, a, h);
        r.spentSum += units;
        if (a === pair.attribute) r.targetSpentSum += units;
        r.maxSpent = Math.max(r.maxSpent, units);
      }
      r.runs++;
    });
  };
  if (method.family === 'generic') {
    const transcript = genericTranscript(queries);
    for (const h of HORIZONS)
      account(h, [
        { transcript, scores: { [h]: 0 } },
        { transcript, scores: { [h]: 0 } },
      ]);
    return [...records.values()];
  }
  const draws = method.family === 'argmax' ? 1 : seeds; // argmax is deterministic: one run per side
  for (let seed = 0; seed < draws; seed++) {
    const stream = (side: 0 | 1) => (pair.index * 16 + seed) * 2 + side; // EM seed `seed`, the same for every method
    const verify = seed === 0 && pair.index % 20 === 0;
    if (method.family === 'pre') {
      // C_a is planned from the trajectory the run is given: the first block alone at T = 16.
      for (const h of HORIZONS) {
        const q = queries.slice(0, h);
        account(h, [drawAndScore(method, pair, q, 0, stream(0), verify), drawAndScore(method, pair, q, 1, stream(1), verify)]);
        records.get(h)!.planned = plannedCharges(q, pair.m).get(pair.attribute)!;
      }
    } else {
      const runs: [SideRun, SideRun] = [drawAndScore(method, pair, queries, 0, stream(0), verify), drawAndScore(method, pair, queries, 1, stream(1), verify)];
      for (const h of HORIZONS) account(h, runs);
    }
  }
  return [...records.values()];
}

/** Mann–Whitney AUC with ties: Pr[pos > neg] + ½ Pr[pos = neg] (±∞ compare as usual). */
export function auc(pos: readonly number[], neg: readonly number[]): number {
  let s = 0;
  for (const p of pos) for (const n of neg) s += p > n ? 1 : p === n ? 0.5 : 0;
  return s / (pos.length * neg.length);
}

/** TPR at a false-positive rate on the ROC curve whose tied scores are joined linearly (a randomized test). */
export function tprAt(pos: readonly number[], neg: readonly number[], fpr = 0.05): number {
  const values = [...new Set([...pos, ...neg])].sort((a, b) => b - a);
  let x0 = 0,
    y0 = 0,
    tp = 0,
    fp = 0;
  for (const v of values) {
    tp += pos.filter((p) => p === v).length;
    fp += neg.filter((n) => n === v).length;
    const [x1, y1] = [fp / neg.length, tp / pos.length];
    if (x1 >= fpr) return x1 === x0 ? y1 : y0 + ((fpr - x0) / (x1 - x0)) * (y1 - y0);
    [x0, y0] = [x1, y1];
  }
  return 1;
}

interface Figures {
  pairs: number;
  auc: number;
  aucBySeed: number[];
  tpr5: number;
  tRec: number;
  unsup: number;
  fallbackShare: number;
  /** Of the selections: the share that added a preference the memories support, and one they do not (misleading). */
  supportedShare: number;
  misleadingShare: number;
  meanEpsilonSpent: number;
  meanTargetEpsilonSpent: number;
  bound: number | 'Infinity';
  /** ε of one charged selection: B/K online; pre: B/C_a with the mean target C_a given. */
  epsilonPerSelection: number | null;
  meanPlanned: number | null;
}

function summarize(method: Method, records: readonly PairRecord[]): Figures {
  const seeds = records[0]!.scoreM.length;
  const aucBySeed: number[] = [];
  const tprBySeed: number[] = [];
  for (let s = 0; s < seeds; s++) {
    const pos = records.map((r) => r.scoreM[s]!);
    const neg = records.map((r) => r.scoreMPrime[s]!);
    aucBySeed.push(auc(pos, neg));
    tprBySeed.push(tprAt(pos, neg));
  }
  const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const selected = records.reduce((a, r) => a + r.selected, 0);
  const fallback = records.reduce((a, r) => a + r.fallback, 0);
  const runs = records.reduce((a, r) => a + r.runs, 0);
  const maxSpent = Math.max(...records.map((r) => r.maxSpent));
  return {
    pairs: records.length,
    auc: mean(aucBySeed),
    aucBySeed,
    tpr5: mean(tprBySeed),
    tRec: mean(records.map((r) => mean(r.recM))),
    unsup: mean(records.map((r) => mean(r.recMPrime))),
    fallbackShare: selected + fallback === 0 ? 0 : fallback / (selected + fallback),
    supportedShare: selected === 0 ? 0 : records.reduce((a, r) => a + r.supported, 0) / selected,
    misleadingShare: selected === 0 ? 0 : records.reduce((a, r) => a + r.unsupported, 0) / selected,
    meanEpsilonSpent: unitsToEpsilon(records.reduce((a, r) => a + r.spentSum, 0)) / (runs * ATTRIBUTES.length),
    meanTargetEpsilonSpent: unitsToEpsilon(records.reduce((a, r) => a + r.targetSpentSum, 0)) / runs,
    bound: method.family === 'argmax' ? 'Infinity' : unitsToEpsilon(maxSpent),
    epsilonPerSelection: method.family === 'online' ? unitsToEpsilon(Math.floor(epsilonToUnits(method.cap) / method.k)) : null,
    meanPlanned: method.family === 'pre' ? mean(records.map((r) => r.planned)) : null,
  };
}

// --------------------------------------------------------------------------------------- diagnostics

const viewOf = (gold: string): View => {
  const [slot, code] = gold.split('/') as [Slot, string];
  return slotVocabulary(slot).views.find((v) => v.code === code)!;
};
const supportsGold = (text: string, a: Attribute, slot: Slot) => {
  const w = wordText(text);
  return GOLD[a].some((g) => g.startsWith(`${slot}/`) && matchesAny(w, viewOf(g).evidence));
};

/** How often the lexical scorer can see the evidence, and how often a target turn can reach a gold view. */
function diagnostics(t: Templates, pairs: readonly Pair[]) {
  const out: Record<string, Record<string, unknown>> = {};
  for (const split of SPLITS) {
    for (const a of ATTRIBUTES) {
      const ps = pairs.filter((p) => p.split === split && p.attribute === a);
      const half = <T>(xs: readonly T[]) => xs.filter((_, k) => k % 2 === (split === 'dev' ? 0 : 1));
      let items = 0,
        supM = 0,
        supMPrime = 0;
      const perSlot: Record<string, string> = {};
      for (const slot of evidenceSlots(t, a)) {
        const ev = half(t.evidence[a][slot]!);
        const m = ev.filter((e) => supportsGold(e.M, a, slot)).length;
        const mp = ev.filter((e) => supportsGold(e.Mprime, a, slot)).length;
        perSlot[slot] = `M ${m}/${ev.length}, M′ ${mp}/${ev.length}`;
        items += ev.length;
        supM += m;
        supMPrime += mp;
      }
      let placed = 0,
        placedSup = 0,
        targetTurns = 0,
        reach = 0,
        reachM = 0,
        reachMPrime = 0,
        bgFalse = 0;
      for (const p of ps) {
        for (const id of p.target) {
          placed++;
          if (supportsGold(p.m.memories.find((x) => x.id === id)!.text, a, SLOT_OF.get(id)!)) placedSup++;
        }
        for (const x of p.m.memories) if (!p.target.includes(x.id) && supportsGold(x.text, a, x.slot)) bgFalse++;
        for (const turn of p.turns.filter((x) => x.kind === 'target')) {
          targetTurns++;
          const reachable = activeSlots(turn.query).flatMap((slot) =>
            candidateViews(slotVocabulary(slot).views, turn.query)
              .filter((v) => GOLD[a].includes(`${slot}/${v.code}`))
              .map((v) => ({ slot, v })),
          );
          if (reachable.length > 0) reach++;
          const supported = (s: MemoryFile) =>
            reachable.some(({ slot, v }) => s.memories.some((x) => x.slot === slot && matchesAny(wordText(x.text), v.evidence)));
          if (supported(p.m)) reachM++;
          if (supported(p.mPrime)) reachMPrime++;
        }
      }
      out[`${split}/${a}`] = {
        evidenceItemsSupportingGold: supM / items,
        evidencePrimeItemsSupportingGold: supMPrime / items,
        perSlot,
        placedEvidenceSupportingGold: placedSup / placed,
        backgroundMemoriesSupportingGoldPerStore: bgFalse / ps.length,
        targetTurnsWithGoldCandidate: reach / targetTurns,
        targetTurnsWithSupportedGoldOnM: reachM / targetTurns,
        targetTurnsWithSupportedGoldOnMPrime: reachMPrime / targetTurns,
        overlapPairs: ps.filter((p) => p.overlapWith).length,
        meanTargetSize: ps.reduce((s, p) => s + p.target.length, 0) / ps.length,
      };
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------- output

export interface Results {
  seed: number;
  emSeeds: number;
  pairsPerAttributePerSplit: number;
  gold: typeof GOLD;
  methods: Method[];
  /** results[split][T][method key] */
  results: Record<Split, Record<string, Record<string, Figures & { perAttribute: Record<Attribute, Pick<Figures, 'auc' | 'tpr5' | 'tRec' | 'unsup'>> }>>>;
  diagnostics: ReturnType<typeof diagnostics>;
}

const f3 = (x: number) => x.toFixed(3);
const bound = (b: number | 'Infinity') => (b === 'Infinity' ? '∞' : f3(b));

function table(rows: { label: string; eps: string; f: Figures }[]): string {
  const head =
    '| method | ε per selection | AUC | TPR@5% | tRec ↑ | Unsup ↓ | backed / misleading | fallbacks | mean ε spent (target) | bound |\n|---|---|---|---|---|---|---|---|---|---|';
  return [
    head,
    ...rows.map(
      ({ label, eps, f }) =>
        `| ${label} | ${eps} | ${f3(f.auc)} | ${f3(f.tpr5)} | ${f3(f.tRec)} | ${f3(f.unsup)} | ${(100 * f.supportedShare).toFixed(0)}% / ${(100 * f.misleadingShare).toFixed(0)}% | ${(100 * f.fallbackShare).toFixed(1)}% | ${f3(f.meanEpsilonSpent)} (${f3(f.meanTargetEpsilonSpent)}) | ${bound(f.bound)} |`,
    ),
  ].join('\n');
}

function epsLabel(m: Method, f: Figures): string {
  if (m.family === 'online') return f3(f.epsilonPerSelection!);
  if (m.family === 'pre') return `B/C_a (C_a ≈ ${f.meanPlanned!.toFixed(1)})`;
  if (m.family === 'argmax') return `${f3(m.cap / m.k)} (no DP)`;
  return '0';
}

function report(r: Results): string {
  const out: string[] = [];
  const byKey = new Map(r.methods.map((m) => [m.key, m]));
  const rows = (split: Split, h: number, keys: string[]) =>
    keys.map((k) => ({ label: byKey.get(k)!.label, eps: epsLabel(byKey.get(k)!, r.results[split][h]![k]!), f: r.results[split][h]![k]! }));
  const main = ['on-B2-K3', 'pre-B2', 'on-veil-B2-K2', 'on-veil-B2-K3', 'on-veil0-B2-K3', 'pre-veil-B2', 'generic', 'argmax-B2-K3'];
  for (const split of ['holdout', 'dev'] as const) {
    for (const h of HORIZONS) {
      out.push(`\n### ${split}, T = ${h}${h === 16 ? " (the paper's main setting)" : ''}: B_a = 2, K as labelled\n`);
      out.push(table(rows(split, h, main)));
      out.push(`\n${split}, T = ${h}: every configuration\n`);
      out.push(
        table(
          rows(
            split,
            h,
            r.methods.map((m) => m.key),
          ),
        ),
      );
    }
  }
  out.push('\n### Per cap (holdout, T = 16): backed / misleading / nothing added of the slot selections, and AUC\n');
  out.push('| rule | B = 1 | B = 2 | B = 4 | B = 8 |\n|---|---|---|---|---|');
  for (const [name, key] of [
    ['Veil rule, K = 2 (default)', 'on-veil-B%-K2'],
    ['Veil rule, K = 3', 'on-veil-B%-K3'],
    ['Veil rule before issue 22, K = 3', 'on-veil0-B%-K3'],
    ["paper's selection, K = 2", 'on-B%-K2'],
    ["paper's selection, K = 3", 'on-B%-K3'],
  ] as const) {
    const cell = (cap: number) => {
      const f = r.results.holdout[16]![key.replace('%', String(cap))]!;
      const [b, m] = [Math.round(100 * f.supportedShare), Math.round(100 * f.misleadingShare)];
      return `${b}% / ${m}% / ${100 - b - m}% · ${f3(f.auc)}`;
    };
    out.push(`| ${name} | ${CAPS.map(cell).join(' | ')} |`);
  }
  out.push('\n### Per attribute (holdout, T = 16): AUC / tRec / Unsup\n');
  out.push(`| method | ${ATTRIBUTES.join(' | ')} |\n|---|${ATTRIBUTES.map(() => '---').join('|')}|`);
  for (const k of main) {
    const f = r.results.holdout[16]![k]!;
    out.push(
      `| ${byKey.get(k)!.label} | ${ATTRIBUTES.map((a) => `${f3(f.perAttribute[a].auc)} / ${f3(f.perAttribute[a].tRec)} / ${f3(f.perAttribute[a].unsup)}`).join(' | ')} |`,
    );
  }
  out.push('\n### What the lexical scorer sees (per split/attribute)\n');
  out.push(
    '| split/attribute | evidence M supports a gold view | M′ does | target turns with a gold candidate | … and M supports it | … M′ supports it | background memories supporting gold, per store |\n|---|---|---|---|---|---|---|',
  );
  for (const [key, d] of Object.entries(r.diagnostics)) {
    const p = (x: unknown) => `${(100 * (x as number)).toFixed(0)}%`;
    out.push(
      `| ${key} | ${p(d.evidenceItemsSupportingGold)} | ${p(d.evidencePrimeItemsSupportingGold)} | ${p(d.targetTurnsWithGoldCandidate)} | ${p(d.targetTurnsWithSupportedGoldOnM)} | ${p(d.targetTurnsWithSupportedGoldOnMPrime)} | ${(d.backgroundMemoriesSupportingGoldPerStore as number).toFixed(2)} |`,
    );
  }
  return out.join('\n');
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Two panels over AUC (holdout, T = 16): tRec (left) and Unsup (right), one labelled point per configuration. */
export function tradeoffSvg(r: Results): string {
  const figures = r.results.holdout[16]!;
  const points = r.methods.map((m) => ({ m, f: figures[m.key]! }));
  const colour: Record<Family, string> = { online: '#1f6fb4', pre: '#2a8a3e', generic: '#555555', argmax: '#c63d3d' };
  const xMin = Math.min(0.5, Math.floor(Math.min(...points.map((p) => p.f.auc)) * 20) / 20);
  const yMax = Math.min(1, Math.ceil(Math.max(...points.flatMap((p) => [p.f.tRec, p.f.unsup])) * 10 + 0.5) / 10);
  const W = 1160,
    H = 560,
    panelW = 500,
    panelH = 420,
    top = 60,
    lefts = [70, 640];
  const marker = (family: Family, px: number, py: number) =>
    family === 'pre'
      ? `<rect x="${(px - 4).toFixed(1)}" y="${(py - 4).toFixed(1)}" width="8" height="8" fill="${colour.pre}"/>`
      : family === 'argmax'
        ? `<path d="M${px.toFixed(1)} ${(py - 5).toFixed(1)} l5 9 h-10 Z" fill="${colour.argmax}"/>`
        : `<circle cx="${px.toFixed(1)}" cy="${py.toFixed(1)}" r="${family === 'generic' ? 5 : 4}" fill="${colour[family]}"/>`;
  const shortLabel = (m: Method) =>
    m.family === 'online'
      ? `${m.variant ? (m.rule ? 'veil0 ' : 'veil ') : 'on '}B${m.cap}K${m.k}`
      : m.family === 'pre'
        ? `${m.variant ? 'veil ' : ''}pre B${m.cap}`
        : m.family === 'argmax'
          ? `argmax B${m.cap}`
          : 'GenericOnly';
  let body = '';
  (['tRec', 'unsup'] as const).forEach((metric, panel) => {
    const left = lefts[panel]!;
    const x = (v: number) => left + ((v - xMin) / (1 - xMin)) * panelW;
    const y = (v: number) => top + (1 - v / yMax) * panelH;
    body += `<text x="${left}" y="${top - 12}" font-size="13" font-weight="bold">${metric === 'tRec' ? 'tRec (M side: gold view released on a target turn) ↑' : 'Unsup (M′ side: gold view released without support) ↓'}</text>`;
    for (let v = xMin; v <= 1.0001; v += 0.05) {
      body += `<line x1="${x(v)}" x2="${x(v)}" y1="${top}" y2="${top + panelH}" stroke="#eee"/><text x="${x(v)}" y="${top + panelH + 16}" font-size="10" text-anchor="middle">${v.toFixed(2)}</text>`;
    }
    for (let v = 0; v <= yMax + 1e-9; v += yMax / 10) {
      body += `<line x1="${left}" x2="${left + panelW}" y1="${y(v)}" y2="${y(v)}" stroke="#eee"/><text x="${left - 6}" y="${y(v) + 4}" font-size="10" text-anchor="end">${v.toFixed(2)}</text>`;
    }
    body += `<rect x="${left}" y="${top}" width="${panelW}" height="${panelH}" fill="none" stroke="#999"/>`;
    body += `<text x="${left + panelW / 2}" y="${top + panelH + 34}" font-size="12" text-anchor="middle">AUC of the exact likelihood-ratio auditor (0.5 = chance)</text>`;
    body += `<text x="${left - 44}" y="${top + panelH / 2}" font-size="12" text-anchor="middle" transform="rotate(-90 ${left - 44} ${top + panelH / 2})">${metric === 'tRec' ? 'tRec' : 'Unsup'}</text>`;
    // Online points with the same K joined across B = 1, 2, 4, 8.
    for (const k of KS) {
      const line = points
        .filter((p) => p.m.family === 'online' && !p.m.variant && p.m.k === k)
        .map((p) => `${x(p.f.auc).toFixed(1)},${y(p.f[metric]).toFixed(1)}`)
        .join(' ');
      body += `<polyline points="${line}" fill="none" stroke="${colour.online}" stroke-opacity="0.35" stroke-dasharray="${k === 2 ? '2,2' : k === 3 ? '' : '6,3'}"/>`;
    }
    for (const family of ['pre', 'argmax'] as const) {
      const line = points
        .filter((p) => p.m.family === family)
        .map((p) => `${x(p.f.auc).toFixed(1)},${y(p.f[metric]).toFixed(1)}`)
        .join(' ');
      body += `<polyline points="${line}" fill="none" stroke="${colour[family]}" stroke-opacity="0.35"/>`;
    }
    // Points at the same place (CappedArgmax's selection ignores B) share one label.
    const groups = new Map<string, { m: Method; f: Figures; px: number; py: number; names: string[] }>();
    for (const { m, f } of points) {
      const [px, py] = [x(f.auc), y(f[metric])];
      const key = `${m.family}:${px.toFixed(1)}:${py.toFixed(1)}`;
      const g = groups.get(key);
      if (g) g.names.push(`B${m.cap}`);
      else groups.set(key, { m, f, px, py, names: [shortLabel(m)] });
      body += marker(m.family, px, py);
    }
    // Labels: the first of a few places around the point that overlaps no other label or point.
    type Box = { x0: number; y0: number; x1: number; y1: number };
    const boxes: Box[] = [...groups.values()].map((g) => ({ x0: g.px - 5, y0: g.py - 5, x1: g.px + 5, y1: g.py + 5 }));
    const hits = (b: Box) => boxes.some((q) => b.x0 < q.x1 && q.x0 < b.x1 && b.y0 < q.y1 && q.y0 < b.y1);
    for (const g of [...groups.values()].sort((p, q) => p.py - q.py || p.px - q.px)) {
      const text = g.names.join('/');
      const w = text.length * 5.4;
      const spots: [number, number][] = [
        [7, 3],
        [-7 - w, 3],
        [-w / 2, -8],
        [-w / 2, 14],
      ];
      for (let d = 10; d <= 60; d += 10) spots.push([7, 3 + d], [7, 3 - d], [-7 - w, 3 + d], [-7 - w, 3 - d]);
      const inside = (b: Box) => b.x0 >= left + 2 && b.x1 <= left + panelW - 2 && b.y0 >= top + 2 && b.y1 <= top + panelH - 2;
      const box = (dx: number, dy: number): Box => ({ x0: g.px + dx, y0: g.py + dy - 8, x1: g.px + dx + w, y1: g.py + dy + 2 });
      const [dx, dy] = spots.find(([dx, dy]) => inside(box(dx, dy)) && !hits(box(dx, dy))) ?? spots[0]!;
      boxes.push(box(dx, dy));
      const [lx, ly] = [g.px + dx, g.py + dy];
      body += `<text x="${lx.toFixed(1)}" y="${ly.toFixed(1)}" font-size="9.5" fill="${colour[g.m.family]}">${esc(text)}</text>`;
      if (Math.abs(dy - 3) > 1 && Math.abs(dy + 8) > 1 && Math.abs(dy - 14) > 1) {
        body += `<line x1="${g.px.toFixed(1)}" y1="${g.py.toFixed(1)}" x2="${(dx > 0 ? lx : lx + w).toFixed(1)}" y2="${(ly - 3).toFixed(1)}" stroke="${colour[g.m.family]}" stroke-opacity="0.4"/>`;
      }
    }
  });
  const legend = [
    ['online', 'DP-MemView (on), B ∈ {1,2,4,8}; lines join equal K (dotted K=2, solid K=3, dashed K=4)'],
    ['pre', 'DP-MemView (pre), B ∈ {1,2,4,8}, ε = B/C_a'],
    ['argmax', 'CappedArgmax (no DP bound), K = 3'],
    ['generic', 'GenericOnly (memory-independent)'],
  ] as const;
  legend.forEach(([family, text], i) => {
    const lx = 70 + (i % 2) * 560;
    const ly = top + panelH + 58 + Math.floor(i / 2) * 16;
    body += `${marker(family, lx, ly - 4)}<text x="${lx + 10}" y="${ly}" font-size="11">${esc(text)}</text>`;
  });
  const title = `DP-MemView on PairedMem-style pairs (holdout split, ${figures.generic!.pairs} pairs, T = 16, ${r.emSeeds} EM seeds per pair)`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H + 30}" font-family="sans-serif"><rect width="100%" height="100%" fill="white"/><text x="8" y="20" font-size="14">${esc(title)}</text>${body}</svg>\n`;
}

// ------------------------------------------------------------------------------------------------ main

interface Job {
  templates: string;
  perAttribute: number;
  seeds: number;
  methods: string[];
  tune: boolean;
  split: string;
}

function runJob(job: Job): PairRecord[] {
  const pairs = buildSet(readTemplates(job.templates), job.perAttribute).filter((p) => job.split === 'both' || p.split === job.split);
  const all = methods(job.tune).filter((m) => job.methods.includes(m.key));
  return all.flatMap((m) => pairs.flatMap((p) => measure(m, p, job.seeds)));
}

/** Methods dealt to workers by rough cost (pre and online draw EM seeds; argmax once; generic is free). */
function deal(all: Method[], workers: number): string[][] {
  const cost = (m: Method) => (m.family === 'pre' ? 1.5 : m.family === 'online' ? 1 : m.family === 'argmax' ? 0.34 : 0);
  const bins = Array.from({ length: workers }, () => ({ keys: [] as string[], load: 0 }));
  for (const m of [...all].sort((a, b) => cost(b) - cost(a))) {
    const bin = bins.reduce((a, b) => (b.load < a.load ? b : a));
    bin.keys.push(m.key);
    bin.load += cost(m);
  }
  return bins.map((b) => b.keys);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      templates: { type: 'string', default: 'eval/memview/templates.json' },
      out: { type: 'string', default: 'eval/memview' },
      seeds: { type: 'string', default: '3' },
      pairs: { type: 'string', default: '40' },
      workers: { type: 'string', default: '2' },
      // Tuning only (results.json is then written to --out as tune.json): the rule grid, one split, a filter.
      tune: { type: 'boolean', default: false },
      split: { type: 'string', default: 'both' },
      only: { type: 'string' },
    },
  });
  const tune = values.tune!;
  const split = values.split!;
  if (!['both', 'dev', 'holdout'].includes(split)) throw new Error('--split must be both, dev or holdout');
  const started = performance.now();
  const templatesPath = resolve(values.templates!);
  const templates = readTemplates(templatesPath);
  const perAttribute = Number(values.pairs);
  const seeds = Number(values.seeds);
  if (!(perAttribute >= 1 && perAttribute <= 40) || !(seeds >= 1 && seeds <= 16)) throw new Error('--pairs must be 1–40 and --seeds 1–16');
  const pairs = buildSet(templates, perAttribute);
  const all = methods(tune).filter((m) => !values.only || new RegExp(values.only).test(m.key));
  const splits = SPLITS.filter((s) => split === 'both' || s === split);
  const batches = deal(all, Math.max(1, Number(values.workers)));
  // The other batches run in child processes (tsx's loader does not reach worker threads on Node 20).
  const pending = batches.slice(1).map(
    (keys) =>
      new Promise<PairRecord[]>((done, fail) => {
        const job: Job = { templates: templatesPath, perAttribute, seeds, methods: keys, tune, split };
        const child = fork(fileURLToPath(import.meta.url), ['--job', JSON.stringify(job)], { serialization: 'advanced' });
        child.once('message', (m) => done(m as PairRecord[]));
        child.once('error', fail);
        child.once('exit', (code) => (code === 0 ? undefined : fail(new Error(`a batch exited with ${code}`))));
      }),
  );
  const records = [...runJob({ templates: templatesPath, perAttribute, seeds, methods: batches[0]!, tune, split }), ...(await Promise.all(pending)).flat()];
  const results = {} as Results['results'];
  for (const split of splits) {
    results[split] = {};
    for (const h of HORIZONS) {
      results[split][h] = {};
      for (const m of all) {
        const rs = records.filter((r) => r.method === m.key && r.horizon === h && pairs[r.pair]!.split === split);
        const perAttribute = Object.fromEntries(
          ATTRIBUTES.map((a) => {
            const f = summarize(
              m,
              rs.filter((r) => pairs[r.pair]!.attribute === a),
            );
            return [a, { auc: f.auc, tpr5: f.tpr5, tRec: f.tRec, unsup: f.unsup }];
          }),
        ) as Record<Attribute, Pick<Figures, 'auc' | 'tpr5' | 'tRec' | 'unsup'>>;
        results[split][h]![m.key] = { ...summarize(m, rs), perAttribute };
      }
    }
  }
  const dir = resolve(values.out!);
  const partial = tune || split !== 'both' || values.only !== undefined;
  if (partial) {
    // A tuning or partial run: its figures only, to partial.json, and one line per configuration.
    writeFileSync(`${dir}/partial.json`, `${JSON.stringify({ seed: SEED, emSeeds: seeds, methods: all, results }, null, 1)}\n`);
    for (const s of splits)
      for (const h of HORIZONS)
        for (const m of all) {
          const f = results[s][h]![m.key]!;
          console.log(
            `${s} T=${h} ${m.key}: backed ${(100 * f.supportedShare).toFixed(1)}% misleading ${(100 * f.misleadingShare).toFixed(1)}% AUC ${f3(f.auc)} tRec ${f3(f.tRec)} Unsup ${f3(f.unsup)} fallbacks ${(100 * f.fallbackShare).toFixed(1)}%`,
          );
        }
    console.log(`\nwrote ${dir}/partial.json; ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return;
  }
  const output: Results = {
    seed: SEED,
    emSeeds: seeds,
    pairsPerAttributePerSplit: perAttribute,
    gold: GOLD,
    methods: all,
    results,
    diagnostics: diagnostics(templates, pairs),
  };
  writeFileSync(`${dir}/results.json`, `${JSON.stringify(output, null, 1)}\n`);
  writeFileSync(`${dir}/tradeoff.svg`, tradeoffSvg(output));
  const seconds = (performance.now() - started) / 1000;
  const overlap = pairs.filter((p) => p.overlapWith).length;
  console.log(
    `PairedMem-style set: ${pairs.length} pairs (${perAttribute} per attribute per split), ${overlap} with an overlapping group; construction seed ${SEED}; EM seeds 0..${seeds - 1}`,
  );
  console.log(report(output));
  console.log(`\nwrote ${dir}/results.json and ${dir}/tradeoff.svg; ${seconds.toFixed(1)} s in ${batches.length} process(es)`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--job');
  if (at > 0 && process.send) {
    // A batch: run it, hand the records back, and exit once they are sent.
    process.send(runJob(JSON.parse(process.argv[at + 1]!) as Job), () => process.exit(0));
  } else {
    main().catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  }
}
