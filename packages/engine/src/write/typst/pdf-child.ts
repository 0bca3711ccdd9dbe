/**
 * Entry of a PDF typesetting child process (started by `PdfProcessPool` with `child_process.fork`).
 *
 * Protocol (IPC, `serialization: 'advanced'`, so PDFs and images travel as bytes):
 * - parent -> child: `{ type: 'compile', id, source, assets }` (`assets`: the book's images, bytes included),
 *   `{ type: 'svg-pages', id, source, assets, maxPages }` (a book's opening as SVG pages) or
 *   `{ type: 'raster-pages', id, key, pdf, fromPage, toPage, widthPx }` (pages of a typeset PDF as images) or
 *   `{ type: 'cover', id, source, files, raster? }` (a cover's PDF and, when asked, its JPEG);
 * - child -> parent: `{ type: 'done', id, pdf: Uint8Array, pageCount, rss }`, `{ type: 'svg-pages', id, pages,
 *   pageCount, rss }`, `{ type: 'raster-pages', id, pages, pageCount, rss }`, `{ type: 'cover', id, pdf, image?, rss }` or `{ type: 'failed', id, message,
 *   rss }`, `rss` being this process's resident set size in bytes after the job.
 * Jobs run one at a time (the pool sends the next only after the answer). The child exits when the parent
 * disconnects (pool closed, process recycled, or parent gone).
 */
import { renderCoverNow } from '../../cover/render.ts';
import { renderPdfPages } from '../preview/raster-pages.ts';
import { typesetTypst, typesetTypstToSvgPages } from './compile.ts';
import type { ChildReply, ChildRequest } from './pool.ts';

function reply(message: ChildReply): void {
  process.send?.(message);
}

async function run(message: ChildRequest): Promise<ChildReply> {
  const rss = () => process.memoryUsage().rss;
  switch (message.type) {
    case 'compile': {
      const { pdf, pageCount } = typesetTypst(message.source, message.assets ?? []);
      return { type: 'done', id: message.id, pdf, pageCount, rss: rss() };
    }
    case 'svg-pages': {
      const { pages, pageCount } = typesetTypstToSvgPages(message.source, message.assets ?? [], message.maxPages);
      return { type: 'svg-pages', id: message.id, pages, pageCount, rss: rss() };
    }
    case 'raster-pages': {
      const { id, type: _type, ...request } = message;
      const { pages, pageCount } = await renderPdfPages(request);
      return { type: 'raster-pages', id, pages, pageCount, rss: rss() };
    }
    case 'cover': {
      const { id, type: _type, ...job } = message;
      const result = await renderCoverNow(job);
      return { type: 'cover', id, ...result, rss: rss() };
    }
  }
}

process.on('message', (message: ChildRequest) => {
  run(message).then(reply, (error: unknown) => {
    const text = error instanceof Error ? error.message : String(error);
    reply({ type: 'failed', id: message.id, message: text, rss: process.memoryUsage().rss });
  });
});

process.on('disconnect', () => process.exit(0));
