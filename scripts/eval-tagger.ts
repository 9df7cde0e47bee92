/**
 * Message protection with the tagger (issue 31) on the held-out messages of eval/tagger-holdout-3/ (six
 * languages, written by a writer who never saw the training data, the detector or the other holdouts; run
 * once, never tuned on). The earlier holdouts, eval/tagger-holdout/ and eval/tagger-holdout-2/, were each
 * measured once and then became development sets (the decoding was chosen on them: scripts/tagger/decoding.ts);
 * `--dir` runs them.
 * What a reviewed send does by default (`protect`, seeded), scored by these rules:
 *
 * - **retention** (as eval-crossmap.ts and the issue count it): a labelled personal span whose text is still
 *   in what is sent, none of its letters changed. Counted twice: the misses, and with the spans Veil keeps on
 *   purpose (a country, an age as a decade: "in my forties", a value the person shares), which are said apart;
 *   **partly**: spans only some of whose letters were changed ("Marcus Whitfield" → "Marcus Okafor");
 * - **recall** (a labelled span covered by marks) and **precision** (a mark that overlaps a labelled span), by
 *   kind and by language;
 * - on **general questions** (nothing personal in them): the share sent changed, and of the words that had to
 *   stay (`keep`) the share changed; on every message, the `keep` words changed;
 * - the peers (compromise, OpenRedaction: ./eval-peers.ts) on the same spans, detection only.
 *
 *   npm run eval:crossmap            (runs this after the older set, when no --set is given)
 *   npx tsx scripts/eval-tagger.ts [--dir eval/tagger-holdout-3] [--sent FILE] [--misses]
 *
 * `--sent FILE` writes what was sent, one `{ lang, text, sent, sentCategory? }` per line (`sentCategory`: the same
 * send with health conditions generalized to "a health condition" only), for the answer-quality grading
 * (grades-1.jsonl, … in each holdout folder), which never sees the detector.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { newCodebook, protect, type Protected } from '../src/crossmap';
import { loadNodeTagger } from '../src/crossmap/tagger/node';
import { seededRandomSource } from '../src/dp/random';
import { formatPeerFigures, peerBaselines } from './eval-peers';

interface Labelled { lang: string; general: boolean; text: string; spans: { start: number; end: number; text: string; kind: string }[]; keep?: { start: number; end: number; text: string }[] }

// Not strict: `npm run eval:crossmap` passes its own flags on (./eval-crossmap.ts).
const { values } = parseArgs({ strict: false, options: { dir: { type: 'string', default: 'eval/tagger-holdout-3' }, sent: { type: 'string' }, misses: { type: 'boolean', default: false }, peers: { type: 'boolean', default: true } } });
const dir = resolve(String(values.dir));
const messages: Labelled[] = readdirSync(dir).filter((f) => /^[a-z]{2}\.jsonl$/.test(f)).sort().flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Labelled));
const tagger = await loadNodeTagger();

interface Tally { spans: number; covered: number; left: number; leftOnPurpose: number; partly: number; marks: number; correct: number; keep: number; keepChanged: number; general: number; generalChanged: number; messages: number }
const tally = (): Tally => ({ spans: 0, covered: 0, left: 0, leftOnPurpose: 0, partly: 0, marks: 0, correct: 0, keep: 0, keepChanged: 0, general: 0, generalChanged: 0, messages: 0 });
const byLang = new Map<string, Tally>();
const byKind = new Map<string, Tally>();
const get = (m: Map<string, Tally>, k: string) => m.get(k) ?? m.set(k, tally()).get(k)!;
const sentLines: string[] = [];
const misses: string[] = [];
let ms = 0;

for (const [n, m] of messages.entries()) {
  const random = seededRandomSource(n + 1);
  const t0 = performance.now();
  const sent: Protected = await protect(m.text, { codebook: newCodebook(random), random, tag: tagger.tag }, async () => undefined);
  ms += performance.now() - t0;
  // For the grading of the generalization level: the same send with health conditions as "a health condition".
  const category = sent.marks.some((k) => k.kind === 'health' && k.treatment === 'generalize')
    ? (await protect(m.text, { codebook: newCodebook(seededRandomSource(n + 1)), random: seededRandomSource(n + 1), tag: tagger.tag, healthLevel: 'category' }, async () => undefined)).text
    : undefined;
  sentLines.push(JSON.stringify({ lang: m.lang, text: m.text, sent: sent.text, ...(category !== undefined && category !== sent.text ? { sentCategory: category } : {}) }));
  const L = get(byLang, m.lang);
  L.messages++;
  const changing = sent.marks.filter((k) => k.treatment !== 'keep');
  const coveredBy = (marks: typeof sent.marks, s: { start: number; end: number }) =>
    [...m.text.slice(s.start, s.end)].every((c, i) => !/[\p{L}\p{N}]/u.test(c) || marks.some((k) => k.start <= s.start + i && s.start + i < k.end));
  const touchedBy = (marks: typeof sent.marks, s: { start: number; end: number }) => marks.some((k) => k.start < s.end && s.start < k.end);
  for (const s of m.spans) {
    const K = get(byKind, s.kind);
    for (const t of [L, K]) t.spans++;
    if (coveredBy(sent.marks, s)) for (const t of [L, K]) t.covered++;
    if (!touchedBy(changing, s)) {
      const onPurpose = touchedBy(sent.marks, s);
      for (const t of [L, K]) onPurpose ? t.leftOnPurpose++ : t.left++;
      if (!onPurpose && values.misses) misses.push(`${m.lang} ${s.kind} "${s.text}" in: ${m.text.slice(Math.max(0, s.start - 50), s.end + 50).replace(/\s+/g, ' ')}`);
    } else if (!coveredBy(changing, s)) for (const t of [L, K]) t.partly++;
  }
  for (const k of sent.marks) {
    L.marks++;
    if (m.spans.some((s) => s.start < k.end && k.start < s.end)) L.correct++;
    else if (values.misses) misses.push(`${m.lang} EXTRA ${k.kind} "${k.text}" (${k.treatment}) in: ${m.text.slice(Math.max(0, k.start - 50), k.end + 50).replace(/\s+/g, ' ')}`);
  }
  for (const k of m.keep ?? []) {
    L.keep++;
    if (changing.some((c) => c.start < k.end && k.start < c.end)) L.keepChanged++;
  }
  if (m.general) {
    L.general++;
    if (sent.text !== m.text) L.generalChanged++;
  }
}

const pct = (a: number, b: number) => (b === 0 ? '–' : `${((100 * a) / b).toFixed(1)}%`);
const all = [...byLang.values()].reduce((a, t) => Object.fromEntries(Object.keys(a).map((k) => [k, a[k as keyof Tally] + t[k as keyof Tally]])) as unknown as Tally, tally());
const row = (name: string, t: Tally) => `| ${name} | ${t.messages || ''} | ${t.spans} | ${pct(t.left, t.spans)} | ${pct(t.left + t.leftOnPurpose, t.spans)} | ${pct(t.partly, t.spans)} | ${pct(t.covered, t.spans)} | ${pct(t.correct, t.marks)} | ${t.general ? `${t.generalChanged}/${t.general}` : ''} | ${pct(t.keepChanged, t.keep)} |`;
console.log(`\nMessage protection with the tagger, ${messages.length} held-out messages (${values.dir}); ${(ms / messages.length).toFixed(1)} ms per message (tag + protect, Node)`);
console.log('| language | messages | labelled spans | retention | retention, with what Veil keeps on purpose | partly changed | recall (every letter) | precision | general questions changed | words that had to stay changed |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const [lang, t] of [...byLang].sort()) console.log(row(lang, t));
console.log(row('all', all));
console.log('\n| kind | labelled | retention | recall |\n|---|---|---|---|');
for (const [kind, t] of [...byKind].sort((a, b) => b[1].spans - a[1].spans)) console.log(`| ${kind} | ${t.spans} | ${pct(t.left, t.spans)} | ${pct(t.covered, t.spans)} |`);
if (typeof values.sent === 'string') writeFileSync(values.sent, sentLines.join('\n') + '\n');
for (const line of misses) console.log(line);

if (values.peers) {
  const figures = await peerBaselines(messages.map((m) => ({ text: m.text, spans: m.spans })));
  console.log(`\nPeers on the same ${messages.length} messages (detection only; any language):`);
  for (const line of formatPeerFigures(figures, [...byKind.keys()])) console.log(line);
}
await tagger.release();
