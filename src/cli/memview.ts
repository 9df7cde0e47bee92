/**
 * `veil memview --store FILE --queries FILE --mode online|pre [--K N] [--seed N]` (issue 11): DP-MemView
 * over a query sequence; one JSON line per turn with the views released, what each charged, the fallbacks
 * and every protected attribute's ledger after the turn.
 */
import { z } from 'zod';
import { epsilonToUnits, unitsToEpsilon } from '../core/epsilon';
import { RandomBits } from '../dp/exact/bits';
import { memoryLedgerKey } from '../ledger/keys';
import { PrivacyLedger } from '../ledger/ledger';
import { answerPreferences } from '../memview/render';
import { MEMVIEW_MODES, MEMVIEW_VARIANTS, memviewTurn, plannedCharges, withMemoryCaps } from '../memview/turn';
import { MemoryError, parseMemoryFile } from '../memview/types';
import { DEFAULT_SETTINGS } from '../settings/settings';
import { choice, CliError, integer, parseJsonFile, parseJsonLines, readText, required, wrongFileHint } from './args';
import { randomSourceOf } from './release';

export const OPTIONS = ['store', 'queries', 'mode', 'K', 'variant', 'seed'] as const;
export const HELP = [
  'veil memview --store FILE --queries FILE.jsonl --mode online|pre [--K N] [--variant veil|paper] [--seed N]',
  '  DP-MemView: for each query (a JSON string or { "query": … } per line), the views its slots release, in order.',
  '  --store is a memory file: { "memories": [{ id, slot, text }], "protected": [{ id, name, cap, members }], "views": [] }.',
  '  --mode online: each charged selection costs min B_a/K of the attributes it reads (K default 2, as the extension);',
  "  --mode pre: min B_a/C_a, C_a being how many selections of this query sequence read a's group.",
  '  Out, one line per turn: { turn, query, views: [{ slot, code, text, kind, charged }], added, ledgers }.',
  "  --variant veil (default, as the extension): Veil's rule, at most 2 views per slot besides the generic one, those the",
  '  message names most (a tie broken by the message), and a public weight 8·(n − 1) on the generic view ("nothing added"',
  "  8 times as likely as all others together when the memories support nothing); paper: the paper's Pr[v] ∝",
  '  exp(ε u / 2Δu) over every view the message asks for, exactly. Same guarantee.',
  '  "stated" in the store: [{ slot, code }], preferences the person states outright: sent as theirs, free.',
  '  kind: selected (charged), fallback (a cap would pass: generic view, free), generic (nothing to choose),',
  '  unprotected (the memories read are in no protected group: best view, outside the guarantee), stated (the',
  "  person's own stated preference, no memory read, free). ε in the",
  '  output is a number; every charge is an exact multiple of 2^-20. No total cap applies here.',
].join('\n');

const Query = z.union([z.string(), z.strictObject({ query: z.string() })]);

export async function run(args: Map<string, string>, out: (line: string) => void): Promise<void> {
  const storePath = required(args, 'store');
  const queriesPath = required(args, 'queries');
  const mode = choice(args, 'mode', MEMVIEW_MODES);
  const k = integer(args, 'K', DEFAULT_SETTINGS.memoryK, { min: 1, max: 1000 })!;
  const variant = choice(args, 'variant', MEMVIEW_VARIANTS, 'veil');
  const value = parseJsonFile(await readText(storePath), storePath);
  let store;
  try {
    store = parseMemoryFile(value);
  } catch (error) {
    if (!(error instanceof MemoryError)) throw error;
    const profile = value !== null && typeof value === 'object' && 'attributes' in value && !('memories' in value);
    const hint = profile
      ? ` (this looks like a profile file; --store takes a memory file { "memories": [...], "protected": [...] }${'memory' in value ? ', the file\'s "memory" part' : ''})`
      : '';
    throw new CliError(`${storePath}: ${error.message}${hint}`);
  }
  const lines = parseJsonLines(await readText(queriesPath), queriesPath, '--queries');
  if (lines.length === 0) throw new CliError(`${queriesPath} is empty: no queries`);
  const queries = lines.map(({ line, value }) => {
    const parsed = Query.safeParse(value);
    if (!parsed.success) throw new CliError(`${queriesPath}:${line}: expected a string or { "query": string }${wrongFileHint(value)}`);
    return typeof parsed.data === 'string' ? parsed.data : parsed.data.query;
  });
  const ledger = PrivacyLedger.fromState(
    withMemoryCaps({ version: 1, attributeCap: 0, total: { spent: 0, cap: epsilonToUnits(2 ** 30) }, attributes: {} }, store.protected),
  );
  const bits = new RandomBits(randomSourceOf(args));
  const planned = mode === 'pre' ? plannedCharges(queries, store) : undefined;
  queries.forEach((query, i) => {
    const views = memviewTurn(query, { store, policy: { mode, k, variant }, ledger, bits, ...(planned ? { planned } : {}) });
    out(
      JSON.stringify({
        turn: i + 1,
        query,
        views: views.map((v) => ({
          slot: v.slot,
          code: v.view.code,
          text: v.view.text,
          kind: v.kind,
          charged: Object.fromEntries(v.attributes.map((a) => [a, v.kind === 'selected' ? unitsToEpsilon(v.epsilonUnits) : 0])),
        })),
        added: answerPreferences(views),
        ledgers: Object.fromEntries(store.protected.map((a) => [a.id, { spent: unitsToEpsilon(ledger.spent(memoryLedgerKey(a.id))), cap: a.cap }])),
      }),
    );
  });
}
