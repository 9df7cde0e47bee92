/**
 * How well the public relevance rule (src/planning/relevance.ts) picks the withheld facts a message needs, on
 * eval/relevance.jsonl (`{"message", "needed": [fields]}` per line, labelled by hand: the fields whose
 * value would change a good answer). Every known field is withheld in the profile each message is run on.
 *
 *   npm run eval:relevance [-- --set eval/relevance.jsonl --misses --rule encoder|cues]
 *
 * `--rule encoder` (default, the extension's): the relevance classifier on the message's vector by the
 * bundled sentence encoder; `--rule cues`: the cue words alone (the rule before the encoder).
 * - carried when needed (recall): a needed fact left out makes the answer generic, never wrong;
 * - carried when not needed: each costs a share of ε the needed facts could have had;
 * - messages where every needed fact was carried, and messages that carried exactly what they needed.
 * Exit code 0 either way: this is a measurement, not a test.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parseJsonLines } from '../src/cli/args';
import { KNOWN_FIELDS, isKnownField } from '../src/core/profile';
import type { PublicAttribute } from '../src/planning/public-view';
import { relevantKeys } from '../src/planning/relevance';
import { RELEVANCE_CLASSIFIER } from '../src/planning/relevance-classifier';
import { ENCODER_MODEL_ID } from '../src/embedding/bundled';
import { loadBundledEncoder } from '../src/embedding/node';

interface Item {
  message: string;
  needed: string[];
}

export function readRelevanceSet(path: string): Item[] {
  return parseJsonLines(readFileSync(path, 'utf8'), path).map(({ line, value }) => {
    const item = value as Item;
    if (typeof item.message !== 'string' || !Array.isArray(item.needed) || !item.needed.every(isKnownField)) throw new Error(`${path}:${line}: bad line`);
    return item;
  });
}

const VIEW: PublicAttribute[] = KNOWN_FIELDS.map((field, index) => ({ index, entity: 'self', field, sharing: 'withheld' }));

export function measureRelevance(items: readonly Item[], vectors?: readonly Float32Array[]) {
  const perField = Object.fromEntries(KNOWN_FIELDS.map((f) => [f, { needed: 0, carried: 0, extra: 0 }]));
  let allCarried = 0;
  let exact = 0;
  let carriedTotal = 0;
  let neededTotal = 0;
  let extraTotal = 0;
  const misses: string[] = [];
  for (const [i, { message, needed }] of items.entries()) {
    const carried = new Set([...relevantKeys(VIEW, message, vectors?.[i])].map((k) => k.slice('self.'.length)));
    const left = needed.filter((f) => !carried.has(f));
    const extra = [...carried].filter((f) => !needed.includes(f));
    for (const f of needed) {
      perField[f]!.needed++;
      if (carried.has(f)) perField[f]!.carried++;
    }
    for (const f of extra) perField[f]!.extra++;
    if (left.length === 0) allCarried++;
    if (left.length === 0 && extra.length === 0) exact++;
    carriedTotal += carried.size;
    neededTotal += needed.length;
    extraTotal += extra.length;
    if (left.length || extra.length) misses.push(`${JSON.stringify(message)}: left out ${left.join(', ') || '-'}; extra ${extra.join(', ') || '-'}`);
  }
  return {
    messages: items.length,
    recall: Object.values(perField).reduce((s, f) => s + f.carried, 0) / neededTotal,
    allCarried: allCarried / items.length,
    exact: exact / items.length,
    carriedPerMessage: carriedTotal / items.length,
    neededPerMessage: neededTotal / items.length,
    extraPerMessage: extraTotal / items.length,
    perField,
    misses,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      set: { type: 'string', default: 'eval/relevance.jsonl' },
      misses: { type: 'boolean', default: false },
      rule: { type: 'string', default: 'encoder' },
    },
  });
  if (values.rule !== 'encoder' && values.rule !== 'cues') throw new Error('--rule is encoder or cues');
  const items = readRelevanceSet(resolve(values.set!));
  let vectors: Float32Array[] | undefined;
  if (values.rule === 'encoder') {
    const encoder = await loadBundledEncoder();
    vectors = await encoder.embed(items.map((i) => i.message));
    await encoder.dispose();
  }
  const r = measureRelevance(items, vectors);
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  console.log(`${values.set}: ${r.messages} messages, all ${KNOWN_FIELDS.length} known fields withheld`);
  console.log(
    `rule: ${values.rule === 'encoder' ? `the relevance classifier on ${ENCODER_MODEL_ID} vectors (threshold ${RELEVANCE_CLASSIFIER.threshold})` : 'cue words only'}`,
  );
  console.log(
    `needed facts carried: ${pct(r.recall)}; messages with every needed fact carried: ${pct(r.allCarried)}; carried exactly what was needed: ${pct(r.exact)}`,
  );
  console.log(
    `facts per message: needed ${r.neededPerMessage.toFixed(2)}, carried ${r.carriedPerMessage.toFixed(2)}, carried but not needed ${r.extraPerMessage.toFixed(2)}\n`,
  );
  console.log('| field | needed | carried when needed | carried when not needed |\n|---|---|---|---|');
  for (const [field, f] of Object.entries(r.perField)) console.log(`| ${field} | ${f.needed} | ${f.needed ? pct(f.carried / f.needed) : '-'} | ${f.extra} |`);
  if (values.misses) console.log(`\n${r.misses.join('\n')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
