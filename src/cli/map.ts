/**
 * `veil map --input FILE.jsonl [--mode protect|crossmap] [--seed N]` (issues 10, 18): one `{ "text": … }` per
 * line; each line is its own conversation (a fresh codebook). Without `--seed`, substitutes are drawn with crypto
 * randomness.
 *
 * - `--mode protect` (the default, what the extension does on a reviewed send): identifiers replaced, special
 *   categories generalized; one `{ text, marks, dictionary }` per line.
 * - `--mode crossmap`: the themed mapping of every span (the compose box's explicit choice); one
 *   `{ theme, dictionary, mapped }` per line, as before.
 */
import { z } from 'zod';
import { createOfflineMapper, newCodebook, protect } from '../crossmap';
import { loadNodeTagger } from '../crossmap/tagger/node';
import { CliError, parseJsonLines, readText, required, wrongFileHint } from './args';
import { randomSourceOf } from './release';

export const OPTIONS = ['input', 'seed', 'mode'] as const;
export const HELP = [
  'veil map --input FILE.jsonl [--mode protect|crossmap] [--seed N]',
  '  Each line { "text": … } is one conversation. --mode protect (default, as the extension sends): names, places,',
  '  organisations, dates, ages, amounts, contacts and IDs the message tagger reads as personal are replaced by substitutes of the same kind; health,',
  '  medicines, mental health, pregnancy, sexuality, gender identity, immigration, criminal history, substance use,',
  '  religion, ethnicity, politics, money trouble, job loss and legal matters are generalized to a public phrase of their',
  '  category → { text, marks: [{ id, start, end, text, kind, treatment, substitute, generalization }], dictionary }.',
  '  --mode crossmap: every span replaced by a themed substitute → { theme, dictionary, mapped }.',
  '  text/mapped is what a chat site would see; keep the dictionary to recover the answer (veil recover). No formal',
  '  guarantee: only the spans it detects are changed.',
].join('\n');

const Line = z.object({ text: z.string().max(20_000) }).strict();

export async function run(args: Map<string, string>, out: (line: string) => void): Promise<void> {
  const path = required(args, 'input');
  const mode = args.get('mode') ?? 'protect';
  if (mode !== 'protect' && mode !== 'crossmap') throw new CliError(`--mode must be protect or crossmap, not "${mode}"`);
  const random = randomSourceOf(args);
  const lines = parseJsonLines(await readText(path), path, '--input', 'prompt').map(({ line, value }) => {
    const parsed = Line.safeParse(value);
    if (!parsed.success) throw new CliError(`${path}:${line}: expected { "text": string }${wrongFileHint(value, 'prompt')}`);
    return parsed.data;
  });
  // The message tagger reads every line, as in the extension; a tagger that cannot load stops here.
  const tagger = await loadNodeTagger().catch((error: unknown) => {
    throw new CliError(`the message tagger could not be loaded (${error instanceof Error ? error.message : String(error)}); run npm run build:tagger`);
  });
  if (mode === 'protect') {
    for (const { text } of lines) {
      const sent = await protect(text, { codebook: newCodebook(random), random, tag: tagger.tag }, async () => undefined);
      out(JSON.stringify({ text: sent.text, marks: sent.marks, dictionary: sent.dictionary }));
    }
    return;
  }
  const mapper = createOfflineMapper(random);
  for (const { text } of lines) {
    const { result } = await mapper.map(text, { codebook: newCodebook(random), tagging: await tagger.tag(text) });
    out(JSON.stringify({ theme: result.theme, dictionary: result.dictionary, mapped: result.mapped }));
  }
}
