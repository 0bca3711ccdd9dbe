/**
 * Issue 32, point 9: "defunct child processes are left unreaped". A child forked in a worker thread (the server reads
 * PDFs and converts vector figures in its piscina threads) is reaped by that thread's event loop alone: when the
 * thread ended in the same tick as the engine's answer, a child killed just before it stayed a zombie for the life of
 * the process. Each engine call now answers only once its child has been reaped. Linux only (/proc).
 */
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../helpers/child-scenarios.ts';
import { childrenRunning, processState as state } from '../helpers/proc-children.ts';

const WORKER = new URL('../helpers/child-worker.mjs', import.meta.url);

/**
 * Runs `scenario` in a worker thread that ends as soon as it has its answer, noting every `entry` child seen while it
 * ran; resolves with the worker's message and those pids.
 */
async function runInWorker(scenario: Scenario, entry: string): Promise<{ message: { outcome?: string; error?: { code?: string } }; pids: number[] }> {
  const seen = new Set<number>();
  const worker = new Worker(WORKER, { workerData: scenario });
  const watch = setInterval(() => childrenRunning(entry).forEach((pid) => seen.add(pid)), 5);
  try {
    const message = await new Promise<{ outcome?: string; error?: { code?: string } }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await new Promise((resolve) => worker.once('exit', resolve));
    return { message, pids: [...seen] };
  } finally {
    clearInterval(watch);
    // A failing run (the worker never answered) must not leave its thread and children behind.
    void worker.terminate();
  }
}

/** Waits a little (a zombie stays one), then the states of `pids`. */
async function statesAfterAWhile(pids: number[]): Promise<string[]> {
  await new Promise((resolve) => setTimeout(resolve, 300));
  return pids.map(state);
}

describe.runIf(process.platform === 'linux')('children forked in a worker thread that ends with the answer', () => {
  it('a pool child killed past its budget is reaped before the job rejects', async () => {
    const { message, pids } = await runInWorker('pool-budget', 'pdf-child');
    expect(message.error?.code).toBe('TIME_LIMIT');
    expect(pids).toHaveLength(1);
    expect(await statesAfterAWhile(pids)).toEqual(['gone']);
  }, 30_000);

  it('a PDF extraction child is reaped before its answer', async () => {
    const { message, pids } = await runInWorker('extract-probe', 'extract-child');
    expect(message.outcome).toBe('probe');
    expect(pids.length).toBeGreaterThan(0);
    expect(await statesAfterAWhile(pids)).toEqual(pids.map(() => 'gone'));
  }, 30_000);

  it('a vector-figure child is reaped before its answer', async () => {
    const { message, pids } = await runInWorker('vector-svg', 'vector-images-child');
    expect(message.outcome).toBe('png');
    expect(pids.length).toBeGreaterThan(0);
    expect(await statesAfterAWhile(pids)).toEqual(pids.map(() => 'gone'));
  }, 30_000);
});
