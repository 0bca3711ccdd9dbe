/**
 * Cover rendering: the e-book JPEG (1600 x 2560 px, `geometry.ts` EBOOK_COVER), the paperback's full-wrap PDF and a
 * JPEG preview of the wrap. Typst typesets the cover (`typst-cover.ts`) and pdf.js draws the e-book and preview
 * images from that PDF on an `@napi-rs/canvas` canvas, so the e-book cover and the printed front are one design set
 * by one engine. Both are CPU work: the server renders in the Typst child processes (`PdfProcessPool.cover`), never
 * on its event loop; `renderCoverNow` is what runs there, and what a CLI, a benchmark or a test may call directly.
 */
import { EngineError } from '../errors.ts';
import { COVER_ARTWORK_MAX_PX, scaleImageDown } from '../model/image-scale.ts';
import { typesetStandalone, type TypstFile } from '../write/typst/compile.ts';
import type { PdfProcessPool } from '../write/typst/pool.ts';
import { renderPdfPageJpeg, type JpegPage } from '../write/preview/raster-pages.ts';
import type { CoverDesign } from './design.ts';
import { EBOOK_COVER, type WrapGeometry } from './geometry.ts';
import { coverTypst } from './typst-cover.ts';

/** JPEG quality of the e-book cover and the previews: no visible artefacts on type at 1600 px. */
const JPEG_QUALITY = 90;

/** A cover job: its Typst source and files, and the JPEG to draw from its PDF (none: the PDF alone). */
export interface CoverJob {
  source: string;
  files: TypstFile[];
  raster?: { widthPx: number; quality: number };
}

/** What a cover job answers: the PDF, and the JPEG when one was asked for. */
export interface CoverResult {
  pdf: Uint8Array;
  image?: JpegPage;
}

/**
 * Runs a cover job on the calling thread (synchronous Typst compile, then pdf.js). Meant for the child processes.
 * @throws EngineError `WRITE_FAILED` when Typst reports errors or the PDF cannot be drawn.
 */
export async function renderCoverNow(job: CoverJob): Promise<CoverResult> {
  const { pdf } = typesetStandalone(job.source, await scaleArtworkDown(job.files));
  if (!job.raster) return { pdf };
  try {
    return { pdf, image: await renderPdfPageJpeg(pdf, 1, job.raster.widthPx, job.raster.quality) };
  } catch (error) {
    throw new EngineError('WRITE_FAILED', `The cover could not be drawn: ${String(error)}`, { cause: error });
  }
}

/** A front artwork's file in a cover job (`typst-cover.ts`): a raster picture the cover crops to its box. */
const RASTER_ARTWORK = /^cover\/artwork\.(png|jpg)$/;

/**
 * The job's files with a raster front artwork scaled down to what the largest front needs at 300 dpi
 * (`model/image-scale.ts` COVER_ARTWORK_MAX_PX), done where the cover is typeset (a Typst child on the server),
 * so that Typst never holds an uploaded picture's full pixels (issue 32: a 400-megapixel PNG took a child to
 * 6.25 GB). The box and plate sizes were judged on the original pixels; the scaled picture still reaches 300 dpi
 * at every trim, so they stand.
 */
async function scaleArtworkDown(files: readonly TypstFile[]): Promise<TypstFile[]> {
  return Promise.all(
    files.map(async (file) => {
      const m = RASTER_ARTWORK.exec(file.path);
      if (!m) return file;
      const scaled = await scaleImageDown(file.bytes, m[1] === 'png' ? 'image/png' : 'image/jpeg', COVER_ARTWORK_MAX_PX, 'cover');
      return scaled ? { ...file, bytes: scaled.bytes } : file;
    }),
  );
}

/** Where a cover job runs: a process pool (the server), or this thread when none is given. */
export interface CoverRenderOptions {
  pool?: Pick<PdfProcessPool, 'cover'>;
  /**
   * Cancels the render in the pool: its child is killed and the call rejects with EngineError `TIME_LIMIT`
   * (`PdfJobOptions`). Without a pool the render runs on this thread and cannot be stopped midway.
   */
  signal?: AbortSignal;
}

function run(job: CoverJob, opts: CoverRenderOptions): Promise<CoverResult> {
  return opts.pool ? opts.pool.cover(job, opts.signal ? { signal: opts.signal } : undefined) : renderCoverNow(job);
}

/**
 * The e-book cover of `design`: an RGB JPEG of 1600 x 2560 px (KDP help "Create Your eBook Cover": the ideal 1:1.6).
 * @throws EngineError `WRITE_FAILED` when rendering fails.
 */
export async function renderEbookCover(design: CoverDesign, opts: CoverRenderOptions = {}): Promise<{ jpeg: Uint8Array; widthPx: number; heightPx: number }> {
  const { source, files } = coverTypst(design, { kind: 'ebook' });
  const { image } = await run({ source, files, raster: { widthPx: EBOOK_COVER.widthPx, quality: JPEG_QUALITY } }, opts);
  if (!image) throw new EngineError('WRITE_FAILED', 'The cover renderer answered no image.');
  return { jpeg: image.bytes, widthPx: image.widthPx, heightPx: image.heightPx };
}

/**
 * The paperback's full-wrap cover of `design` on `geometry` (`wrapGeometry`): a one-page PDF of the wrap's size, fonts
 * embedded, for KDP's cover upload.
 * @throws EngineError `WRITE_FAILED` when rendering fails.
 */
export async function renderWrapCover(design: CoverDesign, geometry: WrapGeometry, opts: CoverRenderOptions = {}): Promise<Uint8Array> {
  const { source, files } = coverTypst(design, { kind: 'wrap', geometry });
  return (await run({ source, files }, opts)).pdf;
}

/**
 * A JPEG of the full wrap `widthPx` wide (the height in proportion), for a preview; the guides (trim, folds, safe
 * areas, barcode) are not drawn: the web draws them over it from the geometry, so they can be switched off.
 * @throws EngineError `WRITE_FAILED` when rendering fails.
 */
export async function renderWrapPreview(
  design: CoverDesign,
  geometry: WrapGeometry,
  widthPx: number,
  opts: CoverRenderOptions = {},
): Promise<{ bytes: Uint8Array; mediaType: 'image/jpeg'; widthPx: number; heightPx: number }> {
  const { source, files } = coverTypst(design, { kind: 'wrap', geometry });
  const { image } = await run({ source, files, raster: { widthPx, quality: JPEG_QUALITY } }, opts);
  if (!image) throw new EngineError('WRITE_FAILED', 'The cover renderer answered no image.');
  return { bytes: image.bytes, mediaType: 'image/jpeg', widthPx: image.widthPx, heightPx: image.heightPx };
}
