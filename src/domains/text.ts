/**
 * Text normalisation shared by the lexicons and the description builder, chosen to match what the bundled
 * model's tokenizer does (BERT normaliser: lower case, accents stripped; split on anything that is not a
 * letter or digit), so a lexicon phrase and an embedded description see the same tokens.
 */

/** Lower case, accents and curly quotes removed. `normalizeText('Côte d’Ivoire') === "cote d'ivoire"`. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .toLowerCase();
}

/** Word tokens: runs of letters or digits. `tokens("Master's, MSc") → ['master', 's', 'msc']`. */
export function tokens(text: string): string[] {
  return normalizeText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Drop a parenthetical or trailing qualifier: "Malay (macrolanguage)" → "Malay". */
export function stripQualifier(name: string): string {
  return name.replace(/\s*\(.*?\)\s*/g, ' ').trim();
}
