/**
 * The measurement behind scripts/eval-tagger.ts, as a function (the unit test of the review panel's measured
 * line runs it too): what a reviewed send does by default (`protect`, seeded per message) on a holdout folder's
 * labelled messages, tallied by language and by kind. The rules are in eval-tagger.ts's header.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { newCodebook, protect, substitutePools, type Protected } from '../../src/crossmap';
import { keptByDefault } from '../../src/crossmap/stand-ins';
import { leadingWeekday } from '../../src/crossmap/weekdays';
import { isSpecialKind, SPECIAL_KINDS, type SpanKind } from '../../src/crossmap/types';
import type { Tagger } from '../../src/crossmap/tagger/tagger';
import { seededRandomSource } from '../../src/dp/exact/random';

export interface Labelled {
  lang: string;
  general: boolean;
  text: string;
  spans: { start: number; end: number; text: string; kind: string }[];
  keep?: { start: number; end: number; text: string }[];
}

export interface Tally {
  spans: number;
  covered: number;
  left: number;
  leftOnPurpose: number;
  partly: number;
  marks: number;
  correct: number;
  keep: number;
  keepChanged: number;
  general: number;
  generalChanged: number;
  messages: number;
}
export const tally = (): Tally => ({
  spans: 0,
  covered: 0,
  left: 0,
  leftOnPurpose: 0,
  partly: 0,
  marks: 0,
  correct: 0,
  keep: 0,
  keepChanged: 0,
  general: 0,
  generalChanged: 0,
  messages: 0,
});

/** Every `xx.jsonl` of a holdout folder, in language order. */
export function readHoldout(dir: string): Labelled[] {
  return readdirSync(dir)
    .filter((f) => /^[a-z]{2}\.jsonl$/.test(f))
    .sort()
    .flatMap((f) =>
      readFileSync(join(dir, f), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Labelled),
    );
}

export interface Measured {
  byLang: Map<string, Tally>;
  byKind: Map<string, Tally>;
  /** All languages together. */
  all: Tally;
  /** What was sent, one JSON line per message (`--sent`). */
  sentLines: string[];
  /** Missed spans and extra marks, in words (`--misses`). */
  misses: string[];
  /** Tag + protect time, all messages. */
  ms: number;
}

/** Every sensitive matter kept as typed. */
const KEEP_SPECIAL = Object.fromEntries(SPECIAL_KINDS.map((k) => [k, 'keep' as const]));

export async function measureHoldout(messages: readonly Labelled[], tag: Tagger['tag'], { misses: listMisses = false } = {}): Promise<Measured> {
  const byLang = new Map<string, Tally>();
  const byKind = new Map<string, Tally>();
  const get = (m: Map<string, Tally>, k: string) => m.get(k) ?? m.set(k, tally()).get(k)!;
  const sentLines: string[] = [];
  const misses: string[] = [];
  let ms = 0;
  for (const [n, m] of messages.entries()) {
    const random = seededRandomSource(n + 1);
    const t0 = performance.now();
    const sent: Protected = await protect(m.text, { codebook: newCodebook(random), random, tag }, async () => undefined);
    ms += performance.now() - t0;
    // For the grading of the generalization level: the same send with health conditions as "a health condition".
    const category = sent.marks.some((k) => k.kind === 'health' && k.treatment === 'generalize')
      ? (
          await protect(
            m.text,
            { codebook: newCodebook(seededRandomSource(n + 1)), random: seededRandomSource(n + 1), tag, healthLevel: 'category' },
            async () => undefined,
          )
        ).text
      : undefined;
    // For the grading of the privacy default: the same send with every sensitive matter kept as typed (what
    // "Keep as typed" on each of them sends; names, places and numbers still replaced).
    const keepSpecial = sent.marks.some((k) => isSpecialKind(k.kind) && k.treatment !== 'keep')
      ? (
          await protect(
            m.text,
            { codebook: newCodebook(seededRandomSource(n + 1)), random: seededRandomSource(n + 1), tag, defaults: KEEP_SPECIAL },
            async () => undefined,
          )
        ).text
      : undefined;
    sentLines.push(
      JSON.stringify({
        lang: m.lang,
        text: m.text,
        sent: sent.text,
        ...(category !== undefined && category !== sent.text ? { sentCategory: category } : {}),
        ...(keepSpecial !== undefined && keepSpecial !== sent.text ? { sentKeepSpecial: keepSpecial } : {}),
      }),
    );
    const L = get(byLang, m.lang);
    L.messages++;
    const changing = sent.marks.filter((k) => k.treatment !== 'keep');
    const coveredBy = (marks: typeof sent.marks, s: { start: number; end: number }) =>
      [...m.text.slice(s.start, s.end)].every((c, i) => !/[\p{L}\p{N}]/u.test(c) || marks.some((k) => k.start <= s.start + i && s.start + i < k.end));
    const touchedBy = (marks: typeof sent.marks, s: { start: number; end: number }) => marks.some((k) => k.start < s.end && s.start < k.end);
    // What the send wrote for a changing mark, so a span whose mark wrote it back unchanged (a date with only its
    // weekday moved: "viernes 7 de marzo" → "lunes 7 de marzo") counts as reaching the site, as it did.
    const written = (k: (typeof sent.marks)[number]) => {
      const at = sent.placed.find((p) => p.id === k.id);
      return at ? sent.text.slice(at.start, at.end) : '';
    };
    // (Replaced marks only: a generalization names the kind, "[asunto de embarazo]", which is what it sends.)
    const writtenBack = (s: { start: number; end: number; text: string; kind: string }) => {
      // A date's day and month without the weekday before them ("lunes 7/4" written back as "martes 7/4").
      const text =
        s.kind === 'date'
          ? s.text.slice((leadingWeekday(s.text) ?? /^(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s+/i.exec(s.text)?.[0] ?? '').length)
          : s.text;
      // (A date with no number left names no day: "Friday night" moved to "Tuesday night" wrote nothing back.)
      if ((text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) < 3 || (s.kind === 'date' && !/\d/.test(text))) return false;
      const back = changing
        .filter((k) => k.treatment === 'replace' && k.start < s.end && s.start < k.end)
        .map(written)
        .join(' ');
      const at = back.indexOf(text);
      return at >= 0 && !/[\p{L}\p{N}]/u.test(back.charAt(at - 1)) && !/[\p{L}\p{N}]/u.test(back.charAt(at + text.length));
    };
    for (const s of m.spans) {
      const K = get(byKind, s.kind);
      for (const t of [L, K]) t.spans++;
      if (coveredBy(sent.marks, s)) for (const t of [L, K]) t.covered++;
      if (writtenBack(s)) {
        // What Veil keeps by design written back inside a stand-in ("Springboro ohio" for "dayton ohio": the
        // state kept as typed) is kept on purpose; anything else reached the site as it was typed.
        const onPurpose = keptByDefault({ text: s.text, kind: s.kind as SpanKind }, substitutePools());
        for (const t of [L, K]) onPurpose ? t.leftOnPurpose++ : t.left++;
        if (!onPurpose && listMisses)
          misses.push(`${m.lang} ${s.kind} "${s.text}" written back unchanged in: ${m.text.slice(Math.max(0, s.start - 50), s.end + 50).replace(/\s+/g, ' ')}`);
      } else if (!touchedBy(changing, s)) {
        const onPurpose = touchedBy(sent.marks, s);
        for (const t of [L, K]) onPurpose ? t.leftOnPurpose++ : t.left++;
        if (!onPurpose && listMisses)
          misses.push(`${m.lang} ${s.kind} "${s.text}" in: ${m.text.slice(Math.max(0, s.start - 50), s.end + 50).replace(/\s+/g, ' ')}`);
      } else if (!coveredBy(changing, s)) for (const t of [L, K]) t.partly++;
    }
    for (const k of sent.marks) {
      L.marks++;
      if (m.spans.some((s) => s.start < k.end && k.start < s.end)) L.correct++;
      else if (listMisses)
        misses.push(`${m.lang} EXTRA ${k.kind} "${k.text}" (${k.treatment}) in: ${m.text.slice(Math.max(0, k.start - 50), k.end + 50).replace(/\s+/g, ' ')}`);
    }
    for (const k of m.keep ?? []) {
      L.keep++;
      const by = changing.find((c) => c.start < k.end && k.start < c.end);
      if (by) L.keepChanged++;
      if (by && listMisses)
        misses.push(
          `${m.lang} KEEP "${k.text}" changed as ${by.kind} "${by.text}" in: ${m.text.slice(Math.max(0, k.start - 50), k.end + 50).replace(/\s+/g, ' ')}`,
        );
    }
    if (m.general) {
      L.general++;
      if (sent.text !== m.text) L.generalChanged++;
    }
  }
  const all = [...byLang.values()].reduce(
    (a, t) => Object.fromEntries(Object.keys(a).map((k) => [k, a[k as keyof Tally] + t[k as keyof Tally]])) as unknown as Tally,
    tally(),
  );
  return { byLang, byKind, all, sentLines, misses, ms };
}
