/**
 * Entry of a PDF typesetting child process (started by `PdfProcessPool` with `child_process.fork`).
 *
 * Protocol (IPC, `serialization: 'advanced'`, so the PDF travels as bytes):
 * - parent -> child: `{ type: 'compile', id, source, assets }` (`assets`: the book's images, bytes included);
 * - child -> parent: `{ type: 'done', id, pdf: Uint8Array, rss }` or `{ type: 'failed', id, message, rss }`,
 *   `rss` being this process's resident set size in bytes after the job.
 * The child exits when the parent disconnects (pool closed, process recycled, or parent gone).
 */
import { compileTypstToPdf } from './compile.ts';
import type { ChildReply, ChildRequest } from './pool.ts';

function reply(message: ChildReply): void {
  process.send?.(message);
}

process.on('message', (message: ChildRequest) => {
  if (message.type !== 'compile') return;
  try {
    const pdf = compileTypstToPdf(message.source, message.assets ?? []);
    reply({ type: 'done', id: message.id, pdf, rss: process.memoryUsage().rss });
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    reply({ type: 'failed', id: message.id, message: text, rss: process.memoryUsage().rss });
  }
});

process.on('disconnect', () => process.exit(0));
