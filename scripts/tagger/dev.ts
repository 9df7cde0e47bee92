/**
 * The tagger on the held-back 6% of the training data (scripts/tagger/split.ts): for choosing the decoding,
 * never on a holdout. Span-level, through the whole detection (lists and patterns ruled on by the tagger):
 * a labelled span is left when no detected span touches it; a `keep` word is changed when a detected
 * span overlaps it; a general message is changed when anything is detected in it.
 *
 *   npx tsx scripts/tagger/dev.ts [--model FILE] [--misses] [--changed]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { detectSpans } from '../../src/crossmap/detect';
import { detectLanguage } from '../../src/crossmap/language';
import { loadNodeTagger, openNodeTagger } from '../../src/crossmap/tagger/node';
import { createTagger } from '../../src/crossmap/tagger/tagger';
import { isDev } from './split';

interface Labelled {
  lang: string;
  general: boolean;
  text: string;
  spans: { start: number; end: number; kind: string }[];
  keep?: { start: number; end: number }[];
}

const dir = resolve(import.meta.dirname, '../../data/tagger/train');
const messages: Labelled[] = readdirSync(dir)
  .filter((f) => f.endsWith('.jsonl'))
  .flatMap((f) =>
    readFileSync(join(dir, f), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Labelled),
  )
  .filter((m) => isDev(m.text));
// --model FILE: another build of the model (TAGGER_OUT of train.py), to compare.
const at = process.argv.indexOf('--model');
const tagger =
  at > 0
    ? createTagger({ model: await openNodeTagger(new Uint8Array(readFileSync(process.argv[at + 1]!))), language: async (t) => detectLanguage(t) })
    : await loadNodeTagger();
const byLang = new Map<
  string,
  { spans: number; left: number; keep: number; changed: number; general: number; generalChanged: number; found: number; wrong: number }
>();
const missedKinds = new Map<string, number>();
const examples: string[] = [];
for (const m of messages) {
  const row = byLang.get(m.lang) ?? { spans: 0, left: 0, keep: 0, changed: 0, general: 0, generalChanged: 0, found: 0, wrong: 0 };
  byLang.set(m.lang, row);
  const found = detectSpans(m.text, { tagging: await tagger.tag(m.text) });
  for (const s of m.spans) {
    row.spans++;
    // Left as the evaluation counts it (scripts/eval-tagger.ts): no letter of it changed.
    const covered = found.some((f) => f.start < s.end && s.start < f.end);
    if (!covered) {
      row.left++;
      missedKinds.set(`${m.lang}:${s.kind}`, (missedKinds.get(`${m.lang}:${s.kind}`) ?? 0) + 1);
      if (examples.length < 40 && process.argv.includes('--misses'))
        examples.push(`MISS ${s.kind} "${m.text.slice(s.start, s.end)}" in: ${m.text.slice(Math.max(0, s.start - 40), s.end + 40).replace(/\n/g, ' ')}`);
    }
  }
  for (const k of m.keep ?? []) {
    row.keep++;
    if (found.some((f) => f.start < k.end && k.start < f.end)) {
      row.changed++;
      if (examples.length < 80 && process.argv.includes('--changed'))
        examples.push(`KEEP "${m.text.slice(k.start, k.end)}" in: ${m.text.slice(Math.max(0, k.start - 40), k.end + 40).replace(/\n/g, ' ')}`);
    }
  }
  if (m.general) {
    row.general++;
    if (found.length > 0) row.generalChanged++;
  }
  row.found += found.length;
  row.wrong += found.filter((f) => !m.spans.some((s) => s.start < f.end && f.start < s.end)).length;
}
const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)}%`;
for (const [lang, r] of [...byLang].sort()) {
  console.log(
    `${lang}: ${r.spans} spans, left ${pct(r.left, r.spans)}; keep words changed ${pct(r.changed, r.keep)} of ${r.keep}; general changed ${r.generalChanged}/${r.general}; precision ${pct(r.found - r.wrong, r.found)}`,
  );
}
const all = [...byLang.values()].reduce(
  (a, r) => ({ spans: a.spans + r.spans, left: a.left + r.left, keep: a.keep + r.keep, changed: a.changed + r.changed }),
  { spans: 0, left: 0, keep: 0, changed: 0 },
);
console.log(`all: ${messages.length} messages, left ${pct(all.left, all.spans)}, keep changed ${pct(all.changed, all.keep)}`);
console.log(
  [...missedKinds]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 20)
    .map(([k, n]) => `${k} ${n}`)
    .join(', '),
);
for (const e of examples) console.log(e);
