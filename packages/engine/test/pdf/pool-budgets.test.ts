/**
 * Issue 32, points 1 and 9: every PdfProcessPool job has a time budget (sized from its input, or given) and a memory
 * budget, and may be cancelled by a signal; past a budget, or cancelled, its child is killed, reaped (no zombie) and
 * replaced, the job rejects with a coded EngineError saying so, and the next job runs on a fresh child.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { EngineError } from '../../src/errors.ts';
import { PDF_JOB_BUDGET, PdfProcessPool, pdfJobBudgetMs } from '../../src/write/typst/pool.ts';
import { ENDLESS_TYPST } from '../helpers/child-scenarios.ts';
import { childrenRunning, processState as state } from '../helpers/proc-children.ts';

const SMALL = '#set page(width: 100pt, height: 100pt)\nHello.';

/** The live pdf-child processes this test process started (from any of its threads). */
const pdfChildren = () => childrenRunning('pdf-child');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The pool's one child, once it has started. */
async function theChild(): Promise<number> {
  for (let i = 0; i < 400; i++) {
    const [pid] = pdfChildren();
    if (pid !== undefined) return pid;
    await sleep(10);
  }
  throw new Error('no pdf-child started');
}

async function rejection(promise: Promise<unknown>): Promise<EngineError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}

const isPdf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';

const pools: PdfProcessPool[] = [];
function pool(opts: ConstructorParameters<typeof PdfProcessPool>[0] = {}): PdfProcessPool {
  const p = new PdfProcessPool(opts);
  pools.push(p);
  return p;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('the time budget of a pool job', () => {
  it('is sized from the input, generous for War and Peace (4.4 MB of Typst, about 8 s to compile)', () => {
    const warAndPeace = 'x'.repeat(4.4 * 2 ** 20);
    const budget = pdfJobBudgetMs({ type: 'compile', source: warAndPeace, assets: [] });
    expect(budget).toBeGreaterThan(20 * 8_000);
    expect(pdfJobBudgetMs({ type: 'compile', source: SMALL, assets: [] })).toBeCloseTo(PDF_JOB_BUDGET.baseMs, -2);
    const images = [{ path: 'images/a.png', mediaType: 'image/png' as const, bytes: new Uint8Array(2 * 2 ** 20) }];
    expect(pdfJobBudgetMs({ type: 'compile', source: SMALL, assets: images })).toBeCloseTo(PDF_JOB_BUDGET.baseMs + 2 * PDF_JOB_BUDGET.msPerBinaryMb, -2);
  });

  it.runIf(process.platform === 'linux')('stops a source that never finishes, leaves no zombie, and the next job succeeds', async () => {
    const p = pool({ size: 1 });
    const started = Date.now();
    const endless = p.compile(ENDLESS_TYPST, undefined, { timeoutMs: 1500 });
    const queued = p.compile(SMALL); // waits behind the endless job, then runs on a fresh child
    const victim = await theChild();
    const error = await rejection(endless);
    expect(error.code).toBe('TIME_LIMIT');
    expect(error.message).toMatch(/^Typesetting the PDF took longer than 1\.5 s, the time allowed for this input, and was stopped\.$/);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(state(victim)).toBe('gone');
    expect(isPdf(await queued)).toBe(true);
    expect(isPdf(await p.compile(SMALL))).toBe(true);
    expect(pdfChildren()).not.toContain(victim);
  }, 30_000);

  it('applies a pool-wide fixed timeoutMs as before, with the time-limit code', async () => {
    const p = pool({ size: 1, timeoutMs: 1500 });
    const error = await rejection(p.compile(ENDLESS_TYPST));
    expect(error.code).toBe('TIME_LIMIT');
    expect(error.message).toMatch(/took longer than 1\.5 s/);
  }, 30_000);
});

describe('a signal cancelling a pool job', () => {
  it('rejects at once when already aborted, starting no child', async () => {
    const p = pool({ size: 1 });
    const error = await rejection(p.compile(SMALL, undefined, { signal: AbortSignal.abort() }));
    expect(error.code).toBe('TIME_LIMIT');
    expect(error.message).toBe('Typesetting the PDF took too long and was stopped.');
    expect(pdfChildren()).toEqual([]);
  });

  it.runIf(process.platform === 'linux')('kills the running child at once, reaps it, and the pool goes on', async () => {
    const p = pool({ size: 1 });
    const controller = new AbortController();
    const endless = p.compile(ENDLESS_TYPST, undefined, { signal: controller.signal });
    const victim = await theChild();
    await sleep(500); // the child has its job, looping in Typst
    const aborted = Date.now();
    controller.abort();
    const error = await rejection(endless);
    expect(Date.now() - aborted).toBeLessThan(1_000);
    expect(error.code).toBe('TIME_LIMIT');
    expect(state(victim)).toBe('gone');
    expect(isPdf(await p.compile(SMALL))).toBe(true);
  }, 30_000);

  it('drops a queued job without touching the running one, and answers with an EngineError reason as given', async () => {
    const p = pool({ size: 1 });
    const controller = new AbortController();
    const running = p.compile(SMALL);
    const queued = p.compile(SMALL, undefined, { signal: controller.signal });
    const reason = new EngineError('TIME_LIMIT', 'The export took longer than its 90 s and was stopped.');
    controller.abort(reason);
    expect(await rejection(queued)).toBe(reason);
    expect(isPdf(await running)).toBe(true);
  }, 30_000);
});

describe('the memory budget of a pool job', () => {
  it.runIf(process.platform === 'linux')('kills a child whose resident memory passes maxJobRssBytes while it runs', async () => {
    // 20 MB is below what Node alone needs, so the watch fires on the first look.
    const p = pool({ size: 1, maxJobRssBytes: 20 * 2 ** 20 });
    const error = await rejection(p.compile(ENDLESS_TYPST));
    expect(error.code).toBe('MEMORY_LIMIT');
    expect(error.message).toBe('Typesetting the PDF needed more than 20 MB of memory and was stopped.');
  }, 30_000);
});

describe.runIf(process.platform === 'linux')('children the pool lets go', () => {
  it('are reaped after a recycle and after close, not left as zombies', async () => {
    const p = pool({ size: 1, maxJobsPerProcess: 1 });
    await p.compile(SMALL);
    const recycled = pdfChildren();
    expect(recycled).toHaveLength(1);
    for (let i = 0; i < 200 && state(recycled[0]!) !== 'gone'; i++) await sleep(10);
    expect(state(recycled[0]!)).toBe('gone');
    const q = new PdfProcessPool({ size: 1 });
    await q.compile(SMALL);
    const [kept] = pdfChildren();
    await q.close();
    expect(state(kept!)).toBe('gone');
  }, 30_000);
});
