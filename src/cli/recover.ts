/**
 * `veil recover --input FILE.jsonl` (issue 10): CROSS-MAP's recoverer on one `{ dictionary, answer }` per
 * line (the dictionary as `veil map` printed it); one `{ text, restored }` per line out, `restored` saying
 * where each original was put back.
 */
import { z } from 'zod';
import { recover } from '../crossmap';
import { SPAN_KINDS } from '../crossmap/types';
import { CliError, parseJsonLines, readText, required, wrongFileHint } from './args';

export const OPTIONS = ['input'] as const;
export const HELP = [
  'veil recover --input FILE.jsonl',
  '  CROSS-MAP: each line { dictionary: [{ original, substitute, kind }], answer } → { text, restored }: the answer with every',
  '  substitute (any case, plural, possessive, without its article) put back as its original.',
].join('\n');

const Line = z
  .object({
    dictionary: z.array(z.object({ original: z.string().min(1), substitute: z.string().min(1), kind: z.enum(SPAN_KINDS) }).strict()),
    answer: z.string().max(200_000),
  })
  .strict();

export async function run(args: Map<string, string>, out: (line: string) => void): Promise<void> {
  const path = required(args, 'input');
  const lines = parseJsonLines(await readText(path), path, '--input').map(({ line, value }) => {
    const parsed = Line.safeParse(value);
    if (!parsed.success)
      throw new CliError(`${path}:${line}: expected { "dictionary": [{ "original", "substitute", "kind" }], "answer": string }${wrongFileHint(value)}`);
    return parsed.data;
  });
  for (const { dictionary, answer } of lines) {
    const { text, restored } = recover(answer, dictionary);
    out(JSON.stringify({ text, restored }));
  }
}
