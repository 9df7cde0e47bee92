/**
 * Training input for the message tagger (issue 31): every labelled message of data/tagger/train as the model
 * reads it (src/crossmap/tagger/features.ts: the same code the extension runs), with a label per token, into
 * .cache/tagger/. scripts/tagger/train.py reads it; nothing is hashed in Python.
 *
 *   npx tsx scripts/tagger/features.ts
 *
 * Also writes the fixed messages whose model output the unit tests compare with PyTorch's
 * (test/fixtures/tagger-reference.json, written by train.py).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import places from '../../data/places.json';
import { candidateSpans } from '../../src/crossmap/candidates';
import { lexiconList } from '../../src/crossmap/word-lists';
import { words } from '../../src/crossmap/words';
import { FEATURE_SLOTS, tokenFeatures } from '../../src/crossmap/tagger/features';
import { frontCode } from '../../src/crossmap/tagger/front-code';
import { isDev } from './split';
import { labelIndex, LABELS } from '../../src/crossmap/tagger/labels';
import type { SpanKind } from '../../src/core/span-kinds';

const root = resolve(import.meta.dirname, '../..');
const out = join(root, '.cache/tagger');
mkdirSync(out, { recursive: true });

interface Labelled {
  lang: string;
  general: boolean;
  text: string;
  spans: { start: number; end: number; kind: SpanKind }[];
  keep?: { start: number; end: number }[];
}

/** The fixed messages of the ONNX-equals-PyTorch test: none is in the training data. */
export const REFERENCE = [
  ['en', 'my daughter Mia (7) has type 1 diabetes, how do I tell her school in Leeds?'],
  ['en', 'Who was Marie Curie and what did she discover in 1898?'],
  ['en', 'hi im 44, got fired from Tesco last tuesday and im behind on rent £1,250'],
  ['de', 'Mein Vermieter Herr Schulz will die Kaution nicht zurückzahlen, ich wohne in Kassel.'],
  ['de', 'Was ist der Unterschied zwischen einer Versicherung und einer Rente?'],
  ['fr', "Ma fille Chloé a de l'asthme, elle a 9 ans, on habite à Nantes."],
  ['es', 'Quiero escribir a mi jefe, Javier Ortega, porque tengo depresión desde marzo.'],
  ['pt', 'O meu marido foi preso em Braga no dia 3 de maio, o que faço?'],
  ['it', 'Chi ha scritto I promessi sposi e quando è stato pubblicato?'],
  ['it', 'Sono incinta di 10 settimane e lavoro da Esselunga a Torino, il mio capo è Marco Rinaldi.'],
] as const;

function row(lang: string, text: string, spans: Labelled['spans'], keep: Labelled['keep'] = []) {
  // The English lay phrases only, as the shipped tagger was trained (the other five languages' are read at run time:
  // src/crossmap/lay-phrases.ts `OTHER_LAY_PHRASES`).
  const { tokens, ids } = tokenFeatures(text, lang, candidateSpans(text));
  const labels = tokens.map(() => 0);
  const kept = tokens.map(() => 0);
  for (const span of spans) {
    let first = true;
    for (const [i, t] of tokens.entries()) {
      if (t.start < span.end && span.start < t.end) {
        labels[i] = labelIndex(span.kind, first);
        first = false;
      }
    }
  }
  for (const k of keep) for (const [i, t] of tokens.entries()) if (t.start < k.end && k.start < t.end && labels[i] === 0) kept[i] = 1;
  return { ids: Array.from(ids), labels, keep: kept };
}

/**
 * Template augmentation (counted apart, `augmented: true`): each training message with a name, a place or a
 * number of the writer's is copied once with those swapped for others of the same kind (names from the
 * substitute lists, towns from data/places.json, digits redrawn), so the model learns the context, not the
 * words. Never for held-back messages.
 */
const names = [...lexiconList('given'), ...lexiconList('family')].filter((n) => /^\p{Lu}\p{Ll}+$/u.test(n));
const towns = (places as string[][])
  .filter(([, , kind]) => kind === 'c')
  .map(([name]) => name!)
  .filter((n) => /^\p{Lu}[\p{L} -]+$/u.test(n));
let seed = 12345;
const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
function augmented(m: Labelled): Labelled | undefined {
  const swap = m.spans.filter(
    (s) => s.kind === 'person' || s.kind === 'place' || s.kind === 'age' || s.kind === 'money' || s.kind === 'id' || s.kind === 'phone',
  );
  if (swap.length === 0) return undefined;
  let text = '';
  let at = 0;
  const spans: Labelled['spans'] = [];
  const keep: NonNullable<Labelled['keep']> = [];
  const events = [...m.spans.map((s) => ({ s, span: true })), ...(m.keep ?? []).map((s) => ({ s: { ...s, kind: 'keep' as SpanKind }, span: false }))].sort(
    (a, b) => a.s.start - b.s.start,
  );
  for (const { s, span } of events) {
    if (s.start < at) return undefined;
    text += m.text.slice(at, s.start);
    const original = m.text.slice(s.start, s.end);
    let replacement = original;
    if (span && s.kind === 'person' && /^\p{Lu}\p{Ll}+(?: \p{Lu}\p{Ll}+)?$/u.test(original))
      replacement = original.includes(' ') ? `${pick(names)} ${pick(names)}` : pick(names);
    else if (span && s.kind === 'place' && /^\p{Lu}\p{Ll}+$/u.test(original)) replacement = pick(towns);
    else if (span && (s.kind === 'age' || s.kind === 'money' || s.kind === 'id' || s.kind === 'phone'))
      replacement = original.replace(/\d/g, (d, i: number) => (i === 0 && d !== '0' ? String(1 + Math.floor(next() * 9)) : String(Math.floor(next() * 10))));
    const start = text.length;
    text += replacement;
    if (span) spans.push({ start, end: text.length, kind: s.kind });
    else keep.push({ start, end: text.length });
    at = s.end;
  }
  text += m.text.slice(at);
  return text === m.text ? undefined : { ...m, text, spans, keep };
}

/**
 * The words that never begin, or never end, a labelled span in the training messages (seen at least
 * `EDGE_SEEN` times, at an edge at most `EDGE_RATE` of them): "de", "my", "her", "landlord", "tengo". The
 * tagger's spans lose them at their edges at run time (src/crossmap/tagger/tagger.ts `trimEdges`), so a span
 * the model drew a word too wide, or around a word alone, keeps only what the labelled data would mark.
 */
const EDGE_SEEN = 30;
const EDGE_RATE = 0.005;
/**
 * Also, per language, the plain words: every word of the training messages never inside a labelled name, place,
 * organisation or date and never a word that had to stay ("davon", "Geschichte", "tambien", "Pensionskasse"). The
 * tagger's name, place, organisation or date span of that one word alone goes at run time, on the conditions of
 * src/crossmap/protect.ts `ordinaryWord` and `notAName` (a title, a capitalised neighbour, the name and place data).
 * Written front-coded (src/crossmap/tagger/front-code.ts), in sorted order.
 */
const NAMED: readonly SpanKind[] = ['person', 'place', 'organisation', 'date'];
function edgeWords(messages: readonly Labelled[]): Record<string, { begins: string; ends: string; plain: string }> {
  const seen = new Map<string, { n: number; begins: number; ends: number; inside: number; alone: boolean }>();
  for (const m of messages) {
    for (const w of words(m.text)) {
      const key = `${m.lang}:${w.key}`;
      const s = seen.get(key) ?? { n: 0, begins: 0, ends: 0, inside: 0, alone: false };
      seen.set(key, s);
      s.n++;
      const inside = (x: { start: number; end: number }) => x.start < w.end && w.start < x.end;
      const span = m.spans.find(inside);
      if (span && span.start >= w.start) s.begins++;
      if (span && span.end <= w.end) s.ends++;
      const named = [...m.spans.filter((x) => NAMED.includes(x.kind)), ...(m.keep ?? [])].filter(inside);
      if (named.length) s.inside++;
      if (named.some((x) => x.start >= w.start && x.end <= w.end)) s.alone = true;
    }
  }
  const out: Record<string, { begins: string[]; ends: string[]; plain: string[] }> = {};
  for (const [key, s] of [...seen].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const [lang, word] = [key.slice(0, 2), key.slice(3)];
    const o = (out[lang] ??= { begins: [], ends: [], plain: [] });
    if (!s.alone && s.inside < s.n && s.inside * 3 <= s.n * 2 && /\p{L}/u.test(word)) o.plain.push(word);
    if (s.n < EDGE_SEEN) continue;
    if (s.begins <= s.n * EDGE_RATE) o.begins.push(word);
    if (s.ends <= s.n * EDGE_RATE) o.ends.push(word);
  }
  return Object.fromEntries(Object.entries(out).map(([lang, o]) => [lang, { begins: o.begins.join('|'), ends: o.ends.join('|'), plain: frontCode(o.plain) }]));
}

/**
 * What the tagger is trained on: the writers' training files, and the holdouts already run once and graded
 * (development sets since; their messages, never their sends or grades). The newer holdouts stay out: they
 * are the development sets the decoding is checked on (data/README.md). The order is the order the shipped
 * model was trained in (each directory's files by name): training shuffles with a fixed seed, so the same
 * files in another order train another model.
 */
const SOURCES = (
  process.env.TAGGER_SOURCES ??
  'data/tagger/train data/tagger/next eval/tagger-holdout eval/tagger-holdout-2 eval/tagger-holdout-3 eval/tagger-holdout-4 eval/tagger-holdout-4b eval/tagger-holdout-5 eval/tagger-holdout-6 eval/tagger-holdout-7 eval/tagger-holdout-7b eval/tagger-holdout-8 eval/tagger-holdout-11 eval/tagger-holdout-12 eval/tagger-holdout-13 eval/tagger-holdout-14 eval/tagger-holdout-15 eval/tagger-holdout-16 eval/tagger-holdout-17 eval/tagger-holdout-18 eval/tagger-holdout-19 eval/tagger-holdout-20 data/tagger/stop59 eval/tagger-holdout-21 data/tagger/stop60 eval/tagger-holdout-22 eval/tagger-holdout-23 eval/tagger-holdout-24 eval/tagger-holdout-25 eval/tagger-holdout-26 eval/tagger-holdout-27 eval/tagger-holdout-28 eval/tagger-holdout-29 eval/tagger-holdout-30 eval/tagger-holdout-31 eval/tagger-holdout-32 eval/tagger-holdout-33 eval/tagger-holdout-34 eval/tagger-holdout-35 eval/tagger-holdout-36 eval/tagger-holdout-37'
)
  .split(/\s+/)
  .filter(Boolean);
const files = SOURCES.flatMap((source) =>
  readdirSync(join(root, source))
    .filter((f) => (source.startsWith('eval/') ? /^[a-z]{2}\.jsonl$/.test(f) : f.endsWith('.jsonl')))
    .sort()
    .map((f) => join(source, f)),
);
const lines: string[] = [];
const written: Labelled[] = [];
let messages = 0;
let copies = 0;
let tokens = 0;
for (const file of files) {
  for (const line of readFileSync(join(root, file), 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const m = JSON.parse(line) as Labelled;
    const r = row(m.lang, m.text, m.spans, m.keep);
    const dev = isDev(m.text);
    if (!dev) written.push(m);
    lines.push(JSON.stringify({ file, lang: m.lang, general: m.general, dev, ...r }));
    messages++;
    tokens += r.labels.length;
    const copy = dev ? undefined : augmented(m);
    if (copy) {
      lines.push(JSON.stringify({ file, lang: m.lang, general: false, dev: false, augmented: true, ...row(copy.lang, copy.text, copy.spans, copy.keep) }));
      copies++;
    }
  }
}
writeFileSync(join(out, 'train.jsonl'), lines.join('\n') + '\n');
writeFileSync(join(out, 'reference.json'), JSON.stringify(REFERENCE.map(([lang, text]) => ({ lang, text, ...row(lang, text, []) }))));
writeFileSync(join(out, 'meta.json'), JSON.stringify({ slots: FEATURE_SLOTS, labels: LABELS }));
writeFileSync(join(root, 'data/tagger-edges.json'), JSON.stringify(edgeWords(written), null, 1) + '\n');
console.log(`${messages} messages (and ${copies} augmented copies), ${tokens} tokens, ${LABELS.length} labels → ${out}`);
