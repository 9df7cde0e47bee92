/**
 * The language of a chat message, on the device, so the message tagger (./tagger/tagger.ts) runs only on
 * messages in a language it reads: English, German, French, Spanish, Portuguese or Italian. Synchronous and
 * pure (no browser API): the same in Node, the background's service worker and a page, with nothing fetched.
 *
 * ```ts
 * detectLanguage('Mein Sohn Jonas hat Asthma, wir wohnen in Kassel.'); // { code: 'de', name: 'German', read: true }
 * detectLanguage('Mój syn Kuba ma gorączkę od wczoraj, czy iść do lekarza?'); // { code: 'pl', name: 'Polish', read: false }
 * detectLanguage('ok thanks'); // { code: 'en', name: 'English', read: true }: too short to tell, Latin script
 * ```
 *
 * The guess is eld's (npm `eld`, its extra-small table of 60 languages: 980 KB minified, 285 KB gzipped, in
 * the bundle, nothing loaded at run time; evaluating the module once takes about 0.5 s and 30 MB of heap,
 * then 0.1–0.2 ms a message). On the 8,809 messages of data/tagger/train, eld alone names the right one of
 * the six for 99.6% (97.2% of the 1,014 under 40 characters), where tinyld (750 KB) had 94.8% (91.0%) and
 * franc-min (175 KB) 92.3% (66.5%). With the rules below, 99.7% (98.0%), and 99.95% are read (99.9%); the
 * 75 messages in fifteen other languages of the unit test are all not read, each with its own code (eld has
 * no Indonesian: Malay). The rules:
 * - URLs, e-mail addresses and anything with a digit are left out first: they are the same in every language.
 * - Too few letters to tell (under `MIN_LETTERS`, two or three short words: "hi", "ok thanks", "Danke!",
 *   "Kindle vs Kobo?", or nothing left at all: an e-mail address, a phone number) in Latin script: read, as
 *   the one of the six eld ranks first, or as English when it ranks none. There is nothing there to misread,
 *   and a message not read goes to no model, only to the shape patterns. On the first one to four words of
 *   the six languages' messages, eld calls up to 19% of those under 5 letters another language, 3–6% of
 *   those of 5 to 14 letters, 1–2.5% of longer ones.
 * - Text mostly in another script (Cyrillic, Greek, Arabic, Devanagari, Chinese, Japanese, Korean…) is never
 *   one of the six: its code is eld's guess among the others, else the script's own language, else 'und'.
 * - One of the six wins when eld's score for it is at least `CLOSE` of its best (eld's scores are in (0, 1)).
 *   Where eld ranks another language first on a message of the six (15 of 8,809: Catalan for Spanish,
 *   Tagalog or Estonian for a short English question), the right one has 0.94–1.0 of the best, except
 *   English written in Hindi words ("meri didi ko postpartum depression hai": 0.76–0.88, left as Tagalog);
 *   on the other languages the best of the six has at most 0.89 of it (Catalan; Romanian 0.82, Dutch 0.71).
 * - A long message is read in pieces (paragraphs, cut at sentence ends to at most `CHUNK` characters: eld
 *   itself reads only the first ~350 bytes of what it is given; a greeting or a signature too short to tell
 *   goes with its neighbour), up to `SAMPLE` characters, and each piece's letters count for its language. The message is read in the one of the six with most letters when that
 *   one has at least `MIXED` of all its letters, else it is in the language with most letters. So an English
 *   question quoting a German letter is read as whichever is longer, and an English question about a quoted
 *   Polish letter up to about four times as long is read as English: the tagger still reads the question (and
 *   the letter's names), where a message not read gets no tagger at all.
 */
import { eld } from 'eld/extrasmall';

export const READ_LANGUAGES = ['en', 'de', 'fr', 'es', 'pt', 'it'] as const;
export type ReadLanguage = (typeof READ_LANGUAGES)[number];

export interface DetectedLanguage {
  /** ISO 639-1, or 'und' when unknown. */
  readonly code: string;
  /** English name: 'German'. */
  readonly name: string;
  /** One of `READ_LANGUAGES`: the tagger reads it. */
  readonly read: boolean;
}

/** Fewer letters than this in Latin script are too few to tell: read (as eld's first of the six, else English). */
export const MIN_LETTERS = 15;
/** One of the six wins when eld scores it at least this share of its best guess. */
export const CLOSE = 0.92;
/** A message partly in the six is read (in the one of them with most letters) when that one has at least this share of its letters. */
export const MIXED = 0.2;
/** Characters per piece given to eld, and the most characters looked at. */
const CHUNK = 300;
const SAMPLE = 4_000;

const detector = eld.newInstance();
const names = new Intl.DisplayNames(['en'], { type: 'language' });
const isRead = (code: string): code is ReadLanguage => (READ_LANGUAGES as readonly string[]).includes(code);
/** Scripts written for one language, for text eld cannot place ("안녕"). */
const SCRIPT_LANGUAGE: readonly [RegExp, string][] = [
  [/\p{Script=Hangul}/u, 'ko'],
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/u, 'ja'],
  [/\p{Script=Greek}/u, 'el'],
  [/\p{Script=Hebrew}/u, 'he'],
  [/\p{Script=Thai}/u, 'th'],
  [/\p{Script=Georgian}/u, 'ka'],
  [/\p{Script=Armenian}/u, 'hy'],
];

export function detectLanguage(text: string): DetectedLanguage {
  const letters = new Map<string, number>();
  for (const piece of chunks(strip(text.slice(0, SAMPLE)))) {
    const latin = piece.match(/\p{Script=Latin}/gu)?.length ?? 0;
    const other = letterCount(piece) - latin;
    if (latin + other === 0) continue;
    const code = other > latin ? otherScript(piece) : latinScript(piece, latin);
    letters.set(code, (letters.get(code) ?? 0) + latin + other);
  }
  const ranked = [...letters].sort((a, b) => b[1] - a[1]);
  const total = ranked.reduce((sum, [, n]) => sum + n, 0);
  const read = ranked.find(([code]) => isRead(code));
  const code = read && read[1] >= MIXED * total ? read[0] : (ranked[0]?.[0] ?? 'en');
  return { code, name: code === 'und' ? 'Unknown' : nameOf(code), read: isRead(code) };
}

/** URLs, e-mail addresses and words with a digit say nothing of the language. */
function strip(text: string): string {
  return text
    .replace(/\b(?:https?:\/\/|www\.)\S+/giu, ' ')
    .replace(/\S+@\S+\.\p{L}{2,}/gu, ' ')
    .replace(/\S*\d\S*/gu, ' ');
}

/**
 * Paragraphs, each cut into pieces of whole sentences and lines of up to `CHUNK` characters (a longer
 * sentence is one piece); a piece too short to tell ("Hi Ciara,", "Thanks, Anna") joins its neighbour.
 */
function chunks(text: string): string[] {
  const out: string[] = [];
  const push = (piece: string) => {
    const last = out.length - 1;
    if (last >= 0 && (letterCount(out[last]!) < MIN_LETTERS || letterCount(piece) < MIN_LETTERS)) out[last] += `\n${piece}`;
    else out.push(piece);
  };
  for (const paragraph of text.split(/\n\s*\n/u)) {
    let piece = '';
    for (const sentence of paragraph.match(/[^.!?。！？\n]+[.!?。！？\n]*/gu) ?? []) {
      if (piece && piece.length + sentence.length > CHUNK) {
        push(piece);
        piece = '';
      }
      piece += sentence;
    }
    if (piece) push(piece);
  }
  return out;
}

const letterCount = (text: string) => text.match(/\p{L}/gu)?.length ?? 0;

function latinScript(piece: string, letters: number): string {
  const scores = Object.entries(detector.detect(piece).getScores());
  const [best, bestScore] = scores[0] ?? ['en', 0];
  const read = scores.find(([code]) => isRead(code));
  if (letters < MIN_LETTERS) return read?.[0] ?? 'en';
  return read && read[1] >= CLOSE * bestScore ? read[0] : best;
}

function otherScript(piece: string): string {
  const guess = Object.keys(detector.detect(piece).getScores()).find((code) => !isRead(code));
  return guess ?? SCRIPT_LANGUAGE.find(([script]) => script.test(piece))?.[1] ?? 'und';
}

function nameOf(code: string): string {
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}
