/**
 * `npm run bench`: release timings of a 10-attribute profile (5 withheld) with DP-SLOT and DP-BLOCK at
 * ε = 8 and ε = 8192, on this machine, with the bundled offline model.
 *
 * Columns (median / p99 over the runs, after warm-up):
 * - plan:   public planning alone (closure, grouping, allocation, compatibility prior)
 * - sample: the fast half of a release (ledger decision, exact sampling of every block, charging,
 *           rendering) on prepared scores — what runs inside the store's transaction
 * - draw:   the exact sampling of every block alone
 * - whole:  the whole release: planning, embedding + scoring every privatized value with the bundled
 *           model, log-weights, sampling, charging and rendering, with crypto.getRandomValues
 * Plus the sampler's extremes: one draw over 18 candidates and over the 1,210-cell professional block.
 *
 * Aim (issue 4): plan + sample under 1 ms; whole release under 20 ms.
 * Then CROSS-MAP's offline mapper (detect + map, a fresh codebook each) over eval/crossmap.jsonl and the
 * recoverer on a long answer.
 */
import { readFileSync } from 'node:fs';
import { epsilonToUnits } from '../src/core/epsilon';
import { parseProfile, type Profile } from '../src/core/profile';
import type { Mechanism } from '../src/core/choices';
import { candidateDomain } from '../src/domains/index';
import { ENCODER_MODEL_ID } from '../src/embedding/bundled';
import { loadBundledEncoder, loadBundledScorer } from '../src/embedding/node';
import { relevantKeys } from '../src/planning/relevance';
import { RandomBits } from '../src/dp/exact/bits';
import { resolveFieldTopics } from '../src/planning/field-topics';
import { planRelease } from '../src/planning/plan';
import { publicView } from '../src/planning/public-view';
import { cryptoRandomSource } from '../src/dp/exact/random';
import { sampleExponential } from '../src/dp/exponential/sampler';
import { PrivacyLedger } from '../src/ledger/ledger';
import { prepareRelease } from '../src/release/prepare';
import { releaseProfile } from '../src/release/release';
import { sampleReleaseKey } from '../src/release/sample';
import { createOfflineMapper, newCodebook, protect, protectMessage, recover } from '../src/crossmap';
import { loadNodeTagger } from '../src/crossmap/tagger/node';
import { SLOTS, type Slot } from '../src/memview/slots';
import { memviewTurn, withMemoryCaps } from '../src/memview/turn';
import type { MemoryFile } from '../src/memview/types';

const profile: Profile = parseProfile(JSON.parse(readFileSync(new URL('../test/fixtures/profiles/ten-attributes.json', import.meta.url), 'utf8')));

interface Stat {
  median: number;
  p99: number;
}

async function time(runs: number, warmup: number, fn: () => unknown): Promise<Stat> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(runs / 2)]!, p99: samples[Math.min(runs - 1, Math.floor(runs * 0.99))]! };
}

const fmt = (ms: number) => (ms < 1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(2)} ms`);
const cell = (s: Stat) => `${fmt(s.median)} / ${fmt(s.p99)}`.padEnd(22);

async function main(): Promise<void> {
  const loadStart = performance.now();
  const scorer = await loadBundledScorer();
  const loadMs = performance.now() - loadStart;
  const bits = new RandomBits(cryptoRandomSource());
  const view = publicView(profile);
  const withheld = profile.attributes.filter((a) => a.sharing === 'withheld').length;

  console.log(`Veil release benchmark — ${profile.attributes.length} attributes, ${withheld} withheld; bundled model loaded in ${fmt(loadMs)}`);
  console.log(`node ${process.version}; times are median / p99\n`);
  console.log(
    `${'mechanism'.padEnd(10)}${'ε'.padEnd(7)}${'plan'.padEnd(22)}${'sample (fast half)'.padEnd(22)}${'draw'.padEnd(22)}${'whole release'.padEnd(22)}blocks (cells)`,
  );
  for (const mechanism of ['slot', 'block'] as Mechanism[]) {
    for (const epsilon of [8, 8192]) {
      const epsilonUnits = epsilonToUnits(epsilon);
      const topics = await resolveFieldTopics([...new Set(view.map((a) => a.field))], scorer.embedder);
      const plan = await time(2000, 200, () => planRelease(view, { mechanism, epsilonUnits, domainOf: candidateDomain, topics }));
      const prepared = await prepareRelease(profile, { mechanism, epsilonUnits, scorer, embedder: scorer.embedder });
      const ledger = () => PrivacyLedger.create({ attributeCap: epsilonToUnits(1e6), totalCap: epsilonToUnits(1e7) });
      const fast = await time(2000, 200, () => releaseProfile(prepared, { random: bits, format: 'structured', ledger: ledger() }));
      const draw = await time(2000, 200, () => sampleReleaseKey(prepared, bits));
      const whole = await time(200, 20, async () => {
        const p = await prepareRelease(profile, { mechanism, epsilonUnits, scorer, embedder: scorer.embedder });
        return releaseProfile(p, { random: bits, format: 'structured', ledger: ledger() });
      });
      const blocks = prepared.plan.blocks.map((b) => b.sizes.reduce((x, y) => x * y, 1)).join('+');
      console.log(`${mechanism.padEnd(10)}${String(epsilon).padEnd(7)}${cell(plan)}${cell(fast)}${cell(draw)}${cell(whole)}${blocks}`);
    }
  }

  console.log('\nExact sampler alone (one draw):');
  for (const epsilon of [8, 8192]) {
    const scores18 = Array.from({ length: 18 }, (_, i) => Math.round((((i * 7) % 18) / 17) * 65536));
    const w18 = scores18.map((k) => epsilonToUnits(epsilon) * k);
    const s18 = await time(20000, 2000, () => sampleExponential(w18, bits));
    // The professional block: 1,210 cells, ε split over 3 withheld fields, with the prior.
    const p = await prepareRelease(
      {
        version: 1,
        attributes: [
          { entity: 'self', field: 'occupation', value: 'Pediatric nurse', sharing: 'withheld' },
          { entity: 'self', field: 'work', value: 'Nurse at a children hospital', sharing: 'withheld' },
          { entity: 'self', field: 'education', value: 'Bachelor of Science in Nursing', sharing: 'withheld' },
        ],
      },
      { mechanism: 'block', epsilonUnits: epsilonToUnits(epsilon), scorer },
    );
    const draw = p.draws[0]!;
    const sBig = await time(5000, 500, () => draw.sampleOutcome(bits));
    console.log(`  ε = ${String(epsilon).padEnd(5)} 18 candidates: ${cell(s18)} 1,210-cell block: ${cell(sBig)}`);
  }

  // CROSS-MAP (issue 10): the offline mapper and the recoverer on the labelled prompts, each its own conversation.
  const prompts = readFileSync(new URL('../eval/crossmap.jsonl', import.meta.url), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { text: string }).text);
  const random = cryptoRandomSource();
  const mapper = createOfflineMapper(random);
  // The message tagger (issue 31), on onnxruntime-node: load, then one message read (features, model, spans).
  const taggerStart = performance.now();
  const tagger = await loadNodeTagger();
  const taggerLoadMs = performance.now() - taggerStart;
  const taggings = new Map<string, Awaited<ReturnType<typeof tagger.tag>>>();
  const tagOf = async (text: string) => taggings.get(text) ?? taggings.set(text, await tagger.tag(text)).get(text)!;
  const firstMap = await time(1, 0, async () => mapper.map(prompts[0]!, { codebook: newCodebook(random), tagging: await tagOf(prompts[0]!) }));
  for (const p of prompts) await tagOf(p);
  let k = 0;
  const mapped = await time(2000, 200, () =>
    mapper.map(prompts[k % prompts.length]!, { codebook: newCodebook(random), tagging: taggings.get(prompts[k++ % prompts.length]!)! }),
  );
  const outcome = await mapper.map(prompts[0]!, { codebook: newCodebook(random), tagging: taggings.get(prompts[0]!)! });
  const answer = `${outcome.result.mapped} ${outcome.result.dictionary.map((d) => `${d.substitute}'s ${d.substitute.toUpperCase()}`).join(' ')}`.repeat(10);
  const recovered = await time(2000, 200, () => recover(answer, outcome.result.dictionary));
  console.log(
    `\nCROSS-MAP (offline), ${prompts.length} labelled prompts: first map (word lists loaded) ${fmt(firstMap.median)}; map ${cell(mapped)}recover a ${answer.length}-character answer ${cell(recovered)}`,
  );

  // Message protection (issue 18): what every reviewed send runs on the typed message — detect, then
  // replace identifiers and generalize special categories — on the sensitive dev prompts, each its own conversation.
  const sensitive = readFileSync(new URL('../eval/protect.jsonl', import.meta.url), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { text: string }).text);
  let t = 0;
  const tagged = await time(500, 50, () => tagger.tag(sensitive[t++ % sensitive.length]!));
  for (const p of sensitive) await tagOf(p);
  let j = 0;
  const protectedOnce = await time(2000, 200, () =>
    protectMessage(sensitive[j % sensitive.length]!, { codebook: newCodebook(random), random, tagging: taggings.get(sensitive[j++ % sensitive.length]!)! }),
  );
  console.log(`message tagger (Node, onnxruntime-node): load ${fmt(taggerLoadMs)}; a message tagged ${cell(tagged)}`);
  console.log(`message protection (protectMessage, tagging read ahead), ${sensitive.length} sensitive prompts: ${cell(protectedOnce)}`);
  // Long messages (issue 29): a pasted letter repeated to 100,000 characters, protected in pieces of 4,000 with a
  // pause between them (protectLong); the longest stretch without a pause is how long the background cannot
  // answer another tab.
  const letter = sensitive.join('\n');
  const sizes = [1_000, 5_000, 10_000, 20_000, 50_000, 100_000];
  const longRows: string[] = [];
  for (const size of sizes) {
    const text = letter.repeat(Math.ceil(size / letter.length)).slice(0, size);
    let longest = 0;
    let since = performance.now();
    const started = performance.now();
    await protect(text, { codebook: newCodebook(random), random, tag: tagger.tag }, async () => {
      longest = Math.max(longest, performance.now() - since);
      await new Promise((resolve) => setTimeout(resolve, 0));
      since = performance.now();
    });
    longest = Math.max(longest, performance.now() - since);
    longRows.push(`${(size / 1000).toFixed(0)}k chars ${fmt(performance.now() - started)} (longest stretch ${fmt(longest)})`);
  }
  console.log(`long messages (protect: tagged and protected, one run each): ${longRows.join('; ')}`);

  // The sentence encoder (issue 20): load, and one message encoded and planned (the relevance rule), in Node (ONNX Runtime wasm).
  const encoderStart = performance.now();
  const encoder = await loadBundledEncoder();
  const encoderLoadMs = performance.now() - encoderStart;
  let e = 0;
  const encoded = await time(300, 20, () => encoder.embed([sensitive[e++ % sensitive.length]!]));
  let r = 0;
  const planned = await time(300, 20, async () => {
    const message = sensitive[r++ % sensitive.length]!;
    return relevantKeys(view, message, (await encoder.embed([message]))[0]);
  });
  console.log(
    `sentence encoder (${ENCODER_MODEL_ID}): load ${fmt(encoderLoadMs)}; a message encoded ${cell(encoded)}encoded and planned (relevance) ${cell(planned)}`,
  );
  await encoder.dispose();

  // DP-MemView (issue 11): one send's views — route, score, select and charge every active slot — for a
  // 24-memory store (3 per slot, 4 protected attributes) and for the largest store Veil accepts (500).
  const templates = JSON.parse(readFileSync(new URL('../eval/memview/templates.json', import.meta.url), 'utf8')) as {
    background: Record<Slot, string[]>;
    queries: Record<string, { target: string[]; neutral: string[] }>;
  };
  const queries = Object.values(templates.queries).flatMap((q) => [...q.target, ...q.neutral]);
  const storeOf = (perSlot: number): MemoryFile => {
    const memories = SLOTS.flatMap((slot) =>
      Array.from({ length: perSlot }, (_, i) => ({ id: `${slot}-${i}`, slot, text: templates.background[slot][i % templates.background[slot].length]! })),
    );
    const protectedAttributes = ['a', 'b', 'c', 'd'].map((id, j) => ({
      id,
      name: id,
      cap: 1e3,
      members: memories.filter((_, i) => i % 4 === j).map((m) => m.id),
    }));
    return { memories, protected: protectedAttributes, views: [] };
  };
  const viewBits = new RandomBits(random);
  for (const [label, store] of [
    ['24 memories', storeOf(3)],
    ['500 memories', storeOf(62)],
  ] as const) {
    const ledger = PrivacyLedger.fromState(
      withMemoryCaps({ version: 1, attributeCap: 0, total: { spent: 0, cap: epsilonToUnits(1e9) }, attributes: {} }, store.protected),
    );
    let q = 0;
    const turn = await time(2000, 200, () =>
      memviewTurn(queries[q++ % queries.length]!, { store, policy: { mode: 'online', k: 3, variant: 'veil' }, ledger, bits: viewBits }),
    );
    console.log(`${label === '24 memories' ? '\n' : ''}DP-MemView, one send's views (${queries.length} messages, ${label}): ${cell(turn)}`);
  }

  // Memory of the whole process after all of the above (Node, tsx, ONNX Runtime, model and candidates).
  const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  console.log(`\nMemory: rss ${mb(rss)}, JS heap ${mb(heapUsed)}, external ${mb(external)} (array buffers ${mb(arrayBuffers)})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
