/**
 * The error a cancelled install stops with.
 *
 * ```ts
 * if (signal.aborted) throw abortError();
 * ```
 */

export function abortError(): Error {
  return new Error('cancelled');
}
