/**
 * Two small helpers every side of Veil needs: an error's own message (to put inside a sentence a person
 * reads), and a queue that runs tasks one after another (the model host's calls, the framed sessions' writes).
 *
 * ```ts
 * throw new Error(`could not download ${path} (${messageOf(error)})`);
 * const serially = serialQueue();
 * await serially(() => store.put(record)); // starts after every task queued before it has settled
 * ```
 */

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A queue of tasks: each starts when the one before has settled (a failure does not stop the queue). */
export function serialQueue(): <T>(task: () => Promise<T>) => Promise<T> {
  let queue: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };
}
