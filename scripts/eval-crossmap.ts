/**
 * How well the offline CROSS-MAP mapper hides a prompt and how exactly the answer comes back, on the
 * labelled prompts of eval/crossmap.jsonl (`{"category", "text", "spans": [{start, end, text, kind}]}`):
 *
 *   npm run eval:crossmap [-- --set eval/crossmap-holdout.jsonl --mode protect|crossmap --svg FILE --misses --json --peers]
 *
 * `--mode protect` (the default) measures what a person gets from a reviewed send: protectMessage with its
 * defaults (identifiers replaced, special categories generalized); `--mode crossmap` the themed mapping of
 * every span (the compose box's explicit choice).
 *
 * - detection recall (a labelled span is found when detected spans cover all of it) and precision (a
 *   detected span overlaps a labelled one), overall and per kind;
 * - sensitive-span retention: labelled spans whose text is still in the mapped text y (the aim is 0);
 * - dictionary coverage c_dict (share of x's word tokens inside a dictionary span) and text distance
 *   d_text = 1 − mean over sentences of cos(E(x_j), E(y_j)) with the bundled embedding model, as the paper
 *   defines them (../shared/papers/cross-map.md §5.1);
 * - recovery: a simulated answer that reuses every substitute (inside a sentence, opening one, possessive,
 *   plural, upper case) is recovered and compared with the same answer written with the originals;
 * - substitute coherence: of the labelled person spans with a `gender` and the age spans with a `stage`, the
 *   share whose substitute keeps it (a replaced name from the same gender's list; an age in the same life
 *   stage), among those that were replaced;
 * - time per prompt (detect + map), mean and median.
 * Each prompt is its own conversation (a fresh codebook), seeded so the run repeats. Exit code 0 either way.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createOfflineMapper, newCodebook, protect, recover, type DictionaryEntry, type Span } from '../src/crossmap';
import { loadNodeTagger } from '../src/crossmap/tagger/node';
import { lexiconList } from '../src/crossmap/word-lists';
import { lifeStage, wordsNumber } from '../src/crossmap/numbers';
import { parseJsonLines } from '../src/cli/args';
import { wordPattern } from '../src/crossmap/recover';
import { SPAN_KINDS } from '../src/crossmap/types';
import { seededRandomSource } from '../src/dp/exact/random';
import { loadBundledScorer } from '../src/embedding/node';
import { formatPeerFigures, peerBaselines } from './eval-peers';

interface Labelled extends Span {
  readonly gender?: 'female' | 'male';
  readonly stage?: 'child' | 'teen' | 'adult' | 'senior';
}
interface Item {
  category: string;
  text: string;
  spans: Labelled[];
}

/** One prompt through the chosen mode: the spans found, the text sent, the pairs, and each span's substitute. */
interface Run {
  readonly spans: readonly Span[];
  readonly y: string;
  readonly dictionary: readonly DictionaryEntry[];
  readonly substitutes: readonly { readonly start: number; readonly end: number; readonly substitute: string }[];
}

const tagger = loadNodeTagger();

async function runOne(mode: string, text: string, seed: number): Promise<Run> {
  const random = seededRandomSource(seed);
  const { tag } = await tagger;
  if (mode === 'protect') {
    const sent = await protect(text, { codebook: newCodebook(random), random, tag }, async () => undefined);
    return { spans: sent.marks, y: sent.text, dictionary: sent.dictionary, substitutes: sent.marks.filter((m) => m.treatment === 'replace') };
  }
  const { result, spans } = await createOfflineMapper(random).map(text, { codebook: newCodebook(random), tagging: await tag(text) });
  return {
    spans,
    y: result.mapped,
    dictionary: result.dictionary,
    substitutes: spans.map((s, i) => ({ start: s.start, end: s.end, substitute: result.replaced[i]!.text })),
  };
}

const female = new Set(lexiconList('substitute-given-female'));
const male = new Set(lexiconList('substitute-given-male'));

/** Whether a substitute keeps the labelled gender or life stage; undefined when the label has neither. */
function coherent(label: Labelled, substitute: string, before: string): boolean | undefined {
  if (label.kind === 'person' && label.gender) {
    const names = substitute
      .replace(/['’]s$/, '')
      .replace(/^(?:Dr|Mr|Mrs|Ms|Miss|Mx|Prof)\.?\s+/i, '')
      .split(/\s+/);
    // After a title a family name carries no gender: the title stays, so does the gender.
    if (/^(?:Mr|Mrs|Ms|Miss)\b/i.test(substitute) || /\b(?:Mr|Mrs|Ms|Miss)\.?\s+$/i.test(before) || !names[0]) return true;
    return (label.gender === 'female' ? female : male).has(names[0]);
  }
  if (label.kind === 'age' && label.stage) {
    const digits = /\d+/.exec(substitute);
    const decade = /^(?:(?:early|mid|late)[- ]?)?(\d)0['’]?s$/i.exec(substitute);
    const n = decade
      ? Number(decade[1]) * 10 + 5
      : digits
        ? Number(digits[0])
        : wordsNumber(substitute.split(/[\s-]+(?:years?|months?)/)[0]!.replace(/(?:ieth|th)$/, (m) => (m === 'ieth' ? 'y' : '')));
    if (n === undefined) return false;
    return lifeStage(/months?|weeks?/.test(substitute) ? 0 : n) === label.stage;
  }
  return undefined;
}

export function readCrossmapSet(path: string): Item[] {
  return parseJsonLines(readFileSync(path, 'utf8'), path).map(({ line, value }) => {
    const item = value as Item;
    for (const s of item.spans) {
      if (item.text.slice(s.start, s.end) !== s.text || !SPAN_KINDS.includes(s.kind)) throw new Error(`${path}:${line}: bad span ${JSON.stringify(s)}`);
    }
    return item;
  });
}

const sentences = (t: string) => t.split(/(?<=[.!?])\s+/).filter((s) => s.trim());
const wordTokens = (t: string) => [...t.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => [m.index!, m.index! + m[0].length] as const);
const cosine = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);
const retained = (span: string, y: string) => wordPattern(span).test(y);

/** A simulated answer about the substitutes, and the same answer about the originals. */
function simulatedAnswer(pairs: readonly { original: string; substitute: string; kind: string }[]): [string, string] {
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  const forms = [
    (s: string) => `You mentioned ${s}, which matters here.`,
    (s: string) => `${cap(s)} is the first thing to plan around.`,
    (s: string) => `Keep ${s} in mind when you reply.`,
    (s: string) => `NOTE: ${s.toUpperCase()} COMES FIRST.`,
  ];
  const person = (s: string) => `${s}'s situation deserves care.`;
  let answer = '';
  let expected = '';
  pairs.forEach((p, i) => {
    const form = p.kind === 'person' && i % 2 === 0 ? person : forms[i % forms.length]!;
    answer += `${form(p.substitute)} `;
    expected += `${form(p.original)} `;
  });
  return [answer.trim(), expected.trim()];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      set: { type: 'string', default: 'eval/crossmap.jsonl' },
      mode: { type: 'string', default: 'protect' },
      svg: { type: 'string' },
      misses: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      peers: { type: 'boolean', default: false },
    },
  });
  const items = readCrossmapSet(resolve(values.set!));
  if (values.mode !== 'protect' && values.mode !== 'crossmap') throw new Error(`--mode protect|crossmap, not ${values.mode}`);
  let assessed = 0,
    coherentCount = 0;
  const times: number[] = [];
  const { embedder } = await loadBundledScorer();
  const perKind = new Map<string, { labelled: number; found: number; retained: number }>();
  const perCategory = new Map<string, { spans: number; retained: number; restored: number; pairs: number }>();
  let labelled = 0,
    found = 0,
    detected = 0,
    correct = 0,
    kept = 0,
    detectedKept = 0;
  let coverage = 0,
    distance = 0,
    restored = 0,
    pairs = 0,
    exactAnswers = 0,
    answers = 0,
    ms = 0;
  const misses: string[] = [];
  for (const [n, item] of items.entries()) {
    const t0 = performance.now();
    const { spans, y, dictionary, substitutes } = await runOne(values.mode!, item.text, 1000 + n);
    const took = performance.now() - t0;
    ms += took;
    times.push(took);
    const result = { dictionary };
    const cat = perCategory.get(item.category) ?? { spans: 0, retained: 0, restored: 0, pairs: 0 };
    for (const s of item.spans) {
      const k = perKind.get(s.kind) ?? { labelled: 0, found: 0, retained: 0 };
      const covered = [...Array(s.end - s.start).keys()].every((o) => spans.some((d) => d.start <= s.start + o && s.start + o < d.end));
      const isRetained = retained(s.text, y);
      labelled++;
      k.labelled++;
      cat.spans++;
      if (covered) {
        found++;
        k.found++;
      }
      if (isRetained) {
        kept++;
        k.retained++;
        cat.retained++;
      }
      if (isRetained && covered) detectedKept++;
      if (!covered && values.misses) misses.push(`missed ${s.kind} "${s.text}" in: ${item.text}`);
      const sub = substitutes.find((d) => d.start <= s.start && s.end <= d.end);
      const keeps = sub ? coherent(s, sub.substitute, item.text.slice(0, sub.start)) : undefined;
      if (keeps !== undefined) {
        assessed++;
        if (keeps) coherentCount++;
      }
      if (keeps === false && values.misses) misses.push(`incoherent ${s.kind} "${s.text}" (${s.gender ?? s.stage}) → "${sub!.substitute}" in: ${item.text}`);
      perKind.set(s.kind, k);
    }
    for (const d of spans) {
      detected++;
      if (item.spans.some((s) => s.start < d.end && d.start < s.end)) correct++;
      else if (values.misses) misses.push(`extra ${d.kind} "${d.text}" in: ${item.text}`);
    }
    const tokens = wordTokens(item.text);
    coverage += tokens.length ? tokens.filter(([a, b]) => spans.some((d) => d.start <= a && b <= d.end)).length / tokens.length : 0;
    const xs = sentences(item.text);
    const ys = sentences(y);
    const L = Math.min(xs.length, ys.length);
    const [ex, ey] = [await embedder.embed(xs.slice(0, L)), await embedder.embed(ys.slice(0, L))];
    distance += 1 - ex.reduce((s, v, j) => s + cosine(v, ey[j]!), 0) / Math.max(1, L);
    if (result.dictionary.length) {
      const [answer, expected] = simulatedAnswer(result.dictionary);
      const back = recover(answer, result.dictionary);
      answers++;
      if (back.text === expected) exactAnswers++;
      else if (values.misses) misses.push(`recovery: ${back.text}\n      expected: ${expected}`);
      // Per pair: its original is back in the recovered text where the expected answer has it.
      for (const p of result.dictionary) {
        pairs++;
        cat.pairs++;
        if (back.restored.some((r) => r.original === p.original)) {
          restored++;
          cat.restored++;
        }
      }
    }
    perCategory.set(item.category, cat);
  }
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const summary = {
    set: values.set,
    prompts: items.length,
    spans: labelled,
    recall: found / labelled,
    precision: correct / detected,
    retention: kept / labelled,
    retentionOfDetected: detectedKept / Math.max(1, found),
    cDict: coverage / items.length,
    dText: distance / items.length,
    recoveryExact: exactAnswers / Math.max(1, answers),
    pairsRestored: restored / Math.max(1, pairs),
    mode: values.mode,
    msPerPrompt: ms / items.length,
    msMedian: [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0,
    coherence: assessed ? coherentCount / assessed : null,
    coherenceAssessed: assessed,
    perKind: Object.fromEntries([...perKind].map(([k, v]) => [k, { ...v, recall: v.found / v.labelled }])),
    perCategory: Object.fromEntries([...perCategory].map(([k, v]) => [k, { retention: v.retained / v.spans, recovery: v.restored / Math.max(1, v.pairs) }])),
  };
  if (values.svg) writeFileSync(values.svg, svg(summary.perCategory));
  if (values.json) return console.log(JSON.stringify(summary, null, 2));
  console.log(`${values.set} (--mode ${values.mode}): ${items.length} prompts, ${labelled} labelled spans`);
  console.log(
    `detection recall ${pct(summary.recall)}, precision ${pct(summary.precision)}; retention in y ${pct(summary.retention)} (of detected spans ${pct(summary.retentionOfDetected)})`,
  );
  console.log(
    `c_dict ${summary.cDict.toFixed(3)}, d_text ${summary.dText.toFixed(3)}; recovery: answers exact ${pct(summary.recoveryExact)}, pairs restored ${pct(summary.pairsRestored)}; ${summary.msPerPrompt.toFixed(2)} ms per prompt (median ${summary.msMedian.toFixed(2)})`,
  );
  console.log(
    `substitute coherence (gender, life stage): ${summary.coherence === null ? 'n/a' : `${pct(summary.coherence)} of ${assessed} replaced labelled spans`}\n`,
  );
  console.log('| kind | labelled | recall | retained in y |\n|---|---|---|---|');
  for (const [k, v] of [...perKind].sort((a, b) => b[1].labelled - a[1].labelled))
    console.log(`| ${k} | ${v.labelled} | ${pct(v.found / v.labelled)} | ${v.retained} |`);
  console.log('\n| category | retention | recovery |\n|---|---|---|');
  for (const [k, v] of Object.entries(summary.perCategory)) console.log(`| ${k} | ${pct(v.retention)} | ${pct(v.recovery)} |`);
  if (values.misses) console.log(`\n${misses.join('\n')}`);
  // --peers: compromise and OpenRedaction on the same prompts, scored by the same rules (scripts/eval-peers.ts).
  if (values.peers)
    console.log(
      `\nPeers on ${values.set}:\n${formatPeerFigures(
        await peerBaselines(items),
        [...perKind].sort((a, b) => b[1].labelled - a[1].labelled).map(([k]) => k),
      ).join('\n')}`,
    );
}

function svg(perCategory: Record<string, { retention: number; recovery: number }>): string {
  const entries = Object.entries(perCategory);
  const W = 120 + entries.length * 90;
  const H = 260;
  const y = (v: number) => 30 + (1 - v) * 180;
  let body = '';
  entries.forEach(([name, v], i) => {
    const x = 70 + i * 90;
    body += `<rect x="${x}" y="${y(v.retention)}" width="30" height="${210 - y(v.retention)}" fill="#c63d3d"/>`;
    body += `<rect x="${x + 34}" y="${y(v.recovery)}" width="30" height="${210 - y(v.recovery)}" fill="#2a8a3e"/>`;
    body += `<text x="${x}" y="228" font-size="11">${name}</text>`;
    body += `<text x="${x}" y="${y(v.retention) - 3}" font-size="9">${(100 * v.retention).toFixed(1)}</text><text x="${x + 34}" y="${y(v.recovery) - 3}" font-size="9">${(100 * v.recovery).toFixed(1)}</text>`;
  });
  for (const v of [0, 0.5, 1])
    body += `<text x="8" y="${y(v) + 4}" font-size="10">${v * 100}%</text><line x1="50" x2="${W - 10}" y1="${y(v)}" y2="${y(v)}" stroke="#ddd"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif"><text x="8" y="16" font-size="12">CROSS-MAP offline mapper: sensitive spans retained in the mapped text (red) and substitutes recovered (green), per category</text>${body}</svg>\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Without --set: then the message tagger on its holdout (./eval-tagger.ts), as `npm run eval:crossmap` promises.
  main()
    .then(async () => {
      if (!process.argv.includes('--set')) await import('./eval-tagger');
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
