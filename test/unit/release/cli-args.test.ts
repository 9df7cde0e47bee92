/** The CLI's options, parsed by node:util parseArgs: each refusal names what is wrong. */
import { describe, expect, it } from 'vitest';
import { parseOptions } from '../../../src/cli/args';
import { HELP, OPTIONS } from '../../../src/cli/release';

describe('CLI options', () => {
  it('takes --name value and --name=value, each once', () => {
    expect(parseOptions(['--profile', 'p.json', '--epsilon=8'], OPTIONS)).toEqual(new Map([['profile', 'p.json'], ['epsilon', '8']]));
  });
  it.each([
    [['--bogus', '1'], /^unknown option --bogus \(known: --profile --mechanism --variant/],
    [['--profile', 'a', '--profile', 'b'], /^--profile given twice$/],
    [['--profile'], /^--profile needs a value$/],
    [['--profile', '--epsilon', '8'], /^--profile needs a value$/],
    [['stray'], /^unexpected argument "stray"$/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseOptions(argv, OPTIONS)).toThrow(message);
  });
  it('each command says what it does and how the variant is chosen', () => {
    expect(HELP).toMatch(/^veil release --profile FILE --mechanism slot\|block \[--variant veil\|paper\]/);
    expect(HELP).toContain('"Unspecified"');
  });
});
