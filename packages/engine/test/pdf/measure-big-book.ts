/**
 * Measures the PDF writer on a War-and-Peace-sized book (about 3,300 KB of text in 365 chapters):
 * Typst generation time, compile time in a pool child, page count and the child's peak resident memory.
 * A measurement, not a test (tests never assert on time): `npx tsx packages/engine/test/pdf/measure-big-book.ts`.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { performance } from 'node:perf_hooks';
import type { BookDocument, Chapter } from '../../src/model/book-document.ts';
import { kdp6x9Layout } from '../../src/layout/kdp-6x9.ts';
import { writeTypst } from '../../src/write/typst/index.ts';
import { PdfProcessPool } from '../../src/write/typst/pdf.ts';
import { proseChapter } from './fixtures.ts';
import { pageCount, pdfFile } from './poppler.ts';

const CHAPTERS = 365;
const TARGET_BYTES = 3_300 * 1024;

function textBytes(chapter: Chapter): number {
  return chapter.blocks.reduce((n, b) => n + (b.type === 'paragraph' ? Buffer.byteLength(b.children.map((c) => (c.type === 'text' ? c.value : '')).join('')) + 1 : 0), 0);
}

/** Peak resident set size (VmHWM) of the pool's child processes, sampled from /proc without blocking. */
async function sampleChildren(peaks: Map<number, number>): Promise<void> {
  let out: string;
  try {
    out = (await promisify(execFile)('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' })).stdout;
  } catch {
    return;
  }
  for (const line of out.split('\n')) {
    const [pid, ...args] = line.trim().split(/\s+/);
    if (!pid || !args.some((a) => a.includes('pdf-child'))) continue;
    try {
      const status = await readFile(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
      peaks.set(Number(pid), Math.max(peaks.get(Number(pid)) ?? 0, kb * 1024));
    } catch {
      // exited between ps and the read
    }
  }
}

const sample = proseChapter(1, 20);
const paragraphs = Math.round(TARGET_BYTES / CHAPTERS / (textBytes(sample) / 20));
const doc: BookDocument = {
  meta: { title: 'A Very Long Novel', author: 'Generated Author', language: 'en' },
  front: [],
  body: Array.from({ length: CHAPTERS }, (_, i) => proseChapter(i + 1, paragraphs)),
  back: [],
  footnotes: {},
  assets: {},
};
const bytes = doc.body.reduce((n, d) => n + (d.type === 'chapter' ? textBytes(d) : 0), 0);

let t = performance.now();
const source = writeTypst(doc, kdp6x9Layout);
const generateMs = performance.now() - t;

const pool = new PdfProcessPool({ size: 1 });
const peaks = new Map<number, number>();
const sampler = setInterval(() => void sampleChildren(peaks), 100);
let maxGap = 0;
let last = performance.now();
const ticker = setInterval(() => {
  const now = performance.now();
  maxGap = Math.max(maxGap, now - last);
  last = now;
}, 10);
// Two compiles of the same source in the same child: the second one hits Typst's memo cache.
const runs: number[] = [];
let pdf: Uint8Array = new Uint8Array();
for (let i = 0; i < 2; i += 1) {
  t = performance.now();
  pdf = await pool.compile(source);
  runs.push(performance.now() - t);
  await sampleChildren(peaks);
}
clearInterval(sampler);
clearInterval(ticker);
await pool.close();

const file = pdfFile(pdf);
const pages = pageCount(file.path);
file.dispose();
console.log(
  JSON.stringify(
    {
      chapters: CHAPTERS,
      paragraphsPerChapter: paragraphs,
      textKB: Math.round(bytes / 1024),
      typstSourceKB: Math.round(Buffer.byteLength(source) / 1024),
      generateMs: Math.round(generateMs),
      compileMs: runs.map(Math.round),
      pages,
      pdfKB: Math.round(pdf.byteLength / 1024),
      childPeakRssMB: [...peaks.values()].map((b) => Math.round(b / 1024 / 1024)),
      parentMaxEventLoopGapMs: Math.round(maxGap),
    },
    null,
    2,
  ),
);
