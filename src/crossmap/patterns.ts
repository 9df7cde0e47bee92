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
const SCALE = '(?:\\s?(?:k|K|m|bn|million|billion|thousand|grand)\\b)?';

/** Finders in priority order: a span found by an earlier one wins an overlap. */
const FINDERS: readonly [SpanKind, RegExp, number?][] = [
  ['email', /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g],
  // IBAN-like and US social security numbers, before phones take their digits.
  ['id', /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){3,7}(?: ?[A-Z0-9]{1,4})?\b/g],
  ['id', /\b\d{3}-\d{2}-\d{4}\b/g],
  ['date', /\b\d{4}-\d{1,2}-\d{1,2}\b/g],
  ['date', /\b\d{1,2}[/.-]\d{1,2}[/.-](?:\d{4}|\d{2})\b/g],
  ['date', new RegExp(`\\b${DAY}\\s+(?:of\\s+)?${MONTH}\\.?(?:,?\\s+\\d{4})?\\b`, 'g')],
  ['date', new RegExp(`\\b${MONTH}\\.?\\s+${DAY}(?:,?\\s+\\d{4})?\\b(?!\\s*(?:years?|yrs?)\\b)`, 'g')],
  ['date', new RegExp(`\\b${MONTH}\\.?\\s+\\d{4}\\b`, 'g')],
  ['money', new RegExp(`(?:R\\$|[$£€¥₹₦₱])\\s?(?:${AMOUNT})${SCALE}`, 'g')],
  ['money', new RegExp(`\\b(?:${CURRENCY_CODES})\\s?(?:${AMOUNT})${SCALE}`, 'g')],
  ['money', new RegExp(`\\b(?:${AMOUNT})${SCALE}\\s?(?:${CURRENCY_CODES}|${CURRENCY_WORDS})\\b`, 'gi')],
  // Phones: an international prefix or a leading 0 or a bracketed area code, 8 to 15 digits in groups.
  ['phone', /(?:\+\d{1,3}[\s.-]?(?:\(0\)\s?)?|\(\d{2,5}\)\s?|\b0)\d{1,5}(?:[\s.-]?\d{2,5}){1,4}\b/g],
  ['phone', /\b\d{3}[\s.-]\d{3}[\s.-]\d{4}\b/g],
  // ID-like: a token of 6+ letters, digits or dashes with at least 4 digits (policy, case, account numbers).
  ['id', /\b(?=[A-Za-z0-9-]*\d{2}[A-Za-z0-9-]*\d{2})(?=[A-Za-z0-9-]*[0-9]{4}|[A-Za-z0-9-]*\d[A-Za-z0-9-]*\d[A-Za-z0-9-]*\d[A-Za-z0-9-]*\d)[A-Za-z0-9][A-Za-z0-9-]{4,}[A-Za-z0-9]\b/g],
  // Ages: the number of "7-year-old", "42 years old", "aged 42", "age 42", "42yo", "a 42 y/o".
  ['age', /\b\d{1,3}(?=[- ]?(?:years?|yrs?|yr)[- ]?old\b|\s?(?:yo|y\/o)\b)/g],
  ['age', /(?<=\b(?:aged?|turning|turned)\s)\d{1,3}\b/gi],
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
    for (const m of text.matchAll(pattern)) {
      const found = m[0].trim();
      const start = m.index! + m[0].indexOf(found);
      if (plausible(kind, found)) addSpan(spans, { start, end: start + found.length, text: found, kind });
    }
  }
  return spans.filter((s) => !taken.includes(s)).sort((a, b) => a.start - b.start);
}
