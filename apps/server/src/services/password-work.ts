/**
 * A fair, bounded share of the threads for password hashing (issue 32, point 6: "keep argon2 work off the event loop's
 * critical path so one user cannot slow everyone").
 *
 * @node-rs/argon2 already hashes off the event loop, on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says
 * otherwise), but that pool is one FIFO queue shared with file reads, DNS look-ups and zlib: a flood of tries from
 * one signed-in user (24 change-password tries at once) queued hundreds of ~20 ms verifications ahead of everyone
 * else's sign-in, and its threads took both cores from the event loop (bystanders' sign-in p50 went from 17 to 265 ms,
 * p99 from 74 to 483 ms, on the two-core reference machine). Password work therefore goes through this queue first:
 * - at most `concurrency` tasks run at once (by default half the cores, at least one, and always fewer than libuv's
 *   threads), so a core and some pool threads stay for the event loop, PGlite and file reads;
 * - waiting tasks are taken from their lanes in turn (round robin; a lane is a client address before sign-in, a user
 *   after), so a lane with a hundred tries waiting holds back another lane's single try by one task, not a hundred.
 * The queue is per process, like the threads it shares out.
 */
import { availableParallelism } from 'node:os';

/** Options of {@link createPasswordWork}. */
export interface PasswordWorkOptions {
  /** Tasks run at once (a positive integer). */
  concurrency: number;
}

/** Runs password work with bounded concurrency, fairly between lanes. */
export interface PasswordWork {
  /**
   * Runs `task` once a slot is free and it is `lane`'s turn; resolves or rejects as the task does.
   * @param lane who the work is for (a client address, a user id): tasks of one lane share one turn.
   */
  run<T>(lane: string, task: () => Promise<T>): Promise<T>;
  /** Tasks running now. */
  readonly active: number;
  /** Tasks waiting for a slot, over all lanes. */
  readonly waiting: number;
}

/**
 * A {@link PasswordWork} queue of `concurrency` slots.
 * @throws Error when `concurrency` is not a positive integer.
 */
export function createPasswordWork({ concurrency }: PasswordWorkOptions): PasswordWork {
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('Password work needs a positive integer concurrency.');
  /** Waiting starts per lane, oldest first; a lane is here only while it has some. */
  const lanes = new Map<string, Array<() => void>>();
  /** Lanes with waiting work, each once, in the order of their turns. */
  const turns: string[] = [];
  let active = 0;
  let waiting = 0;

  function startNext(): void {
    while (active < concurrency && turns.length > 0) {
      const lane = turns.shift()!;
      const queue = lanes.get(lane)!;
      const start = queue.shift()!;
      // Its next task, if any, waits for the lane's next turn: after every other lane waiting now.
      if (queue.length > 0) turns.push(lane);
      else lanes.delete(lane);
      waiting--;
      active++;
      start();
    }
  }

  return {
    run<T>(lane: string, task: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const start = () => {
          new Promise<T>((r) => r(task()))
            .then(resolve, reject)
            .finally(() => {
              active--;
              startNext();
            });
        };
        let queue = lanes.get(lane);
        if (!queue) {
          lanes.set(lane, (queue = []));
          turns.push(lane);
        }
        queue.push(start);
        waiting++;
        startNext();
      });
    },
    get active() {
      return active;
    },
    get waiting() {
      return waiting;
    },
  };
}

/**
 * The default concurrency: half the cores (at least one), and fewer than libuv's threads (UV_THREADPOOL_SIZE, 4 by
 * default) so that file reads and DNS look-ups always find a thread: one on two cores, two on four, three at most.
 */
export function defaultPasswordConcurrency(cores = availableParallelism(), uvThreads = Number(process.env.UV_THREADPOOL_SIZE) || 4): number {
  return Math.max(1, Math.min(Math.floor(cores / 2), uvThreads - 1));
}

/** The process's password work queue (auth-service.ts `hashPassword` and `verifyPassword` use it). */
export const passwordWork: PasswordWork = createPasswordWork({ concurrency: defaultPasswordConcurrency() });
