/**
 * The labelled sets of eval/ (`{"field", "value", "code"}` per line), read for the evaluations. A line
 * whose field has no domain or whose code is not one of its categories stops the run, naming the line.
 */
import { readFileSync } from 'node:fs';
import { parseJsonLines } from '../src/cli/args';
import { isKnownField } from '../src/core/profile';
import { candidateDomain } from '../src/domains';

export interface Labelled {
  field: string;
  value: string;
  code: string;
}

export function readSet(path: string): Labelled[] {
  return parseJsonLines(readFileSync(path, 'utf8'), path).map(({ line, value }) => {
    const item = value as Labelled;
    const domain = isKnownField(item.field) ? candidateDomain(item.field) : undefined;
    if (!domain || !domain.categories.some((c) => c.code === item.code)) throw new Error(`${path}:${line}: bad field or code`);
    return item;
  });
}
