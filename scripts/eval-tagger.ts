/**
 * Message protection with the tagger (issue 31) on the held-out messages of eval/tagger-holdout-47/ (written by
 * writers who never saw the training data, the detector or the other holdouts; run once, never tuned on). The
 * earlier holdouts were each measured once and then became development sets (the decoding was chosen on the first
 * two: scripts/tagger/decoding.ts); the first five (eval/tagger-holdout/ to -4b) are training data since stop 44,
 * -5 and -6 since stop 46, -7, -7b and -8 since stop 49, -11 and -12 since stop 52, -13 and -14 since stop 54,
 * -15 and -16 since stop 55, -17 since stop 56, -18 since stop 57, -19 and -20 since stop 58, -21 since stop 60,
 * -22 to -37 since stop 68 (-22 measured stop 57's second landing, -23 stop 58's first, -24 its second, -25 stop
 * 59's landing, -26 stop 60's, -27 stop 61's first, -28 its second, -29 stop 62's first, -30 its second, -31 stop
 * 63's first, -32 its second, -33 stop 64's landing, -34 stop 65's first, -35 its second, landed again in stop 66,
 * -36 stop 66's first, -37 its second); -9, -10, -38 (stop 67's first), -39 (its second), -40 to -46 are development sets
 * now; -40 measured stop 68's first landing, -41 its second, -42 stop 69's landing, -43 stop 70's first, -44 its second, -45 stop 71's
 * first, -46 its second, -47 its third; -48 is written, unrun;
 * `--dir` runs any of them.
 * What a reviewed send does by default (`protect`, seeded), scored by these rules:
 *
 * - **retention** (as eval-crossmap.ts and the issue count it): a labelled personal span whose text is still
 *   in what is sent, none of its letters changed. Counted twice: the misses, and with the spans Veil keeps on
 *   purpose (an amount, a year alone, a country or region, an age as a decade: "in my forties", an acronym, an unsure
 *   category or name, a value the person shares; since stop 61 also a relative date, "yesterday", and an
 *   organisation named by kind words alone, whose stand-in would be the text itself and which Veil now marks
 *   kept: until then they were counted changed though sent as typed), which are said apart;
 *   **partly**: spans only some of whose letters were changed ("Marcus Whitfield" → "Marcus Okafor");
 * - **recall** (a labelled span covered by marks) and **precision** (a mark that overlaps a labelled span), by
 *   kind and by language;
 * - on **general questions** (nothing personal in them): the share sent changed, and of the words that had to
 *   stay (`keep`) the share changed; on every message, the `keep` words changed;
 * - the peers (compromise, OpenRedaction: ./eval-peers.ts) on the same spans, detection only.
 *
 *   npm run eval:crossmap            (runs this after the older set, when no --set is given)
 *   npx tsx scripts/eval-tagger.ts [--dir eval/tagger-holdout-47] [--sent FILE] [--misses]
 *
 * `--sent FILE` writes what was sent, one `{ lang, text, sent, sentCategory?, sentKeepSpecial? }` per line
 * (`sentCategory`: the same send with health conditions generalized to "a health condition" only;
 * `sentKeepSpecial`: with every sensitive matter kept as typed, names, places and numbers still replaced), for
 * the answer-quality grading (grades-1.jsonl, … in each holdout folder), which never sees the detector.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadNodeTagger } from '../src/crossmap/tagger/node';
import { measureHoldout, readHoldout, type Tally } from './tagger/measure';
import { formatPeerFigures, peerBaselines } from './eval-peers';

// Not strict: `npm run eval:crossmap` passes its own flags on (./eval-crossmap.ts).
const { values } = parseArgs({
  strict: false,
  options: {
    dir: { type: 'string', default: 'eval/tagger-holdout-47' },
    sent: { type: 'string' },
    misses: { type: 'boolean', default: false },
    peers: { type: 'boolean', default: true },
  },
});
const messages = readHoldout(resolve(String(values.dir)));
const tagger = await loadNodeTagger();
const { byLang, byKind, all, sentLines, misses, ms } = await measureHoldout(messages, tagger.tag, { misses: values.misses === true });

const pct = (a: number, b: number) => (b === 0 ? '–' : `${((100 * a) / b).toFixed(1)}%`);
const row = (name: string, t: Tally) =>
  `| ${name} | ${t.messages || ''} | ${t.spans} | ${pct(t.left, t.spans)} | ${pct(t.left + t.leftOnPurpose, t.spans)} | ${pct(t.partly, t.spans)} | ${pct(t.covered, t.spans)} | ${pct(t.correct, t.marks)} | ${t.general ? `${t.generalChanged}/${t.general}` : ''} | ${pct(t.keepChanged, t.keep)} |`;
console.log(
  `\nMessage protection with the tagger, ${messages.length} held-out messages (${values.dir}); ${(ms / messages.length).toFixed(1)} ms per message (tag + protect, Node)`,
);
console.log(
  '| language | messages | labelled spans | retention | retention, with what Veil keeps on purpose | partly changed | recall (every letter) | precision | general questions changed | words that had to stay changed |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const [lang, t] of [...byLang].sort()) console.log(row(lang, t));
console.log(row('all', all));
console.log('\n| kind | labelled | retention | recall |\n|---|---|---|---|');
for (const [kind, t] of [...byKind].sort((a, b) => b[1].spans - a[1].spans))
  console.log(`| ${kind} | ${t.spans} | ${pct(t.left, t.spans)} | ${pct(t.covered, t.spans)} |`);
if (typeof values.sent === 'string') writeFileSync(values.sent, sentLines.join('\n') + '\n');
for (const line of misses) console.log(line);

if (values.peers) {
  const figures = await peerBaselines(messages.map((m) => ({ text: m.text, spans: m.spans })));
  console.log(`\nPeers on the same ${messages.length} messages (detection only; any language):`);
  for (const line of formatPeerFigures(figures, [...byKind.keys()])) console.log(line);
}
await tagger.release();
