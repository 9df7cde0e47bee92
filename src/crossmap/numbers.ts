/**
 * Substitutes for spans with a shape, keeping the shape: a date moves by the conversation's day shift and
 * keeps its format, an amount is scaled by the conversation's factor and keeps its currency and precision
 * (so two amounts keep their ratio), an age moves by a few years, and e-mail addresses, phone numbers and
 * IDs get fresh characters of the same kinds. All randomness comes from the caller's draw function.
 */
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** A uniform integer in [0, n). */
export type Draw = (n: number) => number;

function monthIndex(word: string): number {
  return MONTHS.findIndex((m) => m.startsWith(word.toLowerCase().replace(/\.$/, '').slice(0, 3)));
}

function renderMonth(like: string, index: number): string {
  const full = MONTHS[index]!;
  const bare = like.replace(/\.$/, '').toLowerCase();
  const word = MONTHS.includes(bare) ? full : full.slice(0, bare.length);
  const cased = like[0] === like[0]!.toUpperCase() ? word[0]!.toUpperCase() + word.slice(1) : word;
  return like.endsWith('.') ? `${cased}.` : cased;
}

function ordinal(day: number, like: string): string {
  if (!/(st|nd|rd|th)$/i.test(like)) return String(day);
  const suffix = day % 10 === 1 && day !== 11 ? 'st' : day % 10 === 2 && day !== 12 ? 'nd' : day % 10 === 3 && day !== 13 ? 'rd' : 'th';
  return `${day}${suffix}`;
}

const pad = (n: number, like: string) => String(n).padStart(like.length, '0');

/** `text` moved by `days`, in its own format; undefined when it is not a date this module reads. */
export function shiftDate(text: string, days: number): string | undefined {
  // A weekday would be wrong after the shift: it is dropped. A range "Nov 3-5" moves as a whole.
  const weekday = /^(?:(?:Mon|Tues?|Wed(?:nes)?|Thu(?:rs)?|Fri|Sat(?:ur)?|Sun)(?:day)?\.?,?\s+)(?=\S)/i.exec(text);
  if (weekday) return shiftDate(text.slice(weekday[0].length), days);
  const range = /^(.*?)(\d{1,2})\s?([-–])\s?(\d{1,2})$/.exec(text);
  if (range && /[A-Za-z]/.test(range[1]!)) {
    const first = shiftDate(`${range[1]}${range[2]}`, days);
    const length = Number(range[4]) - Number(range[2]);
    const day = first && /(\d{1,2})$/.exec(first);
    return day ? `${first}${range[3]}${Number(day[1]) + length}` : undefined;
  }
  const dayMonth = /^(\d{1,2})\/(\d{1,2})$/.exec(text);
  if (dayMonth) {
    const shifted = shiftDate(`${text}/2001`, days);
    return shifted?.replace(/\/\d{4}$/, '');
  }
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
  m = /^(\d{1,2}(?:st|nd|rd|th)?)(\s+(?:of\s+)?)([A-Za-z]+\.?)(,?\s+)?(\d{4})?$/.exec(text);
  if (m && monthIndex(m[3]!) >= 0) {
    const r = move(m[5] ? Number(m[5]) : 2001, monthIndex(m[3]!), parseInt(m[1]!, 10));
    return `${ordinal(r.d, m[1]!)}${m[2]}${renderMonth(m[3]!, r.m)}${m[5] ? `${m[4] ?? ' '}${r.y}` : ''}`;
  }
  m = /^([A-Za-z]+\.?)(\s+)(\d{1,2}(?:st|nd|rd|th)?)(?:(,?\s+)(\d{4}))?$/.exec(text);
  if (m && monthIndex(m[1]!) >= 0) {
    const r = move(m[5] ? Number(m[5]) : 2001, monthIndex(m[1]!), parseInt(m[3]!, 10));
    return `${renderMonth(m[1]!, r.m)}${m[2]}${ordinal(r.d, m[3]!)}${m[5] ? `${m[4]}${r.y}` : ''}`;
  }
  m = /^([A-Za-z]+\.?)(\s+)(\d{4})$/.exec(text);
  if (m && monthIndex(m[1]!) >= 0) {
    const months = Math.round(days / 30) || 1;
    const total = Number(m[3]) * 12 + monthIndex(m[1]!) + months;
    return `${renderMonth(m[1]!, ((total % 12) + 12) % 12)}${m[2]}${Math.floor(total / 12)}`;
  }
  return undefined;
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
  const digits = raw.replace(decimalMark ? new RegExp(`\\${decimalMark}(?=\\d{1,2}$)`) : /$^/, '#').replace(/[^\d#]/g, '').replace('#', '.');
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
  let [whole, frac] = body.split('.');
  if (group) whole = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  body = frac !== undefined ? `${whole}${decimalMark}${frac}` : whole!;
  return text.slice(0, m.index) + body + text.slice(m.index + raw.length);
}

/** An age moved by `shift` years (never below 1). */
export function shiftAge(text: string, shift: number): string {
  const n = Number(text);
  const moved = n + shift >= 1 ? n + shift : n + Math.abs(shift);
  return String(moved);
}

/** Fresh characters of the same kinds: digits for digits, letters for letters (same case), the rest kept. */
export function scramble(text: string, draw: Draw, keepPrefix = 0): string {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  let out = text.slice(0, keepPrefix);
  for (const ch of text.slice(keepPrefix)) {
    if (/\d/.test(ch)) out += String(draw(10));
    else if (/[A-Z]/.test(ch)) out += letters[draw(letters.length)];
    else if (/[a-z]/.test(ch)) out += letters[draw(letters.length)]!.toLowerCase();
    else out += ch;
  }
  return out === text ? scramble(text, draw, keepPrefix) : out;
}

/** A phone number with fresh digits; an international prefix ("+44") and a trunk 0 are kept. */
export function scramblePhone(text: string, draw: Draw): string {
  const prefix = /^(\+\d{1,3}[\s.-]?|0)/.exec(text)?.[0].length ?? 0;
  return scramble(text, draw, prefix);
}
