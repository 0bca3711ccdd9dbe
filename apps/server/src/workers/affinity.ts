/**
 * Worker affinity for the thread pool: tasks that carry the same key run on the same worker thread, so that what a
 * thread keeps in memory for that key (a book's topic index, workers/extraction-tasks.ts) is found there by the next
 * task instead of being built again in another thread. Tasks without a key go to any idle thread, as piscina's own
 * balancer sends them.
 *
 * A key is pinned to the thread that ran its first task, and its tasks go there while that thread is free. When it is
 * busy (an export of another book may take seconds) and another thread is idle, the task goes to the idle thread and
 * the key is pinned there: that thread builds what it needs once more (a book's index: 0.3-0.7 s for War and Peace),
 * and no thread stands idle while work waits (a task waiting for its thread would hold up every task queued behind
 * it: piscina's queue stops at the first task its balancer cannot place). When the thread is gone (piscina ends idle
 * threads), the key is pinned afresh.
 */
import { queueOptionsSymbol, type Piscina } from 'piscina';

/** piscina's load balancer type (not exported by name): picks a worker for a task, or null to keep it queued. */
type LoadBalancer = NonNullable<NonNullable<ConstructorParameters<typeof Piscina>[0]>['loadBalancer']>;
type BalancedTask = Parameters<LoadBalancer>[0];
type BalancedWorker = Parameters<LoadBalancer>[1][number];

/** Most keys remembered; the oldest pin is forgotten first (its task then goes to any idle thread). */
const MAX_PINS = 256;

/** What a task tells the balancer: its affinity key, and what to call when a thread takes it. */
interface QueueOptions {
  affinity?: string;
  onStart?: () => void;
}

/** The options a task's data carries for the balancer (none for data without them). */
function queueOptionsOf(data: object): QueueOptions {
  return ((data as Record<symbol, unknown>)[queueOptionsSymbol] as QueueOptions | undefined) ?? {};
}

/** The task data to pass to `pool.run` so that {@link affinityBalancer} routes it by `key`. */
export function withAffinity<T extends object>(data: T, key: string): T {
  // piscina hands `data[queueOptionsSymbol]` to the balancer; a symbol-keyed property is not structured-cloned, so
  // the worker receives `data` without it.
  return Object.assign({}, data, { [queueOptionsSymbol]: { ...queueOptionsOf(data), affinity: key } });
}

/**
 * The task data to pass to `pool.run` so that `onStart` is called when {@link affinityBalancer} gives the task to a
 * thread (a task's time budget counts from then, not from when it was queued: workers/task-budget.ts).
 */
export function withOnStart<T extends object>(data: T, onStart: () => void): T {
  return Object.assign({}, data, { [queueOptionsSymbol]: { ...queueOptionsOf(data), onStart } });
}

/** The affinity key of a task, if it has one. */
function affinityOf(task: BalancedTask): string | undefined {
  const options = (task as unknown as Record<symbol, unknown>)[queueOptionsSymbol] as { affinity?: unknown } | null | undefined;
  return typeof options?.affinity === 'string' ? options.affinity : undefined;
}

/** Tells a task that a thread takes it (its `onStart`, once). */
function started(task: BalancedTask): void {
  const options = (task as unknown as Record<symbol, unknown>)[queueOptionsSymbol] as QueueOptions | null | undefined;
  const onStart = options?.onStart;
  if (options && onStart) {
    options.onStart = undefined;
    onStart();
  }
}

/**
 * A piscina `loadBalancer` that keeps tasks of one affinity key on one thread (see the module comment). Assumes one
 * task at a time per thread (piscina's default `concurrentTasksPerWorker: 1`).
 */
export function affinityBalancer(): LoadBalancer {
  const pins = new Map<string, number>();
  const idle = (workers: BalancedWorker[]) => workers.find((w) => w.currentUsage === 0 && !w.terminating && !w.destroyed) ?? null;
  const place = (task: BalancedTask, workers: BalancedWorker[]): BalancedWorker | null => {
    const key = affinityOf(task);
    if (key === undefined) return idle(workers);
    const pinnedId = pins.get(key);
    const pinned = workers.find((w) => w.id === pinnedId && !w.terminating && !w.destroyed);
    if (pinned?.currentUsage === 0) return pinned;
    const chosen = idle(workers);
    if (chosen) {
      pins.delete(key);
      pins.set(key, chosen.id);
      if (pins.size > MAX_PINS) pins.delete(pins.keys().next().value!);
    }
    return chosen;
  };
  return (task, workers) => {
    const chosen = place(task, workers);
    if (chosen) started(task);
    return chosen;
  };
}
