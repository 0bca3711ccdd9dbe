/**
 * Work a route starts and does not wait for (a mail after the answer is sent), kept track of so that the app can
 * wait for it before closing, and so that a failure is logged rather than lost.
 */

/** A set of background tasks. */
export interface BackgroundTasks {
  /** Runs `task` without the caller waiting; a failure goes to the `onError` of {@link createBackgroundTasks}. */
  run(task: () => Promise<void>): void;
  /** Resolves once every task started so far (and any they start) has finished. */
  drain(): Promise<void>;
}

/** Background tasks whose failures are handed to `onError` (the app logs them). */
export function createBackgroundTasks(onError: (err: unknown) => void): BackgroundTasks {
  const pending = new Set<Promise<void>>();
  return {
    run(task) {
      const running: Promise<void> = task()
        .catch(onError)
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async drain() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
