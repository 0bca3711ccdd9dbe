/**
 * Entry of the PDF text-extraction child process (started by `extract.ts` with `child_process.fork`).
 *
 * The PDF comes from a stranger, and pdf.js is a large parser, so it runs here: in its own process, with
 * nothing in its environment but `PATH`, a V8 heap cap, and a parent that kills it when it runs too long
 * or grows too big. pdf.js runs with `isEvalSupported: false` (no `new Function` for PostScript
 * functions; the class of bug behind CVE-2024-4367), no font loading and no system fonts: only text
 * positions are read.
 *
 * Protocol (IPC, `serialization: 'advanced'`):
 * - parent -> child: `{ type: 'extract', bytes }` or `{ type: 'probe' }`;
 * - child -> parent: {@link ExtractReply}. The child exits after answering an `extract`.
 */
import { getHeapStatistics } from 'node:v8';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { ExtractReply, ExtractRequest } from './extract.ts';
import { groupLines, toTextItem, type PdfPageLines, type PdfTextItem } from './text-lines.ts';

type PdfJs = typeof PdfJsModule;

function reply(message: ExtractReply): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) return resolve();
    process.send(message, () => resolve());
  });
}

async function extract(bytes: Uint8Array): Promise<ExtractReply> {
  // The legacy build is the one pdf.js supports on Node 20 (the modern build assumes newer runtimes).
  const pdfjs: PdfJs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({
    data: bytes,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  let doc;
  try {
    doc = await task.promise;
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'PasswordException') return { type: 'failed', reason: 'encrypted', message: String(error) };
    if (name === 'InvalidPDFException') return { type: 'failed', reason: 'invalid', message: String(error) };
    return { type: 'failed', reason: 'error', message: String(error) };
  }
  const pages: PdfPageLines[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    // A damaged page is read as an empty one rather than failing the whole book.
    try {
      const page = await doc.getPage(n);
      const { width, height } = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const items: PdfTextItem[] = [];
      for (const raw of content.items) {
        if (!('str' in raw)) continue;
        const item = toTextItem(raw);
        if (item) items.push(item);
      }
      pages.push({ width, height, lines: groupLines(items) });
      page.cleanup();
    } catch {
      pages.push({ width: 0, height: 0, lines: [] });
    }
  }
  const { info } = (await doc.getMetadata().catch(() => ({ info: {} }))) as { info: Record<string, unknown> };
  const text = (key: string): string | undefined => (typeof info[key] === 'string' && info[key] !== '' ? (info[key] as string) : undefined);
  await doc.destroy();
  return { type: 'done', pages, info: { title: text('Title'), author: text('Author'), language: text('Language') } };
}

process.on('message', (message: ExtractRequest) => {
  if (message.type === 'probe') {
    void reply({
      type: 'probe',
      envKeys: Object.keys(process.env),
      heapLimitMb: Math.round(getHeapStatistics().heap_size_limit / 2 ** 20),
    });
    return;
  }
  if (message.type !== 'extract') return;
  void extract(message.bytes)
    .catch((error: unknown): ExtractReply => ({ type: 'failed', reason: 'error', message: String(error) }))
    .then(reply)
    .then(() => process.exit(0));
});

process.on('disconnect', () => process.exit(0));

// pdf.js is written for browsers, where an unhandled rejection is only a console message: while it recovers
// from a damaged cross-reference table it leaves some of its own promises rejected and unhandled (an
// `XRefEntryException` for a page it then reads fine from the rebuilt table). Node's default ends the process
// on the first one, and a readable PDF was refused as unreadable. They are ignored; the parent's time limit
// and memory cap still end a child that goes wrong, and a failure of the extraction itself is answered above.
process.on('unhandledRejection', () => {});
