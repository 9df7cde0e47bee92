/**
 * Turns a hand-marked prompt list into a labelled JSONL set for `npm run eval:crossmap`:
 *
 *   npx tsx scripts/build-protect-set.ts eval/protect.marked.txt eval/protect.jsonl
 *
 * One prompt a line, `category: text`, each labelled span written in place as `[[span|kind]]`, with an
 * optional third field: `f`/`m` for a person's gender, `child`/`teen`/`adult`/`senior` for an age's life
 * stage (`[[Priya|person|f]]`, `[[17|age|teen]]`). Lines starting with `#` and blank lines are skipped.
 * Offsets are counted in UTF-16 code units, as `String.prototype.slice` does. The rules for what is
 * labelled are in eval/README.md ("Message protection sets").
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { SPAN_KINDS, type SpanKind } from '../src/crossmap/types';

export interface ProtectSpan {
  start: number;
  end: number;
  text: string;
  kind: SpanKind;
  gender?: 'female' | 'male';
  stage?: 'child' | 'teen' | 'adult' | 'senior';
}
export interface ProtectItem {
  category: string;
  text: string;
  spans: ProtectSpan[];
}

const STAGES = ['child', 'teen', 'adult', 'senior'] as const;

export function parseMarkedLine(line: string, where = 'line'): ProtectItem {
  const colon = line.indexOf(': ');
  if (colon < 1) throw new Error(`${where}: no "category: " prefix`);
  const category = line.slice(0, colon).trim();
  const marked = line.slice(colon + 2).trim();
  let text = '';
  const spans: ProtectSpan[] = [];
  const re = /\[\[([^\]|]+)\|([a-z-]+)(?:\|([a-z]+))?\]\]/g;
  let last = 0;
  for (const m of marked.matchAll(re)) {
    text += marked.slice(last, m.index);
    const [, body, kind, extra] = m as unknown as [string, string, string, string | undefined];
    if (!(SPAN_KINDS as readonly string[]).includes(kind)) throw new Error(`${where}: unknown kind ${kind}`);
    const span: ProtectSpan = { start: text.length, end: text.length + body.length, text: body, kind: kind as SpanKind };
    if (extra !== undefined) {
      if (kind === 'person' && (extra === 'f' || extra === 'm')) span.gender = extra === 'f' ? 'female' : 'male';
      else if (kind === 'age' && (STAGES as readonly string[]).includes(extra)) span.stage = extra as ProtectSpan['stage'];
      else throw new Error(`${where}: bad extra field ${extra} on ${kind}`);
    }
    text += body;
    spans.push(span);
    last = m.index + m[0].length;
  }
  text += marked.slice(last);
  if (text.includes('[[') || text.includes(']]')) throw new Error(`${where}: unbalanced marks`);
  return { category, text, spans };
}

export function parseMarked(source: string, path: string): ProtectItem[] {
  return source.split('\n').flatMap((raw, i) => (raw.trim() === '' || raw.startsWith('#') ? [] : [parseMarkedLine(raw, `${path}:${i + 1}`)]));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [input, output] = process.argv.slice(2);
  if (!input || !output) throw new Error('usage: build-protect-set.ts MARKED.txt OUT.jsonl');
  const items = parseMarked(readFileSync(input, 'utf8'), input);
  writeFileSync(output, items.map((item) => JSON.stringify(item)).join('\n') + '\n');
  console.log(`${output}: ${items.length} prompts, ${items.reduce((n, i) => n + i.spans.length, 0)} spans`);
}
