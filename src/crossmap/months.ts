/**
 * Month names in the languages the tagger reads, so a date moved in a French or Italian message keeps its
 * language ("4 mars 2025" → "20 avril 2025", never "20 apr 2025"): each month's full names (the first the one
 * written) and its abbreviations (the first the one written; none for a short name such as "mai" or "May").
 *
 * ```ts
 * monthWord('févr.', 'fr'); // { language: 'fr', month: 1, form: 'short' }
 * monthName({ language: 'fr', month: 1, form: 'short' }, 7, 'févr.'); // 'août' (no shorter form)
 * ```
 */

type Names = readonly [full: readonly string[], short: readonly string[]];
// prettier-ignore
const MONTHS: Readonly<Record<string, readonly Names[]>> = {
  en: [[['january'], ['jan']], [['february'], ['feb']], [['march'], ['mar']], [['april'], ['apr']], [['may'], []], [['june'], ['jun']], [['july'], ['jul']], [['august'], ['aug']], [['september'], ['sep', 'sept']], [['october'], ['oct']], [['november'], ['nov']], [['december'], ['dec']]],
  de: [[['januar', 'jänner'], ['jan', 'jän']], [['februar'], ['feb']], [['märz'], ['mär', 'mrz']], [['april'], ['apr']], [['mai'], []], [['juni'], ['jun']], [['juli'], ['jul']], [['august'], ['aug']], [['september'], ['sep', 'sept']], [['oktober'], ['okt']], [['november'], ['nov']], [['dezember'], ['dez']]],
  fr: [[['janvier'], ['janv', 'jan']], [['février', 'fevrier'], ['févr', 'fév', 'fevr']], [['mars'], []], [['avril'], ['avr']], [['mai'], []], [['juin'], []], [['juillet'], ['juil']], [['août', 'aout'], []], [['septembre'], ['sept']], [['octobre'], ['oct']], [['novembre'], ['nov']], [['décembre', 'decembre'], ['déc', 'dec']]],
  es: [[['enero'], ['ene']], [['febrero'], ['feb']], [['marzo'], ['mar']], [['abril'], ['abr']], [['mayo'], ['may']], [['junio'], ['jun']], [['julio'], ['jul']], [['agosto'], ['ago']], [['septiembre', 'setiembre'], ['sep', 'sept', 'set']], [['octubre'], ['oct']], [['noviembre'], ['nov']], [['diciembre'], ['dic']]],
  pt: [[['janeiro'], ['jan']], [['fevereiro'], ['fev']], [['março', 'marco'], ['mar']], [['abril'], ['abr']], [['maio'], ['mai']], [['junho'], ['jun']], [['julho'], ['jul']], [['agosto'], ['ago']], [['setembro'], ['set']], [['outubro'], ['out']], [['novembro'], ['nov']], [['dezembro'], ['dez']]],
  it: [[['gennaio'], ['gen']], [['febbraio'], ['feb']], [['marzo'], ['mar']], [['aprile'], ['apr']], [['maggio'], ['mag']], [['giugno'], ['giu']], [['luglio'], ['lug']], [['agosto'], ['ago']], [['settembre'], ['set', 'sett']], [['ottobre'], ['ott']], [['novembre'], ['nov']], [['dicembre'], ['dic']]],
};

export interface MonthWord {
  readonly language: string;
  readonly month: number;
  readonly form: 'full' | 'short';
}

/**
 * The month `word` names ("März", "févr.", "Sept", "agosto"): in the message's `language` by any of its names,
 * else by its full name in the first language it is one in (English first); undefined when it is none ("ago" in
 * English is no month, "out" only in Portuguese).
 */
export function monthWord(word: string, language = 'en'): MonthWord | undefined {
  const key = word.toLowerCase().replace(/\.$/, '');
  for (const lang of [language, ...Object.keys(MONTHS)]) {
    const months = MONTHS[lang];
    if (!months) continue;
    const full = months.findIndex(([names]) => names.includes(key));
    if (full >= 0) return { language: lang, month: full, form: 'full' };
    const short = lang === language ? months.findIndex(([, names]) => names.includes(key)) : -1;
    if (short >= 0) return { language: lang, month: short, form: 'short' };
  }
  return undefined;
}

/** Month `month` in the language and form of `found`, written as `like` was: its case and its point. */
export function monthName(found: MonthWord, month: number, like: string): string {
  const [full, short] = MONTHS[found.language]![month]!;
  const word = found.form === 'short' && short[0] ? short[0] : full[0]!;
  const cased = /^\p{Lu}/u.test(like) ? word.charAt(0).toUpperCase() + word.slice(1) : word;
  // The point of an abbreviation goes with it ("févr." → "août"); after a full name it ends a sentence ("mars.").
  return like.endsWith('.') && (found.form === 'full' || word !== full[0]) ? `${cased}.` : cased;
}
