/** zod's problems in words (src/core/zod-issue.ts): what storage, messaging and the CLI show a person. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firstIssue, problemInWords } from '../../../src/core/zod-issue';

const schema = z.strictObject({
  name: z.string().min(1).max(3),
  count: z.number().int().min(1).max(10),
  kind: z.enum(['a', 'b']),
  tags: z.array(z.string()).max(1),
  custom: z.string().regex(/^x/, 'must start with x').optional(),
});
const ok = { name: 'ab', count: 2, kind: 'a', tags: [] };

function problem(input: unknown): string {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error('expected a failure');
  return problemInWords(parsed.error.issues[0]!, input);
}

describe('problemInWords', () => {
  it.each([
    [{ ...ok, name: undefined }, 'is missing'],
    [{ ...ok, name: 5 }, 'must be text, not a number'],
    [{ ...ok, name: '' }, 'must not be empty'],
    [{ ...ok, name: 'abcd' }, 'must have at most 3 characters'],
    [{ ...ok, count: 0 }, 'must be at least 1'],
    [{ ...ok, count: 11 }, 'must be at most 10'],
    [{ ...ok, kind: 'c' }, 'must be one of "a", "b"'],
    [{ ...ok, tags: ['a', 'b'] }, 'must have at most 1 item'],
    [{ ...ok, tags: 'a' }, 'must be a list, not text'],
    [{ ...ok, extra: 1 }, 'has unknown keys extra'],
    [{ ...ok, custom: 'y' }, 'must start with x'],
  ])('%j → %s', (input, words) => {
    expect(problem(input)).toBe(words);
  });
  it('reads what was found from zod when the input is not at hand, and never passes zod wording on', () => {
    const parsed = schema.safeParse({ ...ok, name: undefined });
    expect(firstIssue(parsed.error!)).toBe('name: is missing');
    const typed = schema.safeParse({ ...ok, count: 'two' });
    expect(firstIssue(typed.error!)).toBe('count: must be a number, not text');
    expect(firstIssue(typed.error!, { ...ok, count: 'two' })).toBe('count: must be a number, not text');
    expect(firstIssue(typed.error!)).not.toMatch(/Invalid input|expected/);
  });
});
