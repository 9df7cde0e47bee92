/**
 * Substitutes for spans with a shape, keeping the shape: a date moves by a shift of its own (./stand-ins.ts draws
 * it: 7 to 60 days) and keeps its format, an amount is scaled by a factor of its own and keeps its currency and
 * precision, an age moves by a few years within its life stage (a child's by one or two), and e-mail addresses,
 * phone numbers and IDs get fresh characters of the same kinds. All randomness comes from the caller's draw
 * function.
 */
import { monthName, monthWord } from './months';
import { leadingWeekday } from './weekdays';
/** A uniform integer in [0, n). */
export type Draw = (n: number) => number;

function ordinal(day: number, like: string): string {
  // "3." (German), "1º" (Spanish, Portuguese), "1er" (French, the first only) keep their mark.
  const mark = /[.º°]$/.exec(like)?.[0];
  if (mark) return `${day}${mark}`;
  if (/\der$/i.test(like)) return day === 1 ? '1er' : String(day);
  if (!/(st|nd|rd|th)$/i.test(like)) return String(day);
  const suffix = day % 10 === 1 && day !== 11 ? 'st' : day % 10 === 2 && day !== 12 ? 'nd' : day % 10 === 3 && day !== 13 ? 'rd' : 'th';
  return `${day}${suffix}`;
}

const pad = (n: number, like: string) => String(n).padStart(like.length, '0');

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** Whole weeks near `days` (never 0): a date that names its weekday moves by these, so the weekday stays. */
export function weekShift(days: number): number {
  return 7 * (Math.round(days / 7) || Math.sign(days) || 1);
}

/** A day of the month alone moved by `days` within 1–28 (no month to overflow into), never onto itself. */
function movedDay(day: number, days: number): number {
  const moved = ((((day - 1 + days) % 28) + 28) % 28) + 1;
  return moved === day ? (day % 28) + 1 : moved;
}

/**
 * A day of the month named with its weekday ("Friday the 12th", "vendredi 14") moved by whole weeks near `days`
 * within 1–28, never onto itself: a move of four weeks would bring it back, so it moves one week instead, and the
 * weekday stays right either way.
 */
function movedWeekDay(day: number, days: number): number {
  let moved = day + weekShift(days);
  while (moved > 28) moved -= 28;
  while (moved < 1) moved += 28;
  return moved === day ? (moved > 7 ? moved - 7 : moved + 7) : moved;
}

/**
 * A date that names its weekday or only a day of the month, a bare year or a bare month, moved by `days`:
 * "Friday the 12th" → "Friday the 19th" (whole weeks, the weekday kept), "next Tuesday" → "next Thursday" (a
 * weekday alone: the shift within a week, so the distance stays under a week), "the 14th" → "the 2nd", "2019"
 * → "2020" (a year or two), "April" → "June" (about a month per 30 days).
 */
function shiftNamedDate(text: string, days: number, language: string): string | undefined {
  const weekday = /^((?:next|this|last|coming)\s+)?((?:mon|tues|wednes|thurs|fri|satur|sun)day)(?:(\s+the\s+)(\d{1,2})(st|nd|rd|th))?$/i.exec(text);
  if (weekday) {
    if (weekday[4]) {
      const day = movedWeekDay(Number(weekday[4]), days);
      return `${weekday[1] ?? ''}${weekday[2]}${weekday[3]}${day}${ordinal(day, 'th').slice(String(day).length)}`;
    }
    const index = WEEKDAYS.indexOf(weekday[2]!.toLowerCase());
    const by = ((days % 7) + 7) % 7 || 1;
    const name = WEEKDAYS[(index + by) % 7]!;
    return `${weekday[1] ?? ''}${/^\p{Lu}/u.test(weekday[2]!) ? name.charAt(0).toUpperCase() + name.slice(1) : name}`;
  }
  const dayOnly = /^(\d{1,2})(st|nd|rd|th)$/i.exec(text);
  if (dayOnly) return ordinal(movedDay(Number(dayOnly[1]), days), 'th');
  if (/^(?:19|20)\d{2}$/.test(text)) return String(Number(text) + Math.sign(days || 1) * (1 + (Math.abs(days) % 2)));
  const month = /^\p{L}+\.?$/u.test(text) && text.length >= 3 ? monthWord(text, language) : undefined;
  if (month) {
    const months = Math.round(days / 30) || Math.sign(days) || 1;
    return monthName(month, (((month.month + months) % 12) + 12) % 12, text);
  }
  return undefined;
}

/** An English weekday opening a date, with what joins it to the date ("Friday ", "Mon., "). */
const ENGLISH_WEEKDAY = /^(?:(?:Mon|Tues?|Wed(?:nes)?|Thu(?:rs)?|Fri|Sat(?:ur)?|Sun)(?:day)?\.?,?\s+)(?=\S)/i;

/**
 * The day of the year (in a year of 365 days) a date with a day and a month names, whatever its format or language
 * ("22/11", "vendredi 22 novembre", "Nov 22nd, 2024", "22. November": the same day), so one date typed twice gets
 * one shift (./protect.ts); undefined when the text names no single day and month. Numbers read day first unless
 * the second cannot be a month, as `shiftDate` reads them.
 */
export function dayOfYear(text: string, language = 'en'): number | undefined {
  const bare = text
    .replace(ENGLISH_WEEKDAY, '')
    .replace(leadingWeekday(text) ?? '', '')
    .trim();
  const at = (month: number, day: number) =>
    month >= 0 && month < 12 && day >= 1 && day <= 31 ? Math.round((Date.UTC(2001, month, day) - Date.UTC(2001, 0, 1)) / 86_400_000) + 1 : undefined;
  const iso = /^\d{4}-(\d{1,2})-(\d{1,2})$/.exec(bare);
  if (iso) return at(Number(iso[1]) - 1, Number(iso[2]));
  const numeric = /^(\d{1,2})([/.-])(\d{1,2})(?:\2(?:\d{2}|\d{4}))?\.?$/.exec(bare);
  if (numeric) {
    const [a, b] = [Number(numeric[1]), Number(numeric[3])];
    return b <= 12 ? at(b - 1, a) : at(a - 1, b);
  }
  const words = bare.split(/[\s,]+|-(?=\p{L})|(?<=\p{L})-/u).filter((w) => w && !/^(?:de|del|of|the|den|le|el|il|o)$/i.test(w));
  const months = words.map((w) => monthWord(w, language)?.month);
  const days = words.map((w) => /^(\d{1,2})(?:st|nd|rd|th|er|º|°|\.)?$/i.exec(w)?.[1]);
  const m = months.findIndex((x) => x !== undefined);
  if (m < 0 || months.filter((x) => x !== undefined).length > 1 || days.filter((x) => x !== undefined).length > 1) return undefined;
  const day = days[m - 1] ?? days[m + 1];
  return day === undefined ? undefined : at(months[m]!, Number(day));
}

/**
 * `text` moved by `days`, in its own format and language (a month's name stays in the message's `language`:
 * ./months.ts); undefined when it is not a date this module reads.
 */
export function shiftDate(text: string, days: number, language = 'en'): string | undefined {
  const named = shiftNamedDate(text, days, language);
  if (named !== undefined) return named;
  // "24-Nov-2025", "3-mar-24": moved as "24 Nov 2025" is, and written back with its dashes and its year's digits.
  const dashed = /^(\d{1,2})-(\p{L}{3,9})-(\d{2}|\d{4})$/u.exec(text);
  if (dashed) {
    const [, day, month, year] = dashed as unknown as [string, string, string, string];
    const moved = /^(\d{1,2}) (\p{L}+) (\d{4})$/u.exec(shiftDate(`${day} ${month} ${year.length === 2 ? `20${year}` : year}`, days, language) ?? '');
    return moved ? `${moved[1]}-${moved[2]}-${moved[3]!.slice(-year.length)}` : undefined;
  }
  // A date that names its weekday moves by whole weeks, so the weekday stays right. A range "Nov 3-5" moves as a whole.
  const weekday = ENGLISH_WEEKDAY.exec(text);
  if (weekday) {
    const rest = shiftDate(text.slice(weekday[0].length), weekShift(days), language);
    return rest === undefined ? undefined : weekday[0] + rest;
  }
  // The same in the other five languages ("viernes 7 de marzo", "Freitag, den 7. März"); with a day alone
  // ("vendredi 14"), that day moved by whole weeks within 1–28.
  const other = leadingWeekday(text);
  if (other) {
    const after = text.slice(other.length);
    const dayAlone = /^(\d{1,2})(\.?)$/.exec(after);
    if (dayAlone) return other + movedWeekDay(Number(dayAlone[1]), days) + dayAlone[2];
    const rest = shiftDate(after, weekShift(days), language);
    return rest === undefined ? undefined : other + rest;
  }
  // "17 al 28 marzo", "du 3 au 7 mars", "12 to 23 February": both days moved by the same days, the first with its
  // own month where the move puts the two ends in different months ("dal 26 febbraio al 9 marzo").
  const days2 = /^(\d{1,2})(\.?\s*(?:[-–]|to|till|until|bis|au|al|a|ao|até)\s*)(\d{1,2})(\.?\s+\p{L}.*)$/iu.exec(text);
  if (days2) {
    const [, d1, join, d2, rest] = days2 as unknown as [string, string, string, string, string];
    const first = shiftDate(`${d1}${rest}`, days, language);
    const last = shiftDate(`${d2}${rest}`, days, language);
    const day = first && /^\d{1,2}/.exec(first)?.[0];
    if (!first || !last || !day) return undefined;
    const year = /\s\d{4}$/.exec(last)?.[0];
    const start = first.slice(day.length) === last.replace(/^\d{1,2}/, '') ? day : year && first.endsWith(year) ? first.slice(0, -year.length) : first;
    return `${start}${start === day ? join : join.replace(/^\./, '')}${last}`;
  }
  const range = /^(.*?)(\d{1,2})\s?([-–])\s?(\d{1,2})$/.exec(text);
  if (range && /\p{L}/u.test(range[1]!)) {
    const first = shiftDate(`${range[1]}${range[2]}`, days, language);
    const length = Number(range[4]) - Number(range[2]);
    const day = first && /(\d{1,2})$/.exec(first);
    return day ? `${first}${range[3]}${Number(day[1]) + length}` : undefined;
  }
  // "15/04", and "9.5." or "14.3" (a day and month the German way, the last dot often outside the span).
  const dayMonth = /^(\d{1,2})([/.])(\d{1,2})(\.?)$/.exec(text);
  if (dayMonth && (dayMonth[2] === '/' || (Number(dayMonth[1]) <= 31 && Number(dayMonth[3]) <= 12))) {
    const [, d, sep, mo, end] = dayMonth as unknown as [string, string, string, string, string];
    const shifted = shiftDate(`${d}${sep}${mo}${sep}2001`, days, language);
    return shifted === undefined ? undefined : shifted.replace(/[/.]\d{4}$/, '') + end;
  }
  // "02/2024": a month and year, moved by about a month per 30 days.
  const monthYear = /^(\d{1,2})([/.-])((?:19|20)\d{2})$/.exec(text);
  if (monthYear && Number(monthYear[1]) >= 1 && Number(monthYear[1]) <= 12) {
    const total = Number(monthYear[3]) * 12 + Number(monthYear[1]) - 1 + (Math.round(days / 30) || Math.sign(days) || 1);
    return `${pad((total % 12) + 1, monthYear[1]!)}${monthYear[2]}${Math.floor(total / 12)}`;
  }
  // "dia 20", "el día 3", "am 14.", "le 5": a day of the month after the word for it, moved as "the 14th" is.
  const dayWord = /^((?:(?:el|o)\s+)?d[ií]a\s+|le\s+|am\s+|il\s+|(?:il\s+)?giorno\s+|the\s+)(\d{1,2})(\.?)$/iu.exec(text);
  if (dayWord && Number(dayWord[2]) >= 1 && Number(dayWord[2]) <= 31) return `${dayWord[1]}${movedDay(Number(dayWord[2]), days)}${dayWord[3]}`;
  const move = (y: number, m: number, d: number) => {
    const date = new Date(Date.UTC(y, m, d + days));
    return { y: date.getUTCFullYear(), m: date.getUTCMonth(), d: date.getUTCDate() };
  };
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (m) {
    const r = move(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
    return `${r.y}-${pad(r.m + 1, m[2]!)}-${pad(r.d, m[3]!)}`;
  }
  m = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})$/.exec(text);
  if (m) {
    // Day first unless the second number cannot be a month.
    const dayFirst = Number(m[3]) <= 12;
    const [d, mo] = dayFirst ? [Number(m[1]), Number(m[3])] : [Number(m[3]), Number(m[1])];
    const year = m[4]!.length === 2 ? 2000 + Number(m[4]) : Number(m[4]);
    const r = move(year, mo - 1, d);
    const y = m[4]!.length === 2 ? pad(r.y % 100, m[4]!) : String(r.y);
    const [a, b] = dayFirst ? [pad(r.d, m[1]!), pad(r.m + 1, m[3]!)] : [pad(r.m + 1, m[1]!), pad(r.d, m[3]!)];
    return `${a}${m[2]}${b}${m[2]}${y}`;
  }
  // "3 March 2024", "3rd of March", "March 3rd, 2024", "March 2024".
  // "3 de marzo de 2024", "3. März 2024", "3 mars 2024".
  m = /^(\d{1,2}(?:st|nd|rd|th|er|\.|º|°)?)(\s+(?:of\s+|de\s+)?)(\p{L}+\.?)(,?\s+(?:de\s+|del\s+)?)?(\d{4})?$/u.exec(text);
  let month = m ? monthWord(m[3]!, language) : undefined;
  if (m && month) {
    const r = move(m[5] ? Number(m[5]) : 2001, month.month, parseInt(m[1]!, 10));
    return `${ordinal(r.d, m[1]!)}${m[2]}${monthName(month, r.m, m[3]!)}${m[5] ? `${m[4] ?? ' '}${r.y}` : ''}`;
  }
  m = /^(\p{L}+\.?)(\s+)(\d{1,2}(?:st|nd|rd|th)?)(?:(,?\s+)(\d{4}))?$/u.exec(text);
  month = m ? monthWord(m[1]!, language) : undefined;
  if (m && month) {
    const r = move(m[5] ? Number(m[5]) : 2001, month.month, parseInt(m[3]!, 10));
    return `${monthName(month, r.m, m[1]!)}${m[2]}${ordinal(r.d, m[3]!)}${m[5] ? `${m[4]}${r.y}` : ''}`;
  }
  m = /^(\p{L}+\.?)(\s+(?:de\s+|del\s+)?)(\d{4})$/u.exec(text);
  month = m ? monthWord(m[1]!, language) : undefined;
  if (m && month) {
    const months = Math.round(days / 30) || 1;
    const total = Number(m[3]) * 12 + month.month + months;
    return `${monthName(month, ((total % 12) + 12) % 12, m[1]!)}${m[2]}${Math.floor(total / 12)}`;
  }
  return undefined;
}

/**
 * The dates inside a span `shiftDate` does not read whole, each moved by the same `days`, the words around them as
 * typed: "15th January along" (a word the tagger took in), "10 février au 2 mars" (a range of two dates, which
 * keeps its length). Only pieces with a day or month number; a year alone stays, as it does as a span of its own
 * (./stand-ins.ts `keptByDefault`). Undefined when there is no such piece.
 */
export function shiftDatesWithin(text: string, days: number, language = 'en'): string | undefined {
  const words = [...text.matchAll(/\S+/g)].map((w) => ({ start: w.index, end: w.index + w[0].length }));
  let out = '';
  let last = 0;
  for (let i = 0; i < words.length; i++) {
    for (let j = words.length; j > i; j--) {
      const piece = text.slice(words[i]!.start, words[j - 1]!.end).replace(/[,;:!?)]+$/u, '');
      if (!/\d/.test(piece) || /^\d{4}$/.test(piece)) continue;
      const moved = shiftDate(piece, days, language);
      if (moved === undefined || moved === piece) continue;
      out += text.slice(last, words[i]!.start) + moved;
      last = words[i]!.start + piece.length;
      i = j - 1;
      break;
    }
  }
  return last === 0 ? undefined : out + text.slice(last);
}

/** `text` (an amount with its currency) scaled by `factor`, keeping its significant digits and format. */
export function scaleMoney(text: string, factor: number): string | undefined {
  const m = /(\d{1,3}(?:([,.\s])\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)/.exec(text);
  if (!m) return undefined;
  const raw = m[1]!;
  const group = m[2];
  // A decimal mark is the last '.' or ',' followed by 1-2 digits at the end, unless it is the group mark.
  const decimal = /[.,](\d{1,2})$/.exec(raw);
  const decimalMark = decimal && decimal[0][0] !== group ? decimal[0][0] : undefined;
  const digits = raw
    .replace(decimalMark ? new RegExp(`\\${decimalMark}(?=\\d{1,2}$)`) : /$^/, '#')
    .replace(/[^\d#]/g, '')
    .replace('#', '.');
  const value = Number(digits);
  if (!Number.isFinite(value) || value === 0) return undefined;
  const significant = Math.max(2, digits.replace('.', '').replace(/^0+/, '').replace(/0+$/, '').length);
  const scaled = value * factor;
  const magnitude = Math.floor(Math.log10(scaled));
  const decimals = decimalMark ? decimal![1]!.length : 0;
  const step = Math.max(10 ** (magnitude - significant + 1), 10 ** -decimals);
  let rounded = Math.max(step, Math.round(scaled / step) * step);
  if (rounded === value) rounded += step;
  let body = rounded.toFixed(decimals);
  const [first, frac] = body.split('.');
  let whole = first;
  if (group) whole = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  body = frac !== undefined ? `${whole}${decimalMark}${frac}` : whole!;
  return text.slice(0, m.index) + body + text.slice(m.index + raw.length);
}

/** Life stages an age keeps (CDC-like bands): child under 13, teen 13–17, adult 18–64, senior 65+. */
export type LifeStage = 'child' | 'teen' | 'adult' | 'senior';
export function lifeStage(age: number): LifeStage {
  return age < 13 ? 'child' : age < 18 ? 'teen' : age < 65 ? 'adult' : 'senior';
}

/**
 * The finer stages a moved age keeps, within its life stage. Young adults: 18–20 and 21–24 (21, an age of majority
 * for drinking, gambling and some licences; 25 for insurance and railcards); from 25, five-year bands (25–29,
 * 30–34, … 60–64, 65–69, …, 85+), the bands of census and health tables, on whose lines most age limits fall:
 * fertility treatment at 35, 40 or 43, screening at 40, 50 or 60, pensions at 60 or 65 (a 37-year-old partner
 * sent as 40 was graded across an IVF limit, a 41-year-old sent as 38 across a prenatal-test exemption). A stand-in
 * still differs by one to three years, so what it tells a page is the band, as a decade phrase would. A minor's
 * age decides doses, school years and which law applies (criminal responsibility at 10, 12, 14 or 16; work,
 * consent and driving at 16), so it moves within a narrow band: baby 0–1, preschool 2–4, 5–9, 10–12, 13–15, 16–17.
 */
export type AgeStage =
  'baby' | 'preschool' | 'child' | 'preteen' | 'young teen' | 'older teen' | 'young adult' | 'adult under 25' | `${number}–${number}` | '85+';
// prettier-ignore
const AGE_STAGES: readonly (readonly [below: number, stage: AgeStage])[] = [
  [2, 'baby'], [5, 'preschool'], [10, 'child'], [13, 'preteen'], [16, 'young teen'], [18, 'older teen'],
  [21, 'young adult'], [25, 'adult under 25'],
  ...Array.from({ length: 12 }, (_, i) => [30 + 5 * i, `${25 + 5 * i}–${29 + 5 * i}`] as const),
  [Infinity, '85+'],
];
/** Ages below this are a child's, moved by one or two years only (`movedAge`). */
const CHILD_BELOW = 14;
export function ageStage(age: number): AgeStage {
  return AGE_STAGES.find(([below]) => age < below)![1];
}

// prettier-ignore
const UNITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
// prettier-ignore
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
// prettier-ignore
const ORDINAL_TENS: Record<string, string> = { twenty: 'twentieth', thirty: 'thirtieth', forty: 'fortieth', fifty: 'fiftieth', sixty: 'sixtieth', seventy: 'seventieth', eighty: 'eightieth', ninety: 'ninetieth' };

/** 0–99 in words ("sixty-two"). */
export function numberWords(n: number): string {
  if (n < 20) return UNITS[n]!;
  const tens = TENS[Math.floor(n / 10)]!;
  return n % 10 ? `${tens}-${UNITS[n % 10]}` : tens;
}

/** "sixty-two" → 62; undefined when the text is not a number in words. */
export function wordsNumber(text: string): number | undefined {
  const t = text.toLowerCase().replace(/\s+/g, '-');
  const unit = UNITS.indexOf(t);
  if (unit >= 0) return unit;
  const [tens, ones] = t.split('-');
  const ten = TENS.indexOf(tens!);
  if (ten < 2) return undefined;
  if (ones === undefined) return ten * 10;
  const one = UNITS.indexOf(ones);
  return one > 0 && one < 10 ? ten * 10 + one : undefined;
}

export function ordinalSuffix(n: number): string {
  return n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th';
}

/**
 * The age `n` moved by about `shift` years within its life stage: the other way when the shift would leave the
 * stage, by a decade for a round age ("turning fifty" → "turning sixty"), never to itself.
 */
export function movedAge(n: number, shift: number, round = false, lines: readonly number[] = []): number {
  // A child's age moves by a year or two, never three: a custody, school or childcare answer changes with each
  // ("6" had become "9"). (Two steps, so an age at its stage's edge still has two stand-ins: 12 → 10 or 11.)
  if (n < CHILD_BELOW) shift = Math.sign(shift) * Math.min(Math.abs(shift), 2);
  const step = round && n >= 20 && n % 10 === 0 ? 10 * Math.sign(shift) : shift;
  const stage = ageStage(n);
  const candidates = [n + step, n - step, n + shift, n - shift, n + Math.sign(step), n - Math.sign(step)];
  // On the same side of every line the message states ("18 to 45", "pension at 67"): a first pass with them, and
  // without them when none is left.
  const sameSide = (candidate: number) => lines.every((line) => Math.sign(candidate - line) === Math.sign(n - line));
  for (const side of [sameSide, () => true])
    for (const candidate of candidates) if (candidate >= 1 && candidate !== n && ageStage(candidate) === stage && side(candidate)) return candidate;
  return n + 1;
}

/** An age's number, in digits or words ("45", "45-year-old", "sixty-two"), or undefined (a decade phrase, a month count). */
export function ageNumber(text: string): number | undefined {
  if (DECADE.test(text) || /^\d+\s*-?\s*(?:months?|weeks?)\b/iu.test(text)) return undefined;
  const digits = /^\(?(\d{1,3})(?!\d)/.exec(text);
  if (digits) return Number(digits[1]);
  return wordsNumber(text.split(/[\s]/)[0] ?? '');
}

// prettier-ignore
const DECADE_WORDS = ['teens', 'twenties', 'thirties', 'forties', 'fifties', 'sixties', 'seventies', 'eighties', 'nineties'];
/** "forties", "40s", "40's", "40-something", "fortysomething", with "early", "mid" or "late" before it. */
const DECADE = new RegExp(
  `^((?:early|mid|late)(?:[- ]|\\s+)?)?(?:(\\d)0(['’]?s|[- ]?something)|(${DECADE_WORDS.join('|')})|(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)([- ]?something))$`,
  'i',
);

/** Whether an age span is a decade phrase ("forties", "late 60s", "mid-thirties", "40-something"). */
export function isDecadePhrase(text: string): boolean {
  return DECADE.test(text.trim());
}

const QUALIFIERS = ['early', 'mid', 'late'];

/**
 * A decade phrase as an explicit Replace writes it (by default it is kept: src/crossmap/stand-ins.ts
 * `keptByDefault`), in its own form, never a number: with "early", "mid" or "late" the decade stays and the
 * qualifier moves to a neighbour ("early forties" → "mid forties": about the few years a numeric age moves);
 * a bare decade moves to a neighbouring decade wholly in the same life stage ("forties" → "thirties" or
 * "fifties"), and stays when there is none ("teens", "sixties": 60–64 and 65–69 are different stages).
 */
function shiftDecade(m: RegExpExecArray, shift: number): string {
  const [, qualifier, digit, digitTail, word, tensWord, wordTail] = m;
  if (qualifier) {
    const said = /^[a-z]+/i.exec(qualifier)![0];
    const to = QUALIFIERS.indexOf(said.toLowerCase()) === 1 ? (shift > 0 ? 2 : 0) : 1;
    return sameCase(said, QUALIFIERS[to]!) + m[0].slice(said.length);
  }
  const d = digit ? Number(digit) * 10 : word ? (DECADE_WORDS.indexOf(word.toLowerCase()) + 1) * 10 : TENS.indexOf(tensWord!.toLowerCase()) * 10;
  const moved = [d + 10 * Math.sign(shift), d - 10 * Math.sign(shift)].find(
    (c) => c >= 20 && c <= 90 && d >= 20 && lifeStage(c) === lifeStage(d) && lifeStage(c + 9) === lifeStage(d + 9),
  );
  if (moved === undefined) return m[0];
  if (digit) return `${moved / 10}0${digitTail}`;
  if (word) return sameCase(word, DECADE_WORDS[moved / 10 - 1]!);
  return sameCase(tensWord!, TENS[moved / 10]!) + wordTail;
}

/**
 * An age span with its number moved within its stage (./movedAge, `ageStage`): "7", "a 6-year-old", "61yo",
 * "turning fifty", "30th", "3 months old" (months move by the shift, never to zero); a decade phrase ("in my 30s",
 * "mid-thirties", "a 40-something") stays a decade phrase (./shiftDecade). A number in words stays in words,
 * with the case it had; a round milestone in words or as an ordinal ("fifty", "50th") moves by a decade when
 * that stays in its stage. A text it cannot read is returned as it is, never replaced by a number.
 */
export function shiftAge(text: string, shift: number, lines: readonly number[] = []): string {
  const decade = DECADE.exec(text);
  if (decade) return shiftDecade(decade, shift);
  const months = /^(\d+)(\s*|-)(months?|weeks?)([- ]olds?)?$/i.exec(text);
  if (months) {
    const moved = Math.max(1, Number(months[1]) + shift) === Number(months[1]) ? Number(months[1]) + 1 : Math.max(1, Number(months[1]) + shift);
    return `${moved}${months[2]}${months[3]}${months[4] ?? ''}`;
  }
  const digits = /\d+/.exec(text);
  if (digits) {
    const n = Number(digits[0]);
    let rest = text.slice(digits.index + digits[0].length);
    const moved = movedAge(n, shift, /^(?:st|nd|rd|th)/i.test(rest), lines);
    if (/^(?:st|nd|rd|th)/i.test(rest)) rest = ordinalSuffix(moved) + rest.slice(2);
    return text.slice(0, digits.index) + String(moved) + rest;
  }
  const word = /^([a-z]+(?:[- ][a-z]+)?)(.*)$/i.exec(text);
  const ordinal = Object.entries(ORDINAL_TENS).find(([, o]) => text.toLowerCase().startsWith(o));
  if (ordinal) {
    const moved = movedAge(wordsNumber(ordinal[0])!, shift, true, lines);
    const words = moved % 10 === 0 ? (ORDINAL_TENS[TENS[moved / 10]!] ?? `${moved}th`) : `${moved}${ordinalSuffix(moved)}`;
    return sameCase(text, words) + text.slice(ordinal[1].length);
  }
  for (let cut = word?.[1]?.length ?? 0; cut > 0; cut--) {
    const n = wordsNumber(text.slice(0, cut));
    if (n !== undefined) return sameCase(text, numberWords(movedAge(n, shift, true, lines))) + text.slice(cut);
  }
  // Not an age this module reads: kept as written, never a number in place of words ("in my 29").
  return text;
}

function sameCase(like: string, text: string): string {
  return /^\p{Lu}/u.test(like) ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/**
 * Fresh characters of the same kinds: digits for digits, letters for letters (same case), the rest kept. With
 * nothing to redraw after the prefix ("/" between an ID's parts, a phone's "+41" alone), the prefix too; with
 * nothing at all, the text as it is (it had recursed without end, and the send failed).
 */
export function scramble(text: string, draw: Draw, keepPrefix = 0): string {
  if (!/[\p{L}\p{N}]/u.test(text.slice(keepPrefix))) return keepPrefix > 0 ? scramble(text, draw) : text;
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  let out = text.slice(0, keepPrefix);
  for (const ch of text.slice(keepPrefix)) {
    if (/\p{N}/u.test(ch)) out += String(draw(10));
    else if (/\p{Lu}/u.test(ch)) out += letters[draw(letters.length)];
    else if (/\p{L}/u.test(ch)) out += letters[draw(letters.length)]!.toLowerCase();
    else out += ch;
  }
  return out === text ? scramble(text, draw, keepPrefix) : out;
}

/** An IBAN as typed, with or without its groups' spaces: two letters of its country, two check digits, the rest. */
export const IBAN = /\b[A-Z]{2}\d{2}(?:[ -]?[A-Z0-9]){11,30}\b/;

/**
 * An IBAN with a fresh account part (its characters redrawn as `scramble` does), its country's two letters kept and
 * its two check digits computed again (ISO 13616, mod 97), in the groups it was typed in. A stand-in with another
 * country's letters, or one failing its check, had made a genuine letter look like a scam ("DE89…" sent as
 * "TK07…").
 */
export function scrambleIban(text: string, draw: Draw): string {
  const account = scramble(text.slice(4), draw);
  const rest = ibanRemainder(`${text.slice(0, 2)}00${account.replace(/[ -]/g, '')}`.toUpperCase());
  return `${text.slice(0, 2)}${String(98 - rest).padStart(2, '0')}${account}`;
}

/** ISO 13616's remainder of an IBAN written without spaces (its country and check digits moved to the end): 1 when it checks. */
export function ibanRemainder(compact: string): number {
  let rest = 0;
  for (const d of (compact.slice(4) + compact.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55))) rest = (rest * 10 + Number(d)) % 97;
  return rest;
}

/** A phone number with fresh digits; an international prefix ("+44") and a trunk 0 are kept. */
export function scramblePhone(text: string, draw: Draw): string {
  const prefix = /^(\+\d{1,3}[\s.-]?|0)/.exec(text)?.[0].length ?? 0;
  return scramble(text, draw, prefix);
}
