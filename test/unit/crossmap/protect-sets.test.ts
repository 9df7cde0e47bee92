/**
 * The message-protection sets (issue 18) are well formed: every span's offsets give its text, its kind is a
 * span kind Veil knows (and not one of the internal ones), the optional gender and life-stage fields are
 * valid and on the right kinds, spans do not overlap, the sets are as large as the issue asks, and each
 * JSONL file is exactly what its hand-marked source builds to.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMarked, type ProtectItem } from '../../../scripts/build-protect-set';
import { readCrossmapSet } from '../../../scripts/eval-crossmap';
import { SPAN_KINDS } from '../../../src/crossmap/types';

const SETS = [
  { path: 'eval/protect.jsonl', marked: 'eval/protect.marked.txt', min: 150, minEmpty: 12 },
  { path: 'eval/protect-holdout.jsonl', marked: 'eval/protect-holdout.marked.txt', min: 60, minEmpty: 5 },
];
const NOT_LABELLED = ['profile', 'custom', 'proper'];

const read = (path: string): ProtectItem[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as ProtectItem);

describe.each(SETS)('$path', ({ path, marked, min, minEmpty }) => {
  const items = read(path);

  it('is large enough and has prompts with no sensitive span', () => {
    expect(items.length).toBeGreaterThanOrEqual(min);
    expect(items.filter((i) => i.spans.length === 0).length).toBeGreaterThanOrEqual(minEmpty);
  });

  it('has spans whose UTF-16 offsets give their text, with known kinds and valid optional fields', () => {
    for (const item of items) {
      expect(typeof item.category).toBe('string');
      for (const s of item.spans) {
        const where = `${s.text} in: ${item.text}`;
        expect(Number.isInteger(s.start) && Number.isInteger(s.end) && 0 <= s.start && s.start < s.end && s.end <= item.text.length, where).toBe(true);
        expect(item.text.slice(s.start, s.end), where).toBe(s.text);
        expect(s.text.trim(), where).toBe(s.text);
        expect(SPAN_KINDS, where).toContain(s.kind);
        expect(NOT_LABELLED, where).not.toContain(s.kind);
        const extra = Object.keys(s).filter((k) => !['start', 'end', 'text', 'kind'].includes(k));
        for (const k of extra) {
          if (k === 'gender') {
            expect(s.kind, where).toBe('person');
            expect(['female', 'male'], where).toContain(s.gender);
          } else if (k === 'stage') {
            expect(s.kind, where).toBe('age');
            expect(['child', 'teen', 'adult', 'senior'], where).toContain(s.stage);
          } else throw new Error(`unknown field ${k} on ${where}`);
        }
      }
    }
  });

  it('has no overlapping spans, in text order', () => {
    for (const item of items) {
      item.spans.forEach((s, i) => {
        if (i > 0) expect(item.spans[i - 1]!.end, `${s.text} in: ${item.text}`).toBeLessThanOrEqual(s.start);
      });
    }
  });

  it('is what its hand-marked source builds to', () => {
    expect(parseMarked(readFileSync(marked, 'utf8'), marked)).toEqual(items);
  });

  it('is read by the evaluation as it is', () => {
    expect(readCrossmapSet(path)).toHaveLength(items.length);
  });
});

it('the dev and holdout sets share no prompt', () => {
  const dev = new Set(read(SETS[0]!.path).map((i) => i.text.toLowerCase()));
  expect(read(SETS[1]!.path).filter((i) => dev.has(i.text.toLowerCase()))).toEqual([]);
});
