/**
 * PdfProcessPool: compiles run in child processes that are recycled, replaced after a crash or a
 * timeout, and never hold the caller's event loop.
 */
import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import type { BookDocument } from '../../src/model/book-document.ts';
import { EngineError } from '../../src/errors.ts';
import { kdp6x9Layout } from '../../src/layout/kdp-6x9.ts';
import { writeTypst } from '../../src/write/typst/index.ts';
import { compileTypstToPdf, PdfProcessPool, writePdf } from '../../src/write/typst/pdf.ts';
import { proseChapter, sampleBook } from './fixtures.ts';
import { pageCount, pageText, pdfFile } from './poppler.ts';

/** Live (non-zombie) PDF child processes of this test process. */
function childPids(): number[] {
  let out: string;
  try {
    out = execFileSync('ps', ['-o', 'pid=,stat=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  } catch {
    return []; // ps exits 1 when there is no child
  }
  return out
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .filter(([, stat, ...args]) => stat && !stat.startsWith('Z') && args.some((a) => a.includes('pdf-child')))
    .map(([pid]) => Number(pid));
}

async function waitFor(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 25));
}

function book(chapters: number, paragraphs: number, title = 'Pool Test'): BookDocument {
  return {
    meta: { title, author: 'P. Author', language: 'en' },
    front: [],
    body: Array.from({ length: chapters }, (_, i) => proseChapter(i + 1, paragraphs)),
    back: [],
    footnotes: {},
    assets: {},
  };
}

const small = (n: number) => writeTypst(book(1, 2, `Small ${n}`), kdp6x9Layout);
/** About 300 pages: long enough that a compile spans many timer ticks. */
const big = () => writeTypst(book(40, 25, 'Big'), kdp6x9Layout);

const pools: PdfProcessPool[] = [];
function pool(opts: ConstructorParameters<typeof PdfProcessPool>[0]): PdfProcessPool {
  const p = new PdfProcessPool(opts);
  pools.push(p);
  return p;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

function isPdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
}

describe('PdfProcessPool', () => {
  it('compiles in a child process, not in this one', async () => {
    const p = pool({ size: 1 });
    expect(childPids()).toEqual([]);
    const pdf = await p.compile(small(1));
    expect(isPdf(pdf)).toBe(true);
    expect(childPids()).toHaveLength(1);
  });

  it('replaces a child after maxJobsPerProcess compiles', async () => {
    const p = pool({ size: 1, maxJobsPerProcess: 2 });
    await p.compile(small(1));
    const [first] = childPids();
    expect(first).toBeDefined();
    await p.compile(small(2));
    await waitFor(() => !childPids().includes(first!));
    expect(childPids()).not.toContain(first);
    await p.compile(small(3));
    const [second] = childPids();
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
  });

  it('replaces a child whose memory passes maxRssBytes', async () => {
    const p = pool({ size: 1, maxRssBytes: 1 }); // every child is over 1 byte after its first job
    await p.compile(small(1));
    // With the default cap the child would stay for the next job (first test); here it is let go.
    await waitFor(() => childPids().length === 0);
    expect(childPids()).toEqual([]);
    expect(isPdf(await p.compile(small(2)))).toBe(true);
  });

  it('rejects the job of a crashed child with an EngineError and runs the next job in a new child', async () => {
    const p = pool({ size: 1 });
    await p.compile(small(0)); // start the child
    const [victim] = childPids();
    const job = p.compile(big());
    process.kill(victim!, 'SIGKILL');
    await expect(job).rejects.toMatchObject({ name: 'EngineError', code: 'WRITE_FAILED', message: expect.stringMatching(/SIGKILL/) });
    const pdf = await p.compile(small(1));
    expect(isPdf(pdf)).toBe(true);
    expect(childPids()).not.toContain(victim);
  });

  it('kills a child that runs past timeoutMs and rejects its job', async () => {
    const p = pool({ size: 1, timeoutMs: 30 });
    const job = p.compile(big());
    await expect(job).rejects.toMatchObject({ code: 'TIME_LIMIT', message: expect.stringMatching(/longer than/) });
    await waitFor(() => childPids().length === 0);
    expect(childPids()).toEqual([]);
  });

  it('queues jobs while every child is busy and answers each with its own PDF', async () => {
    const p = pool({ size: 2 });
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => p.compile(small(n))));
    for (const [i, bytes] of results.entries()) {
      const file = pdfFile(bytes);
      expect(pageText(file.path, 1)).toContain(`Small ${i + 1}`);
      file.dispose();
    }
  });

  it('never blocks the event loop during a big compile', async () => {
    const p = pool({ size: 1 });
    let ticks = 0;
    let done = false;
    const timer = setInterval(() => (ticks += 1), 5);
    const pdf = await p.compile(big()).finally(() => {
      done = true;
      clearInterval(timer);
    });
    expect(done).toBe(true);
    // A compile on this thread would run from start to end without letting the timer fire once.
    expect(ticks).toBeGreaterThan(10);
    const file = pdfFile(pdf);
    expect(pageCount(file.path)).toBeGreaterThan(200);
    file.dispose();
  });

  it('rejects Typst errors with the diagnostics, and keeps working', async () => {
    const p = pool({ size: 1 });
    await expect(p.compile('#let x = (')).rejects.toMatchObject({ code: 'WRITE_FAILED', message: expect.stringMatching(/could not be typeset/) });
    expect(isPdf(await p.compile(small(1)))).toBe(true);
  });

  it('rejects new and queued jobs once closed', async () => {
    const p = pool({ size: 1 });
    const running = p.compile(small(1));
    const queued = p.compile(small(2));
    const closing = p.close();
    await expect(queued).rejects.toBeInstanceOf(EngineError);
    expect(isPdf(await running)).toBe(true);
    await closing;
    await expect(p.compile(small(3))).rejects.toBeInstanceOf(EngineError);
    expect(childPids()).toEqual([]);
  });
});

describe('compileTypstToPdf and writePdf', () => {
  it('compileTypstToPdf throws EngineError WRITE_FAILED with the diagnostic', () => {
    expect(() => compileTypstToPdf('#undefined-function()')).toThrow(EngineError);
    expect(() => compileTypstToPdf('#undefined-function()')).toThrow(/unknown variable: undefined-function/);
  });

  it('writePdf typesets a book in a private child process and closes it', async () => {
    const pdf = await writePdf(sampleBook(), kdp6x9Layout);
    const file = pdfFile(pdf);
    expect(pageText(file.path)).toContain('Chapter One');
    file.dispose();
    await waitFor(() => childPids().length === 0);
    expect(childPids()).toEqual([]);
  });

  it('writePdf uses the given pool', async () => {
    const p = pool({ size: 1 });
    const pdf = await writePdf(sampleBook(), kdp6x9Layout, { pool: p });
    expect(isPdf(pdf)).toBe(true);
    expect(childPids()).toHaveLength(1);
  });

  it('writePdf rejects a layout whose font is not shipped', async () => {
    await expect(writePdf(sampleBook(), { ...kdp6x9Layout, fontFamily: 'Comic Sans MS' })).rejects.toMatchObject({ code: 'WRITE_FAILED' });
  });
});
