/**
 * `veil map --input FILE.jsonl [--seed N]` (issue 10): CROSS-MAP's offline mapper on one `{ "text": … }`
 * per line; one `{ theme, dictionary, mapped }` per line out. Each line is its own conversation (a fresh
 * codebook). Without `--seed`, substitutes are drawn with crypto randomness.
 */
import { z } from 'zod';
import { createOfflineMapper, newCodebook } from '../crossmap';
import { CliError, parseJsonLines, readText, required } from './args';
import { randomSourceOf } from './release';

export const OPTIONS = ['input', 'seed'] as const;
export const HELP = [
  'veil map --input FILE.jsonl [--seed N]',
  '  CROSS-MAP: each line { "text": … } → { theme, dictionary: [{ original, substitute, kind }], mapped }. The mapped text is',
  '  what a chat site would see; keep the dictionary to recover the answer (veil recover). No formal guarantee: it hides',
  '  only the spans it detects (names, places, organisations, dates, ages, amounts, contacts, IDs, health, finance, legal terms).',
].join('\n');

const Line = z.object({ text: z.string().max(20_000) }).strict();

export async function run(args: Map<string, string>, out: (line: string) => void): Promise<void> {
  const path = required(args, 'input');
  const random = randomSourceOf(args);
  const lines = parseJsonLines(await readText(path), path).map(({ line, value }) => {
    const parsed = Line.safeParse(value);
    if (!parsed.success) throw new CliError(`${path}:${line}: expected { "text": string }`);
    return parsed.data;
  });
  const mapper = createOfflineMapper(random);
  for (const { text } of lines) {
    const { result } = await mapper.map(text, { codebook: newCodebook(random) });
    out(JSON.stringify({ theme: result.theme, dictionary: result.dictionary, mapped: result.mapped }));
  }
}
