/**
 * The tagger's decoding bars on a development set: for each pair of bars (`NOTHING_BELOW`, `SPECIAL_SURE` of
 * src/crossmap/tagger/tagger.ts), through the whole detection, per language the labelled spans left
 * untouched, and the marks on no labelled span (ordinary words marked), the `keep` words changed and the
 * general questions changed. The model runs once per message; the bars only re-decode. For choosing the bars on
 * a set that is no longer a holdout (the issue's first holdout, once measured), never on one that is.
 *
 *   npx tsx scripts/tagger/decoding.ts [--dir eval/tagger-holdout] [--model FILE] [--show]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { candidateSpans } from '../../src/crossmap/candidates';
import { detectSpans } from '../../src/crossmap/detect';
import type { Tagging } from '../../src/crossmap/tagging';
import { detectLanguage } from '../../src/crossmap/language';
import { tokenFeatures } from '../../src/crossmap/tagger/features';
import { LABELS } from '../../src/crossmap/tagger/labels';
import { openNodeTagger } from '../../src/crossmap/tagger/node';
import { decode, NOTHING_BELOW, plainWords, SPECIAL_SURE, trimEdges } from '../../src/crossmap/tagger/tagger';

interface Labelled {
  lang: string;
  general: boolean;
  text: string;
  spans: { start: number; end: number; kind: string }[];
  keep?: { start: number; end: number }[];
}

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'eval/tagger-holdout' },
    model: { type: 'string', default: 'public/models/veil-tagger/model.onnx' },
    show: { type: 'boolean', default: false },
  },
});
const dir = resolve(values.dir!);
const messages: Labelled[] = readdirSync(dir)
  .filter((f) => /^[a-z]{2}\.jsonl$/.test(f))
  .sort()
  .flatMap((f) =>
    readFileSync(join(dir, f), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Labelled),
  );
const model = await openNodeTagger(new Uint8Array(readFileSync(values.model!)));
const L = LABELS.length;

// The model's reading of each message, once.
const read = [];
for (const m of messages) {
  const language = detectLanguage(m.text);
  const candidates = candidateSpans(m.text, m.lang);
  const { tokens, ids } = tokenFeatures(m.text, language.code, candidates);
  const out = language.read && tokens.length > 0 ? await model(ids, tokens.length) : undefined;
  read.push({ m, language, candidates, tokens, out });
}

const pct = (a: number, b: number) => ((100 * a) / Math.max(1, b)).toFixed(1);
for (const nothing of [0.85, 0.9, 0.95]) {
  for (const sure of [0.3, 0.4, 0.5, 0.6, 0.7, 1]) {
    const left = new Map<string, [number, number]>();
    let wrong = 0;
    let keep = 0;
    let changed = 0;
    let general = 0;
    let generalChanged = 0;
    for (const { m, language, candidates, tokens, out } of read) {
      const tagging: Tagging = !out
        ? {
            language,
            found: language.read ? candidates : candidates.filter((f) => f.source === 'shape' || f.source === 'pattern'),
            personal: [],
            general: 0,
            plain: plainWords(m.text, language.code),
          }
        : {
            language,
            found: [...candidates, ...trimEdges(m.text, language.code, decode(m.text, tokens, out.probs, { nothing, sure }))],
            personal: tokens.map((t, i) => ({ start: t.start, end: t.end, p: 1 - out.probs[i * L]! })),
            general: out.general,
            plain: plainWords(m.text, language.code),
          };
      const found = detectSpans(m.text, { tagging });
      const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) => a.start < b.end && b.start < a.end;
      const row = left.get(m.lang) ?? [0, 0];
      left.set(m.lang, row);
      for (const s of m.spans) {
        row[1]++;
        if (!found.some((f) => overlaps(f, s))) row[0]++;
      }
      for (const f of found) {
        if (m.spans.some((s) => overlaps(f, s))) continue;
        wrong++;
        if (values.show && nothing === NOTHING_BELOW && sure === SPECIAL_SURE)
          console.log(`  marked ${m.lang} ${f.kind} "${f.text}" in: ${m.text.slice(Math.max(0, f.start - 30), f.end + 30).replace(/\n/g, ' ')}`);
      }
      for (const k of m.keep ?? []) {
        keep++;
        if (found.some((f) => overlaps(f, k))) changed++;
      }
      if (m.general) {
        general++;
        if (found.length > 0) generalChanged++;
      }
    }
    const chosen = nothing === NOTHING_BELOW && sure === SPECIAL_SURE ? ' (shipped)' : '';
    console.log(
      `nothing below ${nothing}, special sure below ${sure}${chosen}: left ${[...left]
        .sort()
        .map(([l, [a, b]]) => `${l} ${pct(a, b)}%`)
        .join(', ')}; ordinary words marked ${wrong}; keep words changed ${pct(changed, keep)}%; general changed ${generalChanged}/${general}`,
    );
  }
}
