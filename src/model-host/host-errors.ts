/**
 * The model host's errors in words: an error's own message (to put inside the sentence a person reads), and
 * the error a cancelled install stops with.
 *
 * ```ts
 * throw new Error(`could not download ${file.path} (${messageOf(error)})`);
 * ```
 */

export function abortError(): Error {
  return new Error('cancelled');
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
