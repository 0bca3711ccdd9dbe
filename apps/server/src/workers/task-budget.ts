/**
 * Time and memory budgets of the worker threads' tasks (issue 32, point 1: one small hostile upload held a reading
 * thread for more than 11 minutes, and two of them left every other user's import unanswered).
 *
 * - Time: a task may run `baseMs` plus `perMbMs` for each MB of its input (the text, file or Markdown it carries,
 *   images included), counted from the moment a thread takes it, not while it waits in the queue. Past it the task is
 *   aborted: piscina terminates its thread (a loop in a parser cannot be interrupted any other way) and starts a new
 *   one for the next task; the caller gets AppError `TASK_TIME_LIMIT`, which fails its job with that sentence.
 *   The defaults, 60 s plus 20 s a MB, are about 100 times what a real book needs on the two-core reference machine:
 *   War and Peace (3.3 MB) is read and cleaned in under a second and gets 126 s.
 * - Memory: each thread's JavaScript heap is capped (`maxOldGenerationSizeMb`, default 4096 MB: the largest book's
 *   cleanup peaks near 400 MB); a task past it ends its thread and the caller gets AppError `TASK_MEMORY_LIMIT`.
 */

/** The budgets of the thread pool's tasks. */
export interface TaskBudget {
  /** Time every task may take, whatever its input, in milliseconds. */
  baseMs: number;
  /** Time added for each MB (1,048,576 bytes or characters) of input, in milliseconds. */
  perMbMs: number;
  /** Heap of one worker thread, in MB (Node's `resourceLimits.maxOldGenerationSizeMb`). */
  maxOldGenerationSizeMb: number;
}

/** The budgets used unless the runner is given others (see the module comment). */
export const DEFAULT_TASK_BUDGET: Readonly<TaskBudget> = { baseMs: 60_000, perMbMs: 20_000, maxOldGenerationSizeMb: 4096 };

/** Most fields and array items looked into when sizing an input (a task's input is a flat record with one list). */
const MAX_ITEMS = 10_000;

/**
 * The size of a task's input in bytes, roughly: each string's length, each byte array's length, in the input's own
 * fields and in the items of its arrays and records down to `depth` 3 (a book's assets: `[{ bytes, ... }]`).
 */
export function inputSizeBytes(value: unknown, depth = 0): number {
  if (typeof value === 'string') return value.length;
  if (value instanceof ArrayBuffer) return value.byteLength;
  if (ArrayBuffer.isView(value)) return value.byteLength;
  if (value === null || typeof value !== 'object' || depth >= 3) return 0;
  let total = 0;
  let seen = 0;
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    if (++seen > MAX_ITEMS) break;
    total += inputSizeBytes(item, depth + 1);
  }
  return total;
}

/** The time a task of `inputBytes` may run, in milliseconds, under `budget`. */
export function taskTimeBudgetMs(inputBytes: number, budget: Pick<TaskBudget, 'baseMs' | 'perMbMs'>): number {
  return Math.round(budget.baseMs + (budget.perMbMs * inputBytes) / (1024 * 1024));
}
