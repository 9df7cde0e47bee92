/**
 * A plain-language reading of a per-release budget ε. The guarantee (pure ε-Profile-DP): whatever an
 * observer believed about a withheld fact, one fresh release changes their odds by at most a factor e^ε.
 * Factors are computed in log space, as e^8192 overflows a float.
 */

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

export function epsilonReading(epsilon: number): { odds: string; summary: string } {
  const odds = `Each fresh release can change an observer's odds about any one withheld fact by at most e${superscript(epsilon)}, ${oddsFactor(epsilon)} times.`;
  let summary: string;
  if (epsilon <= 4) {
    summary = 'Strong protection: releases often land on a generic or unrelated category, so answers are less personal.';
  } else if (epsilon <= 32) {
    summary = 'Balanced: releases usually land on the right broad category, and stay random enough that a single release proves little.';
  } else if (epsilon <= 256) {
    summary = 'Light protection: releases almost always land on the most likely category. The formal bound is weak.';
  } else {
    summary = 'Minimal protection: releases follow your real values almost every time. The bound is astronomically large; only the coarse categories hide detail.';
  }
  return { odds, summary };
}
