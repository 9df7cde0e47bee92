/** A refusal a person should read (a duplicate attribute, a cap raised without confirmation, …). */
export class StoreError extends Error {
  override name = 'StoreError';
}
