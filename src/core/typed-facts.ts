/**
 * Withheld facts the person typed into the prompt itself ("I'm a pediatric nurse in Lyon…"). Veil keeps
 * the profile out of the page, but a prompt is typed into the site's own editor, so the review panel
 * points these out and offers to put the released category in their place.
 *
 * Matching is deliberately simple and public-rule based: whole words, any letter case, spaces, hyphens or
 * underscores between the words of a value, a plural or singular last word, and each part of a list value
 * ("Polish, English"). Values shorter than two characters are not looked for.
 *
 * ```ts
 * typedFacts('Tips for a pediatric-nurse on nights?', profile);
 * // [{ entity: 'self', field: 'occupation', start: 11, end: 26, text: 'pediatric-nurse' }]
 * ```
 */
import type { Profile } from './profile';

export interface TypedFact {
  entity: string;
  field: string;
  /** Where the prompt mentions it (UTF-16 offsets, end exclusive) and the words it used. */
  start: number;
  end: number;
  text: string;
}

export function typedFacts(prompt: string, profile: Profile): TypedFact[] {
  const found: TypedFact[] = [];
  for (const attribute of profile.attributes) {
    if (attribute.sharing !== 'withheld') continue;
    for (const part of valueParts(attribute.value)) {
      for (const match of prompt.matchAll(variantPattern(part))) {
        const start = match.index;
        const end = start + match[0].length;
        if (found.some((f) => f.start < end && start < f.end)) continue;
        found.push({ entity: attribute.entity, field: attribute.field, start, end, text: match[0] });
      }
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/**
 * Where `value` (or, for a list value, each of its parts) is written in `prompt`, by the rules above, in text
 * order and never overlapping. The protection step (src/crossmap/protect-spans.ts) finds withheld values this way.
 */
export function valueMatches(prompt: string, value: string): { start: number; end: number; text: string }[] {
  const found: { start: number; end: number; text: string }[] = [];
  for (const part of valueParts(value)) {
    for (const match of prompt.matchAll(variantPattern(part))) {
      const start = match.index;
      const end = start + match[0].length;
      if (!found.some((f) => f.start < end && start < f.end)) found.push({ start, end, text: match[0] });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** The value and, for a list ("Polish, English; German"), each of its parts; longest first. */
function valueParts(value: string): string[] {
  const parts = [value, ...value.split(/\s*[,;/]\s*|\s+and\s+/i)].map((p) => p.trim()).filter((p) => p.length >= 2);
  return [...new Set(parts)].sort((a, b) => b.length - a.length);
}

function variantPattern(value: string): RegExp {
  const words = value
    .split(/[\s\-_]+/)
    .filter(Boolean)
    .map(escape);
  const last = words.length - 1;
  // "nurses" for "nurse" and "nurse" for "nurses".
  words[last] = /s$/i.test(words[last]!) && words[last]!.length > 3 ? `${words[last]!.slice(0, -1)}(?:e?s)?` : `${words[last]}(?:e?s)?`;
  return new RegExp(`(?<![\\p{L}\\p{N}])${words.join('[\\s\\-_]+')}(?![\\p{L}\\p{N}])`, 'giu');
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The prompt with each typed fact replaced by `replacement(fact)`. */
export function replaceTypedFacts(prompt: string, facts: readonly TypedFact[], replacement: (fact: TypedFact) => string): string {
  let out = '';
  let at = 0;
  for (const fact of [...facts].sort((a, b) => a.start - b.start)) {
    out += prompt.slice(at, fact.start) + replacement(fact);
    at = fact.end;
  }
  return out + prompt.slice(at);
}
