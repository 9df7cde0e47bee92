/**
 * The labelled sets of eval/ (`{"field", "value", "code"}` per line), read for the evaluations. A line
 * whose field has no domain or whose code is not one of its categories stops the run, naming the line.
 */
import { readFileSync } from 'node:fs';
import { isKnownField } from '../src/core/profile';
import { candidateDomain } from '../src/domains';

export interface Labelled {
  field: string;
  value: string;
  code: string;
}

export function readSet(path: string): Labelled[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((line, i) => {
      const item = JSON.parse(line) as Labelled;
      const domain = isKnownField(item.field) ? candidateDomain(item.field) : undefined;
      if (!domain || !domain.categories.some((c) => c.code === item.code)) throw new Error(`${path}:${i + 1}: bad field or code`);
      return item;
    });
}
