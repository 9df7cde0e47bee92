/**
 * Exact transcript probabilities, for the neighbour audits (tests) and the evaluation's likelihood-ratio
 * auditor: run a query sequence, and compute log Pr[transcript | store] by replaying the same released
 * views under any store. Every slot release but an admitted selection is a deterministic function of the
 * released prefix, so a transcript's probability is the product of its selections' exact probabilities
 * (0 when the replay would release something else, or a view is not even a candidate).
 *
 * ```ts
 * const t = runTranscript(queries, { store: m, policy, ledger: () => fresh(m), bits });
 * transcriptLogProbability(queries, t, { store: m2, policy, ledger: () => fresh(m2) }); // log Pr[t | M′]
 * ```
 */
import type { RandomBits } from '../dp/exact/bits';
import type { PrivacyLedger } from '../ledger/ledger';
import { DP_MEMVIEW, memviewTurn, type Mechanics, type MemViewPolicy, type SlotRelease } from './turn';
import type { MemoryFile } from './types';

export type Transcript = SlotRelease[][];

export interface RunOptions {
  store: MemoryFile;
  policy: MemViewPolicy;
  /** A new ledger for this run (the same initial state for both stores). */
  ledger: () => PrivacyLedger;
  planned?: ReadonlyMap<string, number>;
  mechanics?: Mechanics;
}

export function runTranscript(queries: readonly string[], options: RunOptions & { bits: RandomBits }): Transcript {
  const ledger = options.ledger();
  return queries.map((query) => memviewTurn(query, { ...options, ledger }));
}

/** A release as an observer sees it: the view and the control (kind), per slot. */
function observed(turn: readonly SlotRelease[]): string {
  return turn.map((r) => `${r.slot}:${r.view.code}:${r.kind}`).join('|');
}

/** log Pr[transcript | store] exactly (natural log; −Infinity when impossible). */
export function transcriptLogProbability(queries: readonly string[], transcript: Transcript, options: RunOptions): number {
  const ledger = options.ledger();
  const mechanics = options.mechanics ?? DP_MEMVIEW;
  let logP = 0;
  const noBits = null as unknown as RandomBits; // the forced selection draws nothing
  for (let t = 0; t < queries.length; t++) {
    const wanted = new Map(transcript[t]!.map((r) => [r.slot, r.view.code]));
    const forced: Mechanics = {
      ...mechanics,
      select: (mechanism, utilities, _bits, at) => {
        const index = at.codes.indexOf(wanted.get(at.slot) ?? '');
        logP += index < 0 ? -Infinity : mechanics.logPmf(mechanism, utilities, at.base)[index]!;
        return Math.max(0, index);
      },
    };
    const replayed = memviewTurn(queries[t]!, {
      store: options.store,
      policy: options.policy,
      ledger,
      bits: noBits,
      mechanics: forced,
      ...(options.planned ? { planned: options.planned } : {}),
    });
    if (logP === -Infinity || observed(replayed) !== observed(transcript[t]!)) return -Infinity;
  }
  return logP;
}

/**
 * Every transcript a run can release, with its exact log-probability (small cases: the tree of
 * selections is walked in full). Used to find the largest privacy-loss ratio exactly.
 */
export function enumerateTranscripts(queries: readonly string[], options: RunOptions, limit = 200_000): { transcript: Transcript; logP: number }[] {
  const mechanics = options.mechanics ?? DP_MEMVIEW;
  const out: { transcript: Transcript; logP: number }[] = [];
  const noBits = null as unknown as RandomBits;
  // Depth-first over choice sequences: `prefix` fixes the first choices, later ones start at 0.
  const stack: number[][] = [[]];
  while (stack.length > 0) {
    const prefix = stack.pop()!;
    const choices: number[] = [];
    const widths: number[] = [];
    let logP = 0;
    const walker: Mechanics = {
      ...mechanics,
      select: (mechanism, utilities, _bits, at) => {
        const pmf = mechanics.logPmf(mechanism, utilities, at.base);
        const step = choices.length;
        const choice = step < prefix.length ? prefix[step]! : 0;
        choices.push(choice);
        widths.push(pmf.length);
        logP += pmf[choice]!;
        return choice;
      },
    };
    const ledger = options.ledger();
    const transcript = queries.map((q) =>
      memviewTurn(q, {
        store: options.store,
        policy: options.policy,
        ledger,
        bits: noBits,
        mechanics: walker,
        ...(options.planned ? { planned: options.planned } : {}),
      }),
    );
    if (logP > -Infinity) out.push({ transcript, logP });
    if (out.length > limit) throw new RangeError(`more than ${limit} transcripts`);
    for (let step = choices.length - 1; step >= prefix.length; step--) {
      for (let c = widths[step]! - 1; c > choices[step]!; c--) stack.push([...choices.slice(0, step), c]);
    }
  }
  return out;
}

/**
 * The largest |log Pr[t | A] − log Pr[t | B]| over every transcript either store can release (exact,
 * by enumeration; Infinity when some transcript is possible under one store only).
 */
export function maxPrivacyLoss(queries: readonly string[], a: RunOptions, b: RunOptions): number {
  let worst = 0;
  for (const [x, y] of [
    [a, b],
    [b, a],
  ] as const) {
    for (const { transcript, logP } of enumerateTranscripts(queries, x)) {
      worst = Math.max(worst, Math.abs(logP - transcriptLogProbability(queries, transcript, y)));
    }
  }
  return worst;
}
