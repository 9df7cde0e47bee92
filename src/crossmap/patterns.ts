/**
 * Sensitive spans that have a shape: e-mail addresses, dates, money amounts, phone numbers, ID-like numbers
 * and ages. Each finder returns spans in text order; `detectSpans` (./detect.ts) merges them with the
 * lexicon finders, earlier finders first when two overlap.
 *
 * ```ts
 * patternSpans('Call me on +44 7700 900123 about the £850 rent.');
 * // [{ kind: 'phone', text: '+44 7700 900123' }, { kind: 'money', text: '£850' }]
 * ```
 */
import type { Span, SpanKind } from './types';

const MONTH = '(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)';
const DAY = '\\d{1,2}(?:st|nd|rd|th)?';
const CURRENCY_CODES = 'USD|EUR|GBP|INR|JPY|CNY|NGN|BRL|MXN|PHP|CAD|AUD|NZD|CHF|ZAR|KES|SGD|HKD|SEK|NOK|DKK|PLN|TRY|AED';
const CURRENCY_WORDS = 'dollars?|bucks|pounds?|quid|euros?|rupees?|naira|pesos?|reais|real|yen|francs?|rand|shillings?|yuan|ringgit|dirhams?';
const AMOUNT = '\\d{1,3}(?:[,.\\s]\\d{3})+(?:[.,]\\d{1,2})?|\\d+(?:[.,]\\d{1,2})?';
const SCALE = '(?:\\s?(?:k|K|m|bn|million|billion|thousand|grand|lakh|crore)\\b)?';
const NAME = "\\p{Lu}[\\p{L}'’-]+";
const STREET = '(?:Road|Rd|Street|St|Avenue|Ave|Lane|Ln|Drive|Dr|Boulevard|Blvd|Way|Close|Court|Ct|Place|Pl|Terrace|Crescent|Parkway|Pkwy|Highway|Hwy|Kingsway|Row|Gardens|Square|Hill|Grove)';
/** ", Columbus, OH 43215", ", Bristol BS6 7BP", ", 1100-053 Lisboa", ", Paris": a town, a state, a postcode. */
const TOWN = `(?:,?\\s+(?:\\d{4}-\\d{3}\\s+)?${NAME}(?:\\s+${NAME})?)?(?:,?\\s+[A-Z]{2})?(?:\\s+\\d{5}(?:-\\d{4})?)?(?:\\s+[A-Z]{1,2}\\d[A-Z\\d]?\\s?\\d[A-Z]{2})?`;
const WEEKDAY = '(?:(?:Mon|Tues?|Wed(?:nes)?|Thu(?:rs)?|Fri|Sat(?:ur)?|Sun)(?:day)?\\.?,?\\s+)?';

/** Finders in priority order: a span found by an earlier one wins an overlap. */
const FINDERS: readonly [SpanKind, RegExp, number?][] = [
  ['email', /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g],
  // IBAN-like and US social security numbers, before phones take their digits.
  ['id', /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){3,7}(?: ?[A-Z0-9]{1,4})?\b/g],
  ['id', /\b\d{3}-\d{2}-\d{4}\b/g],
  ['date', /\b\d{4}-\d{1,2}-\d{1,2}\b/g],
  ['date', /\b\d{1,2}[/.-]\d{1,2}[/.-](?:\d{4}|\d{2})\b/g],
  ['date', new RegExp(`\\b${WEEKDAY}${DAY}\\s+(?:of\\s+)?${MONTH}\\.?(?:,?\\s+\\d{4})?\\b`, 'g')],
  ['date', new RegExp(`\\b${WEEKDAY}${MONTH}\\.?\\s+${DAY}(?:\\s?[-–]\\s?\\d{1,2})?(?:,?\\s+\\d{4})?\\b(?!\\s*(?:years?|yrs?)\\b)`, 'g')],
  // Day and month without a year ("19/07", "11/14"): one of the two can be a month.
  ['date', /\b(?:[12]\d|3[01]|0?[1-9])\/(?:[12]\d|3[01]|0?[1-9])\b(?![/\d])/g],
  ['date', new RegExp(`\\b${MONTH}\\.?\\s+\\d{4}\\b`, 'g')],
  // Street addresses: "1827 Maple Ridge Dr, Columbus, OH 43215", "Flat 3, 27 Cranbrook Road, Bristol BS6 7BP",
  // "12 Rue de la Roquette, Paris", "Calle de Alcalá 210, Madrid", "Rua Augusta 145, 1100-053 Lisboa".
  ['place', new RegExp(`(?:(?:Flat|Apt\\.?|Apartment|Unit|Suite)\\s*\\d+[A-Za-z]?,?\\s*)?\\b\\d{1,5}[A-Za-z]?,?\\s+(?:${NAME}\\s+){0,3}${STREET}\\.?${TOWN}`, 'gu')],
  ['place', new RegExp(`(?:\\b\\d{1,5},?\\s+)?\\b(?:Rue|Calle|Rua|Avenida|Av\\.|Via|Viale|Plaza|Praça|Piazza|Strasse|Straße)\\s+(?:(?:de|da|do|del|della|la|le|des|dos|das)\\s+)*${NAME}(?:\\s+${NAME})*(?:\\s+\\d{1,5})?${TOWN}`, 'gu')],
  ['money', new RegExp(`(?:[A-Z]{1,3}\\$|KSh|Ksh|Rs\\.?|[$£€¥₹₦₱])\\s?(?:${AMOUNT})${SCALE}`, 'g')],
  ['money', new RegExp(`\\b(?:${CURRENCY_CODES})\\s?(?:${AMOUNT})${SCALE}`, 'g')],
  ['money', new RegExp(`\\b(?:${AMOUNT})${SCALE}\\s?(?:${CURRENCY_CODES}|${CURRENCY_WORDS})\\b`, 'gi')],
  // Phones: an international prefix or a leading 0 or a bracketed area code, 8 to 15 digits in groups.
  ['phone', /(?:\+\d{1,3}[\s.-]?(?:\(0\)\s?)?|\(\d{2,5}\)\s?|\b0)\d{1,5}(?:[\s.-]?\d{2,5}){1,4}\b/g],
  ['phone', /\b\d{3}[\s.-]\d{3}[\s.-]\d{4}\b/g],
  // ID-like: a token of 6+ letters, digits or dashes with at least 4 digits (policy, case, account numbers).
  ['id', /\b(?=[A-Za-z0-9-]*\d{2}[A-Za-z0-9-]*\d{2})(?=[A-Za-z0-9-]*[0-9]{4}|[A-Za-z0-9-]*\d[A-Za-z0-9-]*\d[A-Za-z0-9-]*\d[A-Za-z0-9-]*\d)[A-Za-z0-9][A-Za-z0-9-]{4,}[A-Za-z0-9]\b/g],
  // An ID after the word that names it: "account MCM 8830021945", "my UTR is 84729 10365", "SSN ends in 4417".
  ['id', /\b(?:account|acct|number|no\.|ref(?:erence)?|policy|case|ssn|utr|receipt|member|customer|claim|order|ticket|invoice|ends in)(?:\s+(?:number|no\.?|is|in))?\s*[#:]?\s*(?<span>(?:[A-Z]{1,4}[\s-]?)?\d[\d -]{2,}\d)\b/gi],
  // Ages: the number of "7-year-old", "42 years old", "aged 42", "age 42", "42yo", "a 42 y/o".
  ['age', /\b\d{1,3}(?=[- ]?(?:years?|yrs?|yr)[- ]?old\b|\s?(?:yo|y\/o)\b)/g],
  ['age', /(?<=\b(?:aged?|turning|turned|turns?)\s)\d{1,3}\b/gi],
  // "I'm 54", "she's 11 now", "Leo is 6", "they are 72 and 75", "my son Tyler (17)".
  ['age', /(?<=\b(?:i['’]?m|i am|he['’]s|she['’]s|he is|she is|they['’]re|is|was|are|were)\s)\d{1,3}\b(?!\s*(?:%|percent|weeks?|days?|months?|hours?|minutes?|mg|mcg|kg|g|lbs?|times|am|pm|x|[:.,/]\d))/gi],
  ['age', /(?<=\b(?:are|were)\s\d{1,3}\s(?:and|&)\s)\d{1,3}\b/gi],
  ['age', /(?<=\p{Lu}\p{L}+\s\()\d{1,2}(?=\))/gu],
];

/** A phone needs 8 to 15 digits; fewer is an amount or a year. */
function plausible(kind: SpanKind, text: string): boolean {
  if (kind === 'phone') {
    const digits = text.replace(/\D/g, '').length;
    return digits >= 8 && digits <= 15;
  }
  if (kind === 'id') return !/^\d{4}$/.test(text) && !/^(?:19|20)\d{2}-(?:19|20)?\d{2}$/.test(text);
  return true;
}

/** Add `span` unless it overlaps one already taken. */
export function addSpan(spans: Span[], span: Span): boolean {
  if (span.end <= span.start || spans.some((s) => s.start < span.end && span.start < s.end)) return false;
  spans.push(span);
  return true;
}

export function patternSpans(text: string, taken: Span[] = []): Span[] {
  const spans = [...taken];
  for (const [kind, pattern] of FINDERS) {
    const indexed = new RegExp(pattern.source, `${pattern.flags}d`);
    for (const m of text.matchAll(indexed)) {
      const [from, to] = m.indices!.groups?.span ?? m.indices![0]!;
      const raw = text.slice(from, to);
      const found = raw.trim();
      const start = from + raw.indexOf(found);
      if (plausible(kind, found)) addSpan(spans, { start, end: start + found.length, text: found, kind });
    }
  }
  return spans.filter((s) => !taken.includes(s)).sort((a, b) => a.start - b.start);
}
