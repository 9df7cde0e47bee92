/**
 * Check (and with --fix, complete) labelled messages for the message tagger (data/tagger/GUIDE.md).
 *
 *   npx tsx scripts/tagger-data/check.ts [--fix] FILE...
 *
 * --fix fills a span's start/end from its text, looked for after the previous span of the same list, and
 * rewrites the file. Every line must parse, name a known language and kind, and have spans whose text is
 * exactly the message's slice, in order and not overlapping; a general question has no spans.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { SPAN_KINDS } from '../../src/core/span-kinds';

const LANGS = new Set(['en', 'de', 'fr', 'es', 'pt', 'it']);
const KINDS = new Set<string>(SPAN_KINDS.filter((k) => k !== 'profile' && k !== 'custom' && k !== 'proper'));

interface Span {
  start?: number;
  end?: number;
  text: string;
  kind?: string;
}
interface Message {
  lang: string;
  general: boolean;
  style?: string;
  text: string;
  spans: Span[];
  keep?: Span[];
}

function place(text: string, spans: Span[], fix: boolean, where: string, errors: string[]): void {
  let from = 0;
  for (const span of spans) {
    if (typeof span.text !== 'string' || span.text === '') {
      errors.push(`${where}: a span without text`);
      continue;
    }
    if (fix && (span.start === undefined || text.slice(span.start, span.end) !== span.text)) {
      const at = text.indexOf(span.text, from);
      if (at < 0) {
        errors.push(`${where}: "${span.text}" not found after offset ${from}`);
        continue;
      }
      span.start = at;
      span.end = at + span.text.length;
    }
    if (span.start === undefined || span.end === undefined || text.slice(span.start, span.end) !== span.text)
      errors.push(`${where}: "${span.text}" is not at ${span.start}-${span.end}`);
    else if (span.start < from) errors.push(`${where}: "${span.text}" overlaps or is out of order`);
    else from = span.end;
  }
}

const fix = process.argv.includes('--fix');
const files = process.argv.slice(2).filter((a) => a !== '--fix');
let failed = false;
const seen = new Map<string, string>();
for (const file of files) {
  const errors: string[] = [];
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  const out: string[] = [];
  lines.forEach((line, i) => {
    const where = `${file}:${i + 1}`;
    let m: Message;
    try {
      m = JSON.parse(line) as Message;
    } catch (e) {
      errors.push(`${where}: not JSON (${(e as Error).message})`);
      out.push(line);
      return;
    }
    if (!LANGS.has(m.lang)) errors.push(`${where}: lang "${m.lang}"`);
    if (typeof m.text !== 'string' || m.text.trim() === '') errors.push(`${where}: no text`);
    if (typeof m.general !== 'boolean') errors.push(`${where}: general must be true or false`);
    if (!Array.isArray(m.spans)) m.spans = [];
    m.keep ??= [];
    // A word written as a plain string is read as its text (--fix wrote such entries back empty before).
    const asSpan = (s: Span | string): Span => (typeof s === 'string' ? { text: s } : s);
    m.spans = (m.spans as (Span | string)[]).map(asSpan);
    m.keep = (m.keep as (Span | string)[]).map(asSpan);
    if (m.general && m.spans.length > 0) errors.push(`${where}: a general question has personal spans`);
    for (const s of m.spans) if (!KINDS.has(s.kind ?? '')) errors.push(`${where}: kind "${s.kind}"`);
    place(m.text, m.spans, fix, where, errors);
    place(m.text, m.keep, fix, `${where} keep`, errors);
    const key = m.text.trim().toLowerCase();
    if (seen.has(key)) errors.push(`${where}: same message as ${seen.get(key)}`);
    seen.set(key, where);
    out.push(
      JSON.stringify({
        lang: m.lang,
        general: m.general,
        ...(m.style ? { style: m.style } : {}),
        text: m.text,
        spans: m.spans.map((s) => ({ start: s.start, end: s.end, text: s.text, kind: s.kind })),
        keep: m.keep.map((s) => ({ start: s.start, end: s.end, text: s.text })),
      }),
    );
  });
  if (fix) writeFileSync(file, out.join('\n') + '\n');
  for (const e of errors.slice(0, 50)) console.error(e);
  if (errors.length > 50) console.error(`… and ${errors.length - 50} more`);
  console.log(`${file}: ${lines.length} messages, ${errors.length} errors`);
  if (errors.length) failed = true;
}
process.exit(failed ? 1 : 0);
