/**
 * One DP-MemView turn (paper §"Slot-level view selection and attribute accounting", Appendix A): for a
 * message, the views its active slots release, what each charged, and the ledger updated.
 *
 * ```ts
 * const ledger = PrivacyLedger.fromState(withMemoryCaps(state, store.protected));
 * const views = memviewTurn('Cheap dinner ideas?', { store, policy: { mode: 'online', k: 3 }, ledger, bits });
 * // [{ slot: 'food', view: { code: 'low-sugar', … }, kind: 'selected', charged: ['diabetes'], epsilonUnits }, …]
 * ```
 *
 * Per active slot g, in the router's order (C4: slots, read set, charge set, ε and Δu are public functions
 * of the message, the layout, the attributes' groups and caps, and the ledger):
 * 1. candidates: the generic view and the views the message asks for (C1: never store-dependent). With
 *    only the generic view, or no memory in the slot, nothing is read: the generic view, free.
 * 2. read set R: every memory position of the slot (fixed by the layout, never by contents);
 * 3. charge set Γ: every protected attribute whose group meets R (C2). Γ empty: the memories read are in
 *    no group, outside the guarantee by the person's choice; the best view is released, free;
 * 4. ε_{t,g}: online min_{a∈Γ} ⌊B_a/K⌋; preallocated min_{a∈Γ} ⌊B_a/C_a⌋;
 * 5. prospective cap check (C5): if any L_a + ε > B_a, or the total cap would be passed, the generic view
 *    is released at no cost and the ledger is unchanged;
 * 6. else the view is drawn by the exact exponential mechanism with u ∈ [0,1], Δu = 0.6 (C3), and every
 *    a ∈ Γ is charged ε — before anything is returned.
 * Raw memory and scores stay here: a `SlotRelease` holds public values only (C3, C6).
 *
 * `mechanics` exists so tests can build the paper's counterexamples (an incomplete charge, argmax
 * selection, no cap, a store-dependent vocabulary) from the same code; the extension and the CLI always
 * use `DP_MEMVIEW`.
 */
import { asEpsilonUnits, epsilonToUnits, type EpsilonUnits } from '../core/epsilon';
import type { RandomBits } from '../dp/exact/bits';
import type { ExponentialMechanism } from '../dp/exponential/mechanism';
import { memviewSelection, selectionDraw } from '../dp/memview-selection/selection';
import { memoryLedgerKey } from '../ledger/keys';
import type { PrivacyLedger } from '../ledger/ledger';
import type { LedgerState } from '../ledger/state';
import { activeSlots, candidateViews, focusedCandidates } from './router';
import { scoreViews, UTILITY_DENOMINATOR, UTILITY_SENSITIVITY, utilityUnits } from './scorer';
import { layoutOf, type CustomView, type MemoryFile, type ProtectedAttribute } from './types';
import type { Slot } from './slots';
import { slotVocabulary, type View } from './vocabulary';

export const MEMVIEW_MODES = ['online', 'pre'] as const;
export type MemViewMode = (typeof MEMVIEW_MODES)[number];

export interface MemViewPolicy {
  mode: MemViewMode;
  /** K: how many charged selections each cap is split into (online mode; preallocated's default C_a). */
  k: number;
  /**
   * `paper` (default): Pr[v] ∝ exp(ε u / 2Δu) over every view the message asks for. `veil`: Veil's rule
   * (`VEIL_RULE`): at most a few of them, picked by the public router from the message
   * (`focusedCandidates`), and a public base weight w·(n − 1) on the generic view for n candidates
   * (`genericBase`), so that when the memories support nothing, "nothing added" is w times as likely as
   * all the others together. Both depend on the message and the candidate count only, never on a memory:
   * the same ε-DP exponential mechanism with a public base measure, the same Δu.
   */
  variant?: MemViewVariant;
  /** The evaluation's knobs for Veil's rule (defaults `VEIL_RULE`); the extension and the CLI never set it. */
  rule?: Partial<VeilRule>;
}

export const MEMVIEW_VARIANTS = ['paper', 'veil'] as const;
export type MemViewVariant = (typeof MEMVIEW_VARIANTS)[number];

export interface VeilRule {
  /** w: the generic view's base weight is w·(n − 1) for n candidates. */
  genericWeight: number;
  /** At most this many views besides the generic one per slot. */
  candidates: number;
  /** How the router breaks a tie between views the message names equally (`order`: evaluation only). */
  ties: 'message' | 'order';
}

/** Veil's rule as the extension and the CLI use it (tuned on the dev half of `npm run eval:memview`). */
export const VEIL_RULE: Readonly<VeilRule> = Object.freeze({ genericWeight: 8, candidates: 2, ties: 'message' });

/** The rule a policy selects with (`veil` only). */
export function veilRule(policy: MemViewPolicy): VeilRule {
  return { ...VEIL_RULE, ...policy.rule };
}

/** Log base weights (integers over `denominator`): ln(w·(n − 1)) on the generic view (index 0), 0 elsewhere. */
export function genericBase(n: number, denominator: number, weight = 1): number[] {
  return Array.from({ length: n }, (_, i) => (i === 0 && n >= 2 ? Math.round(Math.log(weight * (n - 1)) * denominator) : 0));
}

/** The views a slot may release for this message under the policy (C1: never store-dependent). */
export function policyCandidates(views: readonly View[], query: string, policy: MemViewPolicy): View[] {
  if (policy.variant !== 'veil') return candidateViews(views, query);
  const rule = veilRule(policy);
  return focusedCandidates(views, query, rule.candidates, rule.ties);
}

export type SlotReleaseKind = 'selected' | 'fallback' | 'generic' | 'unprotected' | 'reused' | 'stated';

/** One slot's release: public values only. */
export interface SlotRelease {
  slot: Slot;
  view: { code: string; text: string };
  /**
   * `selected`: drawn by the exponential mechanism and charged; `fallback`: a cap would have been passed,
   * so the generic view, free; `generic`: nothing to choose or nothing to read, free; `unprotected`: the
   * memories read are in no protected group (outside the guarantee), the best view, free; `reused`: the
   * view this slot released earlier in the same conversation, sent again (post-processing), free;
   * `stated`: the preference the person stated outright for this slot (`MemoryFile.stated`), which the
   * message asks for: theirs, shared by their choice, no memory read, free.
   */
  kind: SlotReleaseKind;
  /** Ids of the protected attributes charged (selected) or that would have passed a cap (fallback). */
  attributes: string[];
  /** ε charged to each attribute in `attributes`, in units of 2^-20 (0 unless selected). */
  epsilonUnits: number;
}

/** A turn's selection as an auditor sees it (tests and the evaluation only; never leaves the core). */
export interface SelectionEvent {
  slot: Slot;
  codes: string[];
  logPmf: number[];
  chosen: number;
}

export interface Mechanics {
  /** C1: the slot's vocabulary. Must not depend on the store. */
  vocabulary(slot: Slot, store: MemoryFile): readonly View[];
  /** C2: the attributes charged for a read set: every one whose group meets it. */
  chargeSet(read: readonly string[], attributes: readonly ProtectedAttribute[]): ProtectedAttribute[];
  /** C3: draw a candidate index, and (for audits) its exact log-probabilities. */
  select(
    mechanism: ExponentialMechanism,
    utilities: readonly number[],
    bits: RandomBits,
    at: { slot: Slot; codes: readonly string[]; base?: readonly number[] },
  ): number;
  logPmf(mechanism: ExponentialMechanism, utilities: readonly number[], base?: readonly number[]): number[];
  /**
   * C5: the prospective cap check with the generic fallback. Without it (the NoCap counterexample, whose
   * test ledger has no effective caps) every selection is charged and released.
   */
  capCheck: boolean;
}

/** The vocabulary of a slot with the person's own views added after the shipped ones. */
export function slotViews(slot: Slot, custom: readonly CustomView[]): View[] {
  return [...slotVocabulary(slot).views, ...custom.filter((v) => v.slot === slot)];
}

export const DP_MEMVIEW: Mechanics = {
  vocabulary: (slot, store) => slotViews(slot, store.views),
  chargeSet: (read, attributes) => attributes.filter((a) => a.members.some((m) => read.includes(m))),
  select: (mechanism, utilities, bits, at) => selectionDraw(mechanism, utilities, at.base).sampleOutcome(bits),
  logPmf: (mechanism, utilities, base) => selectionDraw(mechanism, utilities, base).logPmf(),
  capCheck: true,
};

export interface TurnContext {
  store: MemoryFile;
  policy: MemViewPolicy;
  ledger: PrivacyLedger;
  bits: RandomBits;
  /** C_a per attribute id for the preallocated mode (e.g. from `plannedCharges`); else `planned`, else K. */
  planned?: ReadonlyMap<string, number>;
  mechanics?: Mechanics;
  observe?: (event: SelectionEvent) => void;
  /**
   * Released history: views this conversation's slots were already released with (charged selections).
   * A slot found here releases the same view again, free — a function of what was released only (C4).
   */
  released?: ReadonlyMap<Slot, { code: string; text: string }>;
}

/** ε of a charged selection for charge set Γ, in units (C4: caps and plan only). */
export function selectionEpsilon(charged: readonly ProtectedAttribute[], policy: MemViewPolicy, planned?: ReadonlyMap<string, number>): EpsilonUnits {
  const shares = charged.map((a) => {
    const parts = policy.mode === 'online' ? policy.k : (planned?.get(a.id) ?? a.planned ?? policy.k);
    return Math.floor(epsilonToUnits(a.cap) / parts);
  });
  return asEpsilonUnits(Math.min(...shares));
}

/** The slot's stated preference if the message asks for it (its topics), else undefined. */
function statedView(slot: Slot, store: MemoryFile, query: string, mechanics: Mechanics): View | undefined {
  const code = store.stated?.find((p) => p.slot === slot)?.code;
  if (code === undefined) return undefined;
  return candidateViews(mechanics.vocabulary(slot, store), query).find((v, i) => i > 0 && v.code === code);
}

/** Whether a slot reads its memories: only when there is something to choose and something to read. */
function readsMemory(candidates: readonly View[], read: readonly string[]): boolean {
  return candidates.length > 1 && read.length > 0;
}

export function memviewTurn(query: string, context: TurnContext): SlotRelease[] {
  const { store, policy, ledger, bits, observe } = context;
  const mechanics = context.mechanics ?? DP_MEMVIEW;
  const layout = layoutOf(store.memories);
  // Memories by id; a text is read only where a slot reads its memories.
  const byId = new Map(store.memories.map((m) => [m.id, m]));
  return activeSlots(query).map((slot): SlotRelease => {
    const views = policyCandidates(mechanics.vocabulary(slot, store), query, policy);
    const generic = views[0]!;
    const release = (kind: SlotReleaseKind, view: View, attributes: string[] = [], epsilonUnits = 0): SlotRelease => ({
      slot,
      view: { code: view.code, text: view.text },
      kind,
      attributes,
      epsilonUnits,
    });
    // The person's own stated preference, when the message asks for it: no memory is read (C3: the same
    // under every adjacent store, which differ in memory text only), nothing charged.
    const stated = statedView(slot, store, query, mechanics);
    if (stated) return release('stated', stated);
    const earlier = context.released?.get(slot);
    if (earlier) return { slot, view: { ...earlier }, kind: 'reused', attributes: [], epsilonUnits: 0 };
    const read = layout.get(slot)!;
    if (!readsMemory(views, read)) return release('generic', generic);
    const charged = mechanics.chargeSet(read, store.protected);
    if (charged.length === 0) {
      // No protected group meets R: the contents read are the same in every adjacent store.
      const utilities = scoreViews(
        query,
        views,
        read.map((id) => byId.get(id)!.text),
      ).map(utilityUnits);
      return release('unprotected', views[utilities.indexOf(Math.max(...utilities))]!);
    }
    const ids = charged.map((a) => a.id);
    const { mechanism, charges, cost } = memviewSelection({
      epsilonUnits: selectionEpsilon(charged, policy, context.planned),
      utilityDenominator: UTILITY_DENOMINATOR,
      sensitivity: UTILITY_SENSITIVITY,
      chargeKeys: ids.map(memoryLedgerKey),
    });
    if (mechanics.capCheck && !ledger.decide([charges])[0]!.fresh) return release('fallback', generic, ids);
    const utilities = scoreViews(
      query,
      views,
      read.map((id) => byId.get(id)!.text),
    ).map(utilityUnits);
    const codes = views.map((v) => v.code);
    const base = policy.variant === 'veil' ? genericBase(views.length, mechanism.denominator, veilRule(policy).genericWeight) : undefined;
    const chosen = mechanics.select(mechanism, utilities, bits, { slot, codes, ...(base ? { base } : {}) });
    if (observe) observe({ slot, codes, logPmf: mechanics.logPmf(mechanism, utilities, base), chosen });
    // Charged before it is returned; `charge` refuses (throws) rather than pass a cap.
    ledger.charge(charges);
    return release('selected', views[chosen]!, ids, cost);
  });
}

/**
 * A ledger state with every protected attribute's cap B_a set from its definition (spend kept), so the
 * ledger that decides and charges uses exactly the caps ε was computed from.
 */
export function withMemoryCaps(state: LedgerState, attributes: readonly ProtectedAttribute[]): LedgerState {
  const next = structuredClone(state);
  for (const a of attributes) {
    const key = memoryLedgerKey(a.id);
    next.attributes[key] = { spent: next.attributes[key]?.spent ?? 0, cap: epsilonToUnits(a.cap) };
  }
  return next;
}

/**
 * C_a for the preallocated mode when the queries are known in advance: for each attribute, how many of
 * the planned (turn, slot) selections would read its group. Public: messages, layout and groups only.
 */
export function plannedCharges(queries: readonly string[], store: MemoryFile): Map<string, number> {
  const layout = layoutOf(store.memories);
  const counts = new Map(store.protected.map((a) => [a.id, 0]));
  for (const query of queries) {
    for (const slot of activeSlots(query)) {
      if (statedView(slot, store, query, DP_MEMVIEW)) continue;
      const read = layout.get(slot)!;
      if (!readsMemory(candidateViews(slotViews(slot, store.views), query), read)) continue;
      for (const a of DP_MEMVIEW.chargeSet(read, store.protected)) counts.set(a.id, counts.get(a.id)! + 1);
    }
  }
  for (const [id, n] of counts) counts.set(id, Math.max(1, n));
  return counts;
}
