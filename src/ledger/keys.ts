/**
 * Ledger keys and their namespaces. One ledger holds both kinds of protected things, so profile facts and
 * memory attributes share one transaction, one total cap and one budget chart:
 *
 * - a profile fact: `entity.field` (`attributeKey`: always exactly one ".");
 * - a protected memory attribute (DP-MemView): `memory:<id>`, the id never containing ".".
 *
 * The two never collide: a profile key always contains ".", a memory key never does.
 *
 * ```ts
 * memoryLedgerKey('k3x9'); // 'memory:k3x9'
 * memoryIdOfKey('memory:k3x9'); // 'k3x9'; memoryIdOfKey('self.age') → undefined
 * ```
 */
export const MEMORY_KEY_PREFIX = 'memory:';

/** A memory attribute's id: lower-case letters, digits and "-", 1–40 of them. */
export const MEMORY_ID_PATTERN = /^[a-z0-9-]{1,40}$/;

export function memoryLedgerKey(id: string): string {
  if (!MEMORY_ID_PATTERN.test(id)) throw new RangeError(`not a memory attribute id: ${JSON.stringify(id)}`);
  return `${MEMORY_KEY_PREFIX}${id}`;
}

/** The memory attribute id a key names, or undefined for a profile key. */
export function memoryIdOfKey(key: string): string | undefined {
  if (!key.startsWith(MEMORY_KEY_PREFIX)) return undefined;
  const id = key.slice(MEMORY_KEY_PREFIX.length);
  return MEMORY_ID_PATTERN.test(id) ? id : undefined;
}
