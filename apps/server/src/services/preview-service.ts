/**
 * Rendered page previews (POST /api/books/:id/preview; issue 4, "Preview": real pages of the book, refreshed
 * within about a second of a changed setting, the first pages only; the full book on demand).
 *
 * - `opening`: the book's opening (engine `openingMarkdown` + `openingExcerpt`, cut in a worker thread) set in the
 *   layout, its first pages answered as SVG (the preview Typst process): the cost does not grow with the book.
 *   Its margins are KDP's for a page count the whole book cannot be below, as its PDF will at least have.
 * - `book`: the whole book set with KDP's rules by a typeset job (typeset-job-service.ts; issue 14: whole-book
 *   previews are long work), the PDF kept in the typeset PDF store (memory and the shared storage, so the format's
 *   report, the next PDF export and the next pages of the preview reuse it), pages drawn as WebP by pdf.js in the
 *   preview Typst process. Paging through finds the book already set (book-layout-service.ts `findSet`): no job,
 *   not even a rebuild of the Typst source.
 */
import type { FormattingSettings, Preview, PreviewBody } from '@quire/contracts';
import { PreviewBodySchema } from '@quire/contracts';
import {
  OPENING_PREVIEW_PAGES,
  PREVIEW_MAX_PAGES,
  applyKdpRules,
  describeFont,
  layoutToSettings,
  PREVIEW_WIDTH_PX,
  previewPagesFromRaster,
  previewPagesFromSvg,
  pageCountLowerBound,
  type Layout,
} from '@quire/engine';
import { AppError } from '../errors.ts';
import type { JobRunner } from '../workers/pool.ts';
import type { AssetFile } from './asset-paths.ts';
import type { BookLayoutService } from './book-layout-service.ts';
import { bookMetaOf } from './book-meta.ts';
import type { BookService } from './book-service.ts';
import type { TypesetJobService } from './typeset-job-service.ts';

/** Dependencies of {@link createPreviewService}. */
export interface PreviewServiceDeps {
  books: Pick<BookService, 'load'>;
  layouts: Pick<BookLayoutService, 'previewLayout'>;
  /** The whole book set (in this process already, or by a typeset job). */
  typesetJobs: Pick<TypesetJobService, 'setWithPdf'>;
  jobs: Pick<JobRunner, 'buildOpeningTypst' | 'svgPages' | 'rasterPages'>;
  assets: { forExport(bookId: string, markdown: string): Promise<(AssetFile & { mediaType: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' })[]> };
  /** Milliseconds since some fixed point (tests fix it). */
  clock?: () => number;
}

/** Message of a page range over the limit. */
export const PREVIEW_RANGE_MESSAGE = `A preview shows at most ${PREVIEW_MAX_PAGES} pages at a time`;

/** The settings of a layout, as the preview answers them (engine `layoutToSettings`). */
function settingsOf(layout: Layout): FormattingSettings {
  return layoutToSettings(layout);
}

/** Preview operations. */
export function createPreviewService({ books, layouts, typesetJobs, jobs, assets, clock = () => performance.now() }: PreviewServiceDeps) {
  return {
    /**
     * Renders a preview of the caller's book.
     * @throws AppError `NOT_FOUND` (404), `NOT_CLEANED` (409) before cleanup, `UNKNOWN_LAYOUT` (400) for an
     *   unknown layout id, `VALIDATION` (400) for a page range over {@link PREVIEW_MAX_PAGES} pages; ZodError for
     *   settings out of bounds (the route validates first: 400 naming the field); for the whole book, the typeset
     *   job's failure (`JOB_FAILED`, 503), `SHUTTING_DOWN` (503) and the reason of `signal` (the client went away:
     *   the job goes on, and the next request finds its PDF).
     */
    async preview(userId: string, bookId: string, input: PreviewBody, signal?: AbortSignal): Promise<Preview> {
      const started = clock();
      const body = PreviewBodySchema.parse(input);
      const book = await books.load(userId, bookId);
      const markdown = book.formattedText ?? book.cleanedText;
      if (markdown === null) throw new AppError('NOT_CLEANED', 'Clean the text before previewing it');
      const layout = await layouts.previewLayout(book, body.layoutId, body.settings);
      const common = {
        layoutId: body.layoutId ?? book.layoutId ?? layout.id,
        trimWidthIn: layout.trimWidthIn,
        trimHeightIn: layout.trimHeightIn,
        fontLabel: describeFont(layout.fontFamily),
        settings: settingsOf(layout),
      };

      if (body.scope === 'opening') {
        const raised = applyKdpRules(layout, pageCountLowerBound(markdown.length, layout)).layout;
        const { source, assets: used } = await jobs.buildOpeningTypst({
          markdown,
          meta: bookMetaOf(book),
          layout: raised,
          assets: await assets.forExport(book.id, markdown),
        });
        const { pages } = await jobs.svgPages(source, used, OPENING_PREVIEW_PAGES);
        return { ...common, scope: 'opening', pages: previewPagesFromSvg(pages, raised), totalPages: null, renderMs: Math.round(clock() - started) };
      }

      const toPage = body.toPage ?? body.fromPage + PREVIEW_MAX_PAGES - 1;
      if (toPage < body.fromPage) throw new AppError('VALIDATION', 'The last page must not come before the first page');
      if (toPage - body.fromPage + 1 > PREVIEW_MAX_PAGES) throw new AppError('VALIDATION', PREVIEW_RANGE_MESSAGE);
      const typeset = await typesetJobs.setWithPdf(book, layout, signal);
      const pageCount = typeset.report.pageCount;
      const raster =
        body.fromPage > pageCount
          ? []
          : (
              await jobs.rasterPages({
                key: typeset.key,
                pdf: typeset.pdf,
                fromPage: body.fromPage,
                toPage: Math.min(toPage, pageCount),
                widthPx: PREVIEW_WIDTH_PX,
              })
            ).pages;
      const pages = previewPagesFromRaster(raster, typeset.layout);
      return { ...common, scope: 'book', pages, totalPages: pageCount, renderMs: Math.round(clock() - started) };
    },
  };
}

/** The service's type. */
export type PreviewService = ReturnType<typeof createPreviewService>;
