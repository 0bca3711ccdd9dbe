/**
 * Rendered page previews of a book in a layout (workspace spec section 2, Format tab, Advanced Custom ->
 * Preview): real pages of the print PDF as images the browser shows as they are, with no system tool on the
 * server (no poppler).
 *
 * - `opening` scope: the book's opening only ({@link openingExcerpt}), typeset and exported as SVG pages
 *   (`svg-pages.ts`); about a third of a second of work whatever the book's length.
 * - `book` scope: the whole book typeset to PDF, and the pages asked for drawn by pdf.js as WebP images
 *   (`raster-pages.ts`); a caller that keeps the PDF (see {@link renderPdfPreviewPages}) pages through a book
 *   without typesetting it again.
 * Both run in the Typst child processes of a {@link PdfProcessPool}, never on the caller's event loop.
 */
import type { BookDocument } from '../../model/book-document.ts';
import type { Layout } from '../../layout/layout.ts';
import { writeTypst } from '../typst/index.ts';
import type { PdfProcessPool } from '../typst/pool.ts';
import type { RasterPage } from './raster-pages.ts';
import type { SvgPage } from './svg-pages.ts';
import { openingExcerpt } from './opening.ts';

export { openingExcerpt, openingMarkdown, type OpeningExcerptOptions, type OpeningMarkdownOptions } from './opening.ts';

/** Most pages one call renders (the API's limit for a `book` preview). */
export const PREVIEW_MAX_PAGES = 40;

/**
 * Pages an `opening` preview shows at most: with chapters opening on rectos, the title page, contents, a part
 * title and their blank versos take the first eight.
 */
export const OPENING_PREVIEW_PAGES = 12;

/** Default width of a `book` preview's page images, pixels. */
export const PREVIEW_WIDTH_PX = 640;

/** CSS pixels per point (96 px to the inch, 72 pt to the inch). */
const PX_PER_PT = 96 / 72;

/** One page image: where it sits in the book and how to draw it. */
export interface PreviewPageImage {
  /** Physical page number, 1-based. */
  pageNumber: number;
  /** `recto` (odd) or `verso` (even) pages of a two-sided layout; `single` for a one-sided one. */
  side: 'recto' | 'verso' | 'single';
  widthPx: number;
  heightPx: number;
  /** `data:image/svg+xml;base64,...` or `data:image/webp;base64,...`. */
  imageDataUrl: string;
}

/** Whether page `pageNumber` is a recto, a verso, or a page of a one-sided layout (`mirrorMargins: false`). */
export function pageSide(layout: Pick<Layout, 'mirrorMargins'>, pageNumber: number): PreviewPageImage['side'] {
  if (!layout.mirrorMargins) return 'single';
  return pageNumber % 2 === 1 ? 'recto' : 'verso';
}

/** SVG pages as preview images (sizes in CSS pixels at 96 per inch), numbered from 1. */
export function previewPagesFromSvg(pages: readonly SvgPage[], layout: Pick<Layout, 'mirrorMargins'>): PreviewPageImage[] {
  return pages.map((page, i) => ({
    pageNumber: i + 1,
    side: pageSide(layout, i + 1),
    widthPx: Math.round(page.widthPt * PX_PER_PT),
    heightPx: Math.round(page.heightPt * PX_PER_PT),
    imageDataUrl: `data:image/svg+xml;base64,${Buffer.from(page.svg, 'utf8').toString('base64')}`,
  }));
}

/** Raster pages (pdf.js) as preview images. */
export function previewPagesFromRaster(pages: readonly RasterPage[], layout: Pick<Layout, 'mirrorMargins'>): PreviewPageImage[] {
  return pages.map((page) => ({
    pageNumber: page.pageNumber,
    side: pageSide(layout, page.pageNumber),
    widthPx: page.widthPx,
    heightPx: page.heightPx,
    imageDataUrl: `data:${page.mediaType};base64,${Buffer.from(page.bytes.buffer, page.bytes.byteOffset, page.bytes.byteLength).toString('base64')}`,
  }));
}

/**
 * The opening pages of a book in a layout: {@link openingExcerpt} typeset in the pool and its first
 * `maxPages` pages (default {@link OPENING_PREVIEW_PAGES}) as SVG images.
 * `opts.signal` cancels it (the pool's `PdfJobOptions`).
 * @throws EngineError `WRITE_FAILED` when the layout's fonts are not shipped or Typst fails; `TIME_LIMIT` past the
 *   pool's time budget or when `opts.signal` aborts; `MEMORY_LIMIT` past its memory budget.
 */
export async function renderOpeningPreview(
  doc: BookDocument,
  layout: Layout,
  opts: { pool: PdfProcessPool; maxPages?: number; signal?: AbortSignal },
): Promise<PreviewPageImage[]> {
  const excerpt = openingExcerpt(doc);
  const source = writeTypst(excerpt, layout, { balanceSpreads: false });
  const { pages } = await opts.pool.svgPages(source, excerpt.assets, opts.maxPages ?? OPENING_PREVIEW_PAGES, { signal: opts.signal });
  return previewPagesFromSvg(pages, layout);
}

/**
 * Pages `fromPage`..`toPage` (1-based, at most {@link PREVIEW_MAX_PAGES}, clamped to the book) of a PDF typeset
 * from `layout`, as WebP images `widthPx` wide; `key` names the PDF so the child keeps it parsed between calls.
 * Resolves with the images and the PDF's page count.
 * `opts.signal` cancels it (the pool's `PdfJobOptions`).
 * @throws RangeError when the range is empty or longer than {@link PREVIEW_MAX_PAGES}; EngineError `WRITE_FAILED`
 *   when pdf.js fails; `TIME_LIMIT` / `MEMORY_LIMIT` as the pool's budgets and `opts.signal` decide.
 */
export async function renderPdfPreviewPages(
  pdf: { key: string; bytes: Uint8Array },
  layout: Pick<Layout, 'mirrorMargins'>,
  opts: { pool: PdfProcessPool; fromPage: number; toPage: number; widthPx?: number; signal?: AbortSignal },
): Promise<{ pages: PreviewPageImage[]; pageCount: number }> {
  if (!(opts.fromPage >= 1 && opts.toPage >= opts.fromPage && opts.toPage - opts.fromPage < PREVIEW_MAX_PAGES)) {
    throw new RangeError(`A preview shows pages ${opts.fromPage}-${opts.toPage}: it must be 1 to ${PREVIEW_MAX_PAGES} pages from page 1 on.`);
  }
  const { pages, pageCount } = await opts.pool.rasterPages({
    key: pdf.key,
    pdf: pdf.bytes,
    fromPage: opts.fromPage,
    toPage: opts.toPage,
    widthPx: opts.widthPx ?? PREVIEW_WIDTH_PX,
  }, { signal: opts.signal });
  return { pages: previewPagesFromRaster(pages, layout), pageCount };
}

/** Numbers the PDFs of {@link renderPreview}, each a fresh key for the child's parsed-document cache. */
let previewCalls = 0;

/**
 * A preview in one call, for tools and tests (a server keeps the typeset PDF between calls instead):
 * `opening` as {@link renderOpeningPreview}; `book` typesets the whole book and renders pages
 * `fromPage`..`toPage` (default the first {@link PREVIEW_MAX_PAGES}). `pageCount` is the book's page count for
 * `book`, null for `opening`.
 * @throws EngineError `WRITE_FAILED` when typesetting or rendering fails; RangeError for a bad page range.
 */
export async function renderPreview(
  doc: BookDocument,
  layout: Layout,
  opts: { pool: PdfProcessPool; scope: 'opening' | 'book'; fromPage?: number; toPage?: number; widthPx?: number },
): Promise<{ pages: PreviewPageImage[]; pageCount: number | null }> {
  if (opts.scope === 'opening') return { pages: await renderOpeningPreview(doc, layout, { pool: opts.pool }), pageCount: null };
  const source = writeTypst(doc, layout);
  const { pdf } = await opts.pool.typeset(source, doc.assets);
  const fromPage = opts.fromPage ?? 1;
  const toPage = opts.toPage ?? fromPage + PREVIEW_MAX_PAGES - 1;
  const key = `render-preview-${++previewCalls}`;
  return renderPdfPreviewPages({ key, bytes: pdf }, layout, { pool: opts.pool, fromPage, toPage, ...(opts.widthPx ? { widthPx: opts.widthPx } : {}) });
}
