/**
 * Where a message names a public person WordNet knows (data/famous-people.json, scripts/build-famous.ts): a
 * hint for the tagger (./tagger/features.ts) that a name may be the topic of a question ("Who was Marie
 * Curie?"). Never a decision: the tagger reads the context ("my neighbour Tom Hanks" is a person).
 *
 * ```ts
 * famousSpans('Who was Marie Curie?'); // [{ start: 8, end: 19, kind: 'famous' }]
 * ```
 */
import famous from '../../data/famous-people.json';
import { lazy } from '../domains/phrases';

const lists = lazy(() => ({ full: new Set(famous.full.split('|')), single: new Set(famous.single.split('|')) }));
const key = (word: string) => word.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

const ELIDED = /^(?:d|l|dell|dall|nell|sull|all|degl|qu)['’](?=\p{Lu})/iu;

/** Public people's names in `text`: a full name (two to four words), or one capitalised name WordNet knows. */
export function famousSpans(text: string): { start: number; end: number; kind: 'famous' | 'famous-name' }[] {
  // A name after an elided article or preposition ("d'Albert Camus", "dell'Alighieri", "l'Ulysse") starts after
  // the apostrophe.
  const words = [...text.matchAll(/\p{L}[\p{L}'’.-]*/gu)].map((m) => {
    const elided = ELIDED.exec(m[0])?.[0].length ?? 0;
    return { start: m.index! + elided, end: m.index! + m[0].length, text: m[0].slice(elided) };
  });
  const { full, single } = lists();
  const out: { start: number; end: number; kind: 'famous' | 'famous-name' }[] = [];
  for (let i = 0; i < words.length; i++) {
    let matched = false;
    for (let n = Math.min(4, words.length - i); n >= 2 && !matched; n--) {
      const group = words.slice(i, i + n);
      if (!/^\p{Lu}/u.test(group[0]!.text) || group.some((w, k) => k > 0 && !/^ $/.test(text.slice(group[k - 1]!.end, w.start)))) continue;
      if (full.has(key(group.map((w) => w.text).join(' ')))) {
        out.push({ start: group[0]!.start, end: group.at(-1)!.end, kind: 'famous' });
        i += n - 1;
        matched = true;
      }
    }
    if (!matched && /^\p{Lu}/u.test(words[i]!.text) && single.has(key(words[i]!.text)))
      out.push({ start: words[i]!.start, end: words[i]!.end, kind: 'famous-name' });
  }
  return out;
}
