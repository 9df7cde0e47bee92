/**
 * A plain-language reading of a per-release budget ε. The guarantee (pure ε-Profile-DP): whatever an
 * observer believed about a withheld fact, one fresh release changes their odds by at most a factor e^ε.
 * Factors are computed in log space, as e^8192 overflows a float.
 */
import type { FactChoice, Mechanism } from '../core/choices';
import type { Variant } from '../dp/utility';
import { MEASURED } from './measured-utility';

const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** An integer as superscript digits, so "e⁸" and "10³⁵⁵⁸" read as powers in plain text. */
export function superscript(n: number): string {
  return String(n).replace(/\d/g, (d) => SUPERSCRIPT[Number(d)]!);
}

/** e^ε written for people: "about 2,981" or "about 10³⁵⁵⁸". */
export function oddsFactor(epsilon: number): string {
  const log10 = epsilon * Math.LOG10E;
  if (log10 < 6) return `about ${Math.round(Math.exp(epsilon)).toLocaleString('en-US')}`;
  return `about 10${superscript(Math.round(log10))}`;
}

/**
 * What ε means, in two sentences: the formal bound, and what was measured at that ε for the chosen
 * mechanism and variant (src/ui/measured-utility.ts). Nothing here promises more than those figures.
 */
export function epsilonReading(
  epsilon: number,
  mechanism: Mechanism = 'block',
  variant: Variant = 'veil',
  facts: FactChoice = 'needed',
): { odds: string; summary: string } {
  const odds = `One fresh release changes an observer's odds about your withheld facts by at most e${superscript(epsilon)}, ${oddsFactor(epsilon)} times (shared among the facts it privatizes).`;
  const rates = MEASURED[facts][`${mechanism}-${variant}`][epsilon];
  const profiles = facts === 'needed' ? 'releases carrying 1 or 2 withheld facts, as a message usually needs' : '3 to 5 withheld facts, all sent';
  const summary = rates
    ? `Measured on Veil's test profiles (${profiles}): a withheld fact comes out as its right category ${rates[0]}% of the time, as "Unspecified" ${rates[1]}%, and as a wrong category ${rates[2]}%. Your own facts' figures are in the preview.`
    : 'Not measured at this ε: see the preview for your own facts.';
  return { odds, summary };
}
