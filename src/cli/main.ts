/**
 * Veil's command-line interface (DESIGN.md "Command-line interface").
 *
 *   npx veil score --field occupation --value "Pediatric nurse"      (bin/veil.mjs)
 *   npm run --silent cli -- score --field occupation --value "Pediatric nurse"
 *
 * JSON to stdout; bad input gets one line on stderr and exit code 1, never a stack trace. A note that is
 * not output (an ε off the extension's grid) is one `veil: note: …` line on stderr.
 */
import { CliError, parseOptions } from './args';

interface Command {
  OPTIONS: readonly string[];
  HELP: string;
  run(args: Map<string, string>, out: (line: string) => void): Promise<void>;
}

const commands: Record<string, () => Promise<Command>> = {
  score: () => import('./score'),
  release: () => import('./release'),
  sample: () => import('./sample'),
  map: () => import('./map'),
  recover: () => import('./recover'),
  memview: () => import('./memview'),
};

const usage = `usage: npx veil <command> [options]       (from the checkout; the same as npm run --silent cli -- <command> …)
  score   --input FILE.jsonl | --field F --value V
  release --profile FILE --mechanism slot|block [--variant veil|paper] --epsilon N [--seed N] [--format structured|freeform]
          [--instruction TEXT] [--facts all|needed] [--suppressed omit|mark]
  sample  --profile FILE --mechanism slot|block [--variant veil|paper] --epsilon N --n N [--seed N]
  map     --input FILE.jsonl [--mode protect|crossmap] [--seed N]   { "text" } per line → { text, marks, dictionary }
          (protect: identifiers replaced, special categories generalized; crossmap: { theme, dictionary, mapped })
  recover --input FILE.jsonl                   CROSS-MAP: { dictionary, answer } per line → { text, restored }
  memview --store FILE --queries FILE.jsonl --mode online|pre [--K N] [--seed N]   DP-MemView: views, charges, ledgers per turn
--epsilon N: any ε above 0 up to 65536, exact at each (the extension offers 2, 4, 8, …, 8192; another value gets a note on stderr).
npx veil <command> --help says what one command does.`;

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === 'help') {
    // Asked for: usage on stdout, exit 0. Missing command: usage on stderr, exit 1.
    (name ? process.stdout : process.stderr).write(usage + '\n');
    return name ? 0 : 1;
  }
  const load = commands[name];
  if (!load) throw new CliError(`unknown command "${name}" (try: ${Object.keys(commands).join(', ')})`);
  const command = await load();
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(`usage: npx ${command.HELP}\n`);
    return 0;
  }
  await command.run(parseOptions(rest, command.OPTIONS), (line) => process.stdout.write(line + '\n'));
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`veil: ${message.split('\n')[0]}\n`);
    if (process.env.VEIL_DEBUG && error instanceof Error) process.stderr.write(`${error.stack}\n`);
    process.exit(1);
  },
);
