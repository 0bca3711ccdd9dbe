/**
 * Print PDF: BookDocument + Layout -> PDF bytes, through Typst.
 *
 * - {@link writePdf}: the whole path, compiled in a child process (never on the caller's event loop);
 * - {@link PdfProcessPool}: the recycled child processes (see `pool.ts`);
 * - {@link compileTypstToPdf}: a synchronous in-process compile (see `compile.ts`), for the children,
 *   the command line and tests.
 */
import type { BookDocument } from '../../model/book-document.ts';
import type { Layout } from '../../layout/layout.ts';
import type { Diagnostics } from '../../model/diagnostics.ts';
import { writeTypst } from './index.ts';
import { PdfProcessPool, type PdfJobOptions } from './pool.ts';

export { compileTypstToPdf } from './compile.ts';
export { PdfProcessPool, type PdfJobBudget, type PdfJobOptions, type PdfProcessPoolOptions } from './pool.ts';

/**
 * Typesets a book as a print-ready PDF (trim size, mirrored margins and fonts from `layout`; Quire's
 * fonts embedded as subsets; the book's images, `doc.assets`, sent with the job).
 *
 * - `opts.pool`: the pool to compile in (a server keeps one); without it a private one-process pool is
 *   started for this call and closed afterwards;
 * - `opts.balanceSpreads`: a two-sided book is compiled twice so that facing pages end at the same depth
 *   (`balance.ts`: Pride and Prejudice in Classic Literature 57 -> 3 uneven spreads of 148), for about 1.4 times the
 *   CPU time of one compile. Default true.
 * - `opts.diagnostics`: the collector the writer adds to (tables shrunk or turned, equations kept as TeX,
 *   unresolved cross-references); see `writeTypst`.
 * - `opts.signal`, `opts.timeoutMs`: cancel the compile, or replace its time budget sized from the source
 *   (`PdfJobOptions`, `pool.ts`).
 * Resolves with the PDF bytes.
 * @throws EngineError `WRITE_FAILED` (rejection) when the layout's font is not shipped, Typst fails, or the
 *   typesetting process crashes; `TIME_LIMIT` when the compile runs past its time budget or `opts.signal` aborts;
 *   `MEMORY_LIMIT` past the pool's memory budget.
 */
export async function writePdf(
  doc: BookDocument,
  layout: Layout,
  opts: { pool?: PdfProcessPool; balanceSpreads?: boolean; diagnostics?: Diagnostics } & PdfJobOptions = {},
): Promise<Uint8Array> {
  const job: PdfJobOptions = { signal: opts.signal, timeoutMs: opts.timeoutMs };
  // The diagnostics are given while the source is written, here, not in the child process that compiles it.
  const source = writeTypst(doc, layout, { balanceSpreads: opts.balanceSpreads, diagnostics: opts.diagnostics });
  if (opts.pool) return opts.pool.compile(source, doc.assets, job);
  const pool = new PdfProcessPool({ size: 1, maxJobsPerProcess: 1 });
  try {
    return await pool.compile(source, doc.assets, job);
  } finally {
    await pool.close();
  }
}
