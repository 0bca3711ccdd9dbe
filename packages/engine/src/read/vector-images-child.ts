/**
 * Entry of the vector-figure rendering child process (started by `vector-images.ts` with `child_process.fork`,
 * one process per figure, killed by its parent past its time budget, above its memory cap or when the caller cancels).
 *
 * - PDF: the first page, drawn by pdf.js (legacy build, the one for Node 20) on an `@napi-rs/canvas` canvas, with
 *   `isEvalSupported: false` (no `new Function` for PostScript functions: CVE-2024-4367), no font loading
 *   through the system (`disableFontFace`, `useSystemFonts: false`; embedded glyphs are drawn as paths, the 14
 *   standard fonts come from pdf.js's own files).
 * - SVG: an SVG already sanitised by the parent (`sanitizeSvg`), decoded by `loadImage` (Skia's SVG module,
 *   which runs no script and loads no image) with the shipped fonts registered and no system font (the parent
 *   starts this process with `DISABLE_SYSTEM_FONTS_LOAD`).
 *
 * Both are drawn on white and encoded as PNG. Protocol (IPC, `serialization: 'advanced'`): the child sends
 * `{ type: 'ready' }` once its modules are loaded (argument `pdf`: pdf.js too), then takes one
 * {@link VectorRenderRequest} and answers one {@link VectorRenderReply}, then exits.
 */
import { createCanvas, GlobalFonts, loadImage } from '@napi-rs/canvas';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { VectorRenderReply, VectorRenderRequest } from './vector-images.ts';

type PdfJs = typeof PdfJsModule;

/** The part of pdf.js's Node canvas factory (an `@napi-rs/canvas` canvas) used here. */
interface CanvasFactory {
  create(widthPx: number, heightPx: number): {
    canvas: { width: number; height: number; toBuffer(mime: 'image/png'): Uint8Array };
    context: { fillStyle: string; fillRect(x: number, y: number, w: number, h: number): void };
  };
}

function reply(message: VectorRenderReply): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) return resolve();
    process.send(message, () => resolve());
  });
}

const failed = (message: string): VectorRenderReply => ({ type: 'failed', message });

let pdfjs: PdfJs | undefined;

async function renderPdf(request: Extract<VectorRenderRequest, { type: 'pdf' }>): Promise<VectorRenderReply> {
  pdfjs ??= await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({
    data: request.bytes,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
    ...request.pdfjsData,
    cMapPacked: true,
  }).promise;
  try {
    const page = await doc.getPage(1);
    // Points (1/72 in, ISO 32000-1 §8.3.2.3), the page's /Rotate applied.
    const natural = page.getViewport({ scale: 1 });
    const dpiScale = request.dpi / 72;
    if (!(natural.width > 0 && natural.height > 0)) return failed('empty page');
    if (natural.width * dpiScale * natural.height * dpiScale > request.maxPixels) return failed('page too large');
    const widthPx = Math.max(1, Math.min(Math.round(natural.width * dpiScale), request.maxWidthPx));
    const viewport = page.getViewport({ scale: widthPx / natural.width });
    const heightPx = Math.max(1, Math.round(viewport.height));
    if (widthPx * heightPx > request.maxPixels) return failed('page too large');
    const { canvas, context } = (doc.canvasFactory as CanvasFactory).create(widthPx, heightPx);
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, widthPx, heightPx);
    await page.render({ canvasContext: context, canvas, viewport } as unknown as Parameters<typeof page.render>[0]).promise;
    const png = canvas.toBuffer('image/png');
    return { type: 'done', png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength), widthPx, heightPx };
  } finally {
    await doc.destroy();
  }
}

async function renderSvg(request: Extract<VectorRenderRequest, { type: 'svg' }>): Promise<VectorRenderReply> {
  for (const file of request.fonts) GlobalFonts.registerFromPath(file);
  const image = await loadImage(Buffer.from(request.svg, 'utf8'));
  const canvas = createCanvas(request.widthPx, request.heightPx);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, request.widthPx, request.heightPx);
  ctx.drawImage(image, 0, 0, request.widthPx, request.heightPx);
  const png = canvas.toBuffer('image/png');
  return { type: 'done', png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength), widthPx: request.widthPx, heightPx: request.heightPx };
}

process.on('message', (message: VectorRenderRequest) => {
  const work = message.type === 'pdf' ? renderPdf(message) : message.type === 'svg' ? renderSvg(message) : Promise.resolve(failed('unknown request'));
  void work
    .catch((error: unknown) => failed(String(error)))
    .then(reply)
    .then(() => process.exit(0));
});

process.on('disconnect', () => process.exit(0));

// Load pdf.js before saying `ready` when a PDF is coming (the first argument), so that the parent's time
// limit measures the rendering only.
void (async () => {
  if (process.argv[2] === 'pdf') pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  process.send?.({ type: 'ready' });
})().catch(() => process.exit(1));

// pdf.js leaves some of its own promises rejected while it recovers from a damaged file (see
// `read/pdf/extract-child.ts`); the parent's time limit still ends a child that goes wrong.
process.on('unhandledRejection', () => {});
