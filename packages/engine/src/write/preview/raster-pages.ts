/**
 * Page images of a PDF Quire typeset itself, for the whole-book preview: pdf.js (`pdfjs-dist`, the legacy build
 * Node 20 needs) draws each page on an `@napi-rs/canvas` canvas (prebuilt, no system library), encoded as WebP.
 *
 * Why not SVG for the whole book: Typst's only SVG export writes every page into one string (STACK-NOTES
 * section 2), 410 MB and 15 s for the 1,865 pages of War and Peace, near V8's largest string. A PDF of the
 * same book is 5.5 MB, and pdf.js draws one of its pages in about 40-120 ms.
 *
 * Runs inside the Typst child processes (`pdf-child.ts`): never on a server's event loop. The last document
 * opened is kept (by its key), so paging through one book parses its PDF once.
 */
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';

type PdfJs = typeof PdfJsModule;
type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;

/** One rendered page: the image bytes and its size in pixels, with the page's size in points. */
export interface RasterPage {
  pageNumber: number;
  mediaType: 'image/webp';
  bytes: Uint8Array;
  widthPx: number;
  heightPx: number;
}

/** What to render: pages `fromPage`..`toPage` (1-based, clamped to the document) at `widthPx` wide. */
export interface RasterRequest {
  /** Identifies the PDF (a hash of what was typeset), so the parsed document can be reused. */
  key: string;
  pdf: Uint8Array;
  fromPage: number;
  toPage: number;
  widthPx: number;
}

/** The part of pdf.js's Node canvas factory (an `@napi-rs/canvas` canvas) used here. */
interface CanvasFactory {
  create(
    widthPx: number,
    heightPx: number,
  ): {
    canvas: PageCanvas;
    context: { fillStyle: string; fillRect(x: number, y: number, w: number, h: number): void };
  };
}

/** The canvas a page is drawn on (`@napi-rs/canvas`), and the encoders used here. */
interface PageCanvas {
  width: number;
  height: number;
  toBuffer(mime: 'image/webp' | 'image/jpeg', quality: number): Uint8Array;
}

/**
 * Draws page `pageNumber` of `doc` `widthPx` wide on white paper (a transparent canvas would show the viewer's
 * background through the page) and answers `encode`'s bytes with the canvas's pixel size.
 */
async function drawPage(doc: PdfDocument, pageNumber: number, widthPx: number, encode: (canvas: PageCanvas) => Uint8Array): Promise<{ bytes: Uint8Array; widthPx: number; heightPx: number }> {
  const page = await doc.getPage(pageNumber);
  const viewport = page.getViewport({ scale: widthPx / page.getViewport({ scale: 1 }).width });
  const { canvas, context } = (doc.canvasFactory as CanvasFactory).create(Math.round(viewport.width), Math.round(viewport.height));
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvasContext: context, canvas, viewport } as unknown as Parameters<typeof page.render>[0]).promise;
  const bytes = encode(canvas);
  page.cleanup();
  return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), widthPx: canvas.width, heightPx: canvas.height };
}

/** WebP quality: text stays crisp at 80; the images are about a fifth of the PNG's size. */
const WEBP_QUALITY = 80;

let pdfjs: PdfJs | undefined;
let cached: { key: string; doc: PdfDocument } | undefined;

async function openDocument(key: string, pdf: Uint8Array): Promise<PdfDocument> {
  if (cached?.key === key) return cached.doc;
  pdfjs ??= await import('pdfjs-dist/legacy/build/pdf.mjs');
  const previous = cached;
  cached = undefined;
  await previous?.doc.destroy();
  // pdf.js takes ownership of (and detaches) the buffer it is given: hand it a copy.
  const doc = await pdfjs.getDocument({ data: pdf.slice(), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  cached = { key, doc };
  return doc;
}

/**
 * Renders pages of a PDF as WebP images. Returns the pages rendered (none when `fromPage` is past the end) and
 * the document's page count.
 * @throws Error when pdf.js cannot read the PDF or the canvas package is missing.
 */
export async function renderPdfPages(request: RasterRequest): Promise<{ pages: RasterPage[]; pageCount: number }> {
  const doc = await openDocument(request.key, request.pdf);
  const pages: RasterPage[] = [];
  const last = Math.min(request.toPage, doc.numPages);
  for (let n = Math.max(1, request.fromPage); n <= last; n++) {
    const bytes = await drawPage(doc, n, request.widthPx, (canvas) => canvas.toBuffer('image/webp', WEBP_QUALITY));
    pages.push({ pageNumber: n, mediaType: 'image/webp', ...bytes });
  }
  return { pages, pageCount: doc.numPages };
}

/** A page drawn as a JPEG: bytes and pixel size. */
export interface JpegPage {
  bytes: Uint8Array;
  widthPx: number;
  heightPx: number;
}

/**
 * Draws page `pageNumber` (1-based) of a PDF as an RGB JPEG `widthPx` wide (the height in proportion), at JPEG
 * `quality` 0-100, on a white ground. The document is opened for this call only (a cover is drawn once, not paged).
 * @throws Error when pdf.js cannot read the PDF or the page does not exist.
 */
export async function renderPdfPageJpeg(pdf: Uint8Array, pageNumber: number, widthPx: number, quality: number): Promise<JpegPage> {
  pdfjs ??= await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: pdf.slice(), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    return await drawPage(doc, pageNumber, widthPx, (canvas) => canvas.toBuffer('image/jpeg', quality));
  } finally {
    await doc.destroy();
  }
}
