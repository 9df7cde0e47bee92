/**
 * The generative mapper (issue 10): a local instruct model writes the mapping as JSON; Veil validates it
 * and uses it only when it is at least as safe as the offline mapper's. It falls back to the offline
 * mapper's result, with the reason, when the output
 * - is not one JSON object `{ theme, dictionary: [{ original, substitute }], mapped }` (schema below);
 * - misses a span the offline detector finds (every detected span must be in its dictionary);
 * - names an original that is not in the prompt, reuses one substitute for two originals, or keeps an
 *   original as its own substitute;
 * - changes a substitute this conversation already uses;
 * - leaves any original in the mapped text, or does not use a substitute it declared.
 * The model runs on the device (text-generator.ts); nothing here knows which model it is.
 */
import { z } from 'zod';
import { lookupKey, type CodebookState } from './codebook';
import type { DetectOptions } from './detect';
import { detectInConversation, promptDictionary, type Mapper, type MapOutcome } from './mapper';
import { wordPattern } from './recover';
import type { DictionaryEntry, Span, SpanKind } from './types';

/** What the model must return. */
export const generativeOutputSchema = z
  .object({
    theme: z.string().min(1).max(80),
    dictionary: z.array(z.object({ original: z.string().min(1).max(500), substitute: z.string().min(1).max(500) })).max(200),
    mapped: z.string().min(1).max(40_000),
  })
  .strict();

/** The instruction a model is given: the prompt, the spans it must map, and the pairs already in use. */
export function generativePrompt(text: string, spans: readonly Span[], codebook: CodebookState): string {
  const pairs = codebook.entries.map((e) => `${JSON.stringify(e.original)} -> ${JSON.stringify(e.substitute)}`).join('\n');
  return [
    `Rewrite the user's message so that it is about "${codebook.theme}" instead, keeping its structure and task.`,
    'Replace every sensitive span (names, places, organisations, dates, ages, amounts, contacts, IDs, health, money and legal matters) with a substitute of the same role from that theme.',
    `These spans must be replaced: ${spans.map((s) => JSON.stringify(s.text)).join(', ') || '(none found)'}.`,
    pairs ? `Keep these replacements from earlier in the conversation:\n${pairs}` : '',
    'Answer with one JSON object and nothing else: {"theme": string, "dictionary": [{"original": string, "substitute": string}], "mapped": string}.',
    `Message: ${JSON.stringify(text)}`,
  ]
    .filter(Boolean)
    .join('\n');
}

/** The first balanced JSON object in a model's output (models wrap JSON in prose or code fences). */
function firstObject(output: string): unknown {
  const start = output.indexOf('{');
  if (start < 0) throw new Error('the model wrote no JSON object');
  let depth = 0;
  let inString = false;
  for (let i = start; i < output.length; i++) {
    const c = output[i]!;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return JSON.parse(output.slice(start, i + 1)) as unknown;
  }
  throw new Error('the model’s JSON object is not complete');
}

/** Check a model's output against the prompt and the offline detector; the reason it fails, or the outcome. */
export function checkGenerative(
  text: string,
  output: string,
  spans: readonly Span[],
  codebook: CodebookState,
): { ok: true; outcome: MapOutcome } | { ok: false; reason: string } {
  let parsed: z.infer<typeof generativeOutputSchema>;
  try {
    const result = generativeOutputSchema.safeParse(firstObject(output));
    if (!result.success) return { ok: false, reason: 'the model’s JSON is not of the expected shape' };
    parsed = result.data;
  } catch (error) {
    return { ok: false, reason: error instanceof SyntaxError ? 'the model did not write valid JSON' : (error as Error).message };
  }
  const pairs = parsed.dictionary;
  const keys = new Set(pairs.map((p) => lookupKey(p.original)));
  const missed = spans.filter((s) => !keys.has(lookupKey(s.text)));
  if (missed.length) return { ok: false, reason: `the model left out ${missed.map((s) => `“${s.text}”`).join(', ')}` };
  for (const p of pairs) {
    if (!wordPattern(p.original).test(text)) return { ok: false, reason: `the model mapped “${p.original}”, which is not in the message` };
    if (lookupKey(p.original) === lookupKey(p.substitute)) return { ok: false, reason: `the model kept “${p.original}” as it is` };
    const earlier = codebook.entries.find((e) => lookupKey(e.original) === lookupKey(p.original));
    if (earlier && lookupKey(earlier.substitute) !== lookupKey(p.substitute))
      return { ok: false, reason: `the model changed the replacement of “${p.original}”` };
    if (wordPattern(p.original).test(parsed.mapped)) return { ok: false, reason: `the mapped text still says “${p.original}”` };
    if (!parsed.mapped.toLowerCase().includes(p.substitute.toLowerCase())) return { ok: false, reason: `the mapped text does not use “${p.substitute}”` };
  }
  const substitutes = pairs.map((p) => lookupKey(p.substitute));
  if (new Set(substitutes).size !== substitutes.length) return { ok: false, reason: 'the model gave two originals one replacement' };
  const taken = new Set(codebook.entries.filter((e) => !keys.has(lookupKey(e.original))).map((e) => lookupKey(e.substitute)));
  if (substitutes.some((s) => taken.has(s))) return { ok: false, reason: 'the model reused a replacement that stands for something else' };

  // Accepted: the pairs join the conversation's codebook, with the offline detector's kind where it has one.
  const kindOf = (original: string): SpanKind => spans.find((s) => lookupKey(s.text) === lookupKey(original))?.kind ?? 'proper';
  const fresh: DictionaryEntry[] = pairs
    .filter((p) => !codebook.entries.some((e) => lookupKey(e.original) === lookupKey(p.original)))
    .map((p) => ({ original: p.original, substitute: p.substitute, kind: kindOf(p.original) }));
  const next: CodebookState = { ...codebook, entries: [...codebook.entries, ...fresh] };
  const allSpans: Span[] = [];
  for (const p of pairs) {
    const m = wordPattern(p.original).exec(text)!;
    allSpans.push({ start: m.index, end: m.index + m[0].length, text: m[0], kind: kindOf(p.original) });
  }
  allSpans.sort((a, b) => a.start - b.start);
  const replaced = pairs.flatMap((p) => {
    const at = parsed.mapped.toLowerCase().indexOf(p.substitute.toLowerCase());
    return at < 0
      ? []
      : [{ start: at, end: at + p.substitute.length, text: parsed.mapped.slice(at, at + p.substitute.length), kind: kindOf(p.original), original: p.original }];
  });
  replaced.sort((a, b) => a.start - b.start);
  return {
    ok: true,
    outcome: {
      result: { theme: codebook.theme, dictionary: promptDictionary(next, allSpans), mapped: parsed.mapped, replaced },
      codebook: next,
      spans: allSpans,
    },
  };
}

/**
 * A mapper that asks `generate` (a local model) first and checks its answer; the offline mapper's result,
 * with the reason, whenever the model's is not safe to use or the model fails.
 */
export function generativeMapper(
  generate: (prompt: string) => Promise<string>,
  offline: Mapper,
  detect: (text: string, options: DetectOptions) => Span[],
): Mapper {
  return {
    id: 'generative',
    async map(text, context) {
      const spans = detectInConversation(detect, text, context);
      let reason: string;
      try {
        const checked = checkGenerative(text, await generate(generativePrompt(text, spans, context.codebook)), spans, context.codebook);
        if (checked.ok) return checked.outcome;
        reason = checked.reason;
      } catch (error) {
        reason = `the model failed (${error instanceof Error ? error.message : String(error)})`;
      }
      return { ...(await offline.map(text, context)), offlineBecause: reason };
    },
  };
}
