/**
 * A book's layout, resolved once for every export and preview: a built-in layout (engine registry), one of the
 * user's uploaded style guides, or one of their custom templates' settings over the book's built-in layout, with
 * the Advanced Custom settings mapped over it (engine `settingsToLayout`) and, for exports, the KDP adjustments
 * of the book's layout report applied. Also sets the whole book to measure that report (typeset-service.ts).
 */
import { createHash } from 'node:crypto';
import type { FormattingSettings, LayoutReport } from '@quire/contracts';
import { applyReport, getLayout, layouts, settingsToLayout, type BookAsset, type Layout } from '@quire/engine';
import type { BookForLayout } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { AssetFile } from './asset-paths.ts';
import { DEFAULT_LAYOUT_ID } from './book-service.ts';
import { bookMetaOf } from './book-meta.ts';
import type { PdfCache } from './pdf-cache.ts';
import type { TypesetBook, TypesetService } from './typeset-service.ts';

/** Dependencies of {@link createBookLayoutService}. */
export interface BookLayoutServiceDeps {
  typeset: Pick<TypesetService, 'typesetBook'>;
  /** The typeset PDFs (the same cache the typeset service fills). */
  cache: Pick<PdfCache, 'get'>;
  /** The images a text refers to (book-asset-service.ts `forExport`). */
  assets: { forExport(bookId: string, markdown: string): Promise<(AssetFile & { mediaType: BookAsset['mediaType'] })[]> };
  /** The layout of one of the user's uploaded style guides, or null (style-guide-service.ts `findLayout`). */
  findUploadedGuide: (userId: string, id: string) => Promise<Layout | null>;
  /** The settings of one of the user's custom templates, or null (template-service.ts `findSettings`). */
  findCustomTemplate: (userId: string, id: string) => Promise<FormattingSettings | null>;
}

/** Book layout operations. */
/** Most books remembered as set (each entry is a few keys and a layout; the PDFs live in the PDF cache). */
const SET_BOOKS_MAX = 64;

export function createBookLayoutService({ typeset, cache, assets, findUploadedGuide, findCustomTemplate }: BookLayoutServiceDeps) {
  /**
   * What each book was last set to, by a hash of everything the setting depends on (text, metadata, layout):
   * an export or preview of an unchanged book finds its PDF in the cache without rebuilding the Typst source in a
   * worker (a second for War and Peace).
   */
  const setBooks = new Map<string, Omit<TypesetBook, 'pdf'>>();

  /** A built-in layout or one of the user's uploaded guides, or null. */
  async function findBase(userId: string, id: string): Promise<Layout | null> {
    if (Object.hasOwn(layouts, id)) return getLayout(id);
    return findUploadedGuide(userId, id);
  }

  /**
   * The layout a book is set in (its stored id and settings), without KDP adjustments, on the paper the book's
   * metadata names (`paperType`: its page limit and its cover's spine follow it), else the layout's own.
   */
  async function bookLayout(book: BookForLayout): Promise<Layout> {
    const base = (book.layoutId !== null ? await findBase(book.userId, book.layoutId) : null) ?? getLayout(DEFAULT_LAYOUT_ID);
    const layout = book.layoutSettings ? settingsToLayout(book.layoutSettings, base) : base;
    const paper = book.metadata.paperType;
    return paper && paper !== layout.paper ? { ...layout, paper } : layout;
  }

  return {
    findBase,
    bookLayout,

    /**
     * The layout a preview asks for: `layoutId` a built-in layout, an uploaded guide or a custom template (its
     * settings over the book's own base layout); none: the book's own layout and settings. `settings` are
     * mapped over it when given.
     * @throws AppError `UNKNOWN_LAYOUT` (400) for an id that is none of these.
     */
    async previewLayout(book: BookForLayout, layoutId: string | undefined, settings: FormattingSettings | undefined): Promise<Layout> {
      let layout: Layout;
      if (layoutId === undefined) {
        layout = settings ? await findBase(book.userId, book.layoutId ?? DEFAULT_LAYOUT_ID).then((b) => b ?? getLayout(DEFAULT_LAYOUT_ID)) : await bookLayout(book);
      } else {
        const base = await findBase(book.userId, layoutId);
        if (base) layout = base;
        else {
          const custom = await findCustomTemplate(book.userId, layoutId);
          if (!custom) throw new AppError('UNKNOWN_LAYOUT', `Unknown template "${layoutId}"`);
          const bookBase = (book.layoutId !== null ? await findBase(book.userId, book.layoutId) : null) ?? getLayout(DEFAULT_LAYOUT_ID);
          layout = settingsToLayout(custom, bookBase);
        }
      }
      return settings ? settingsToLayout(settings, layout) : layout;
    },

    /** The layout every export of the book uses: its own, with its layout report's KDP adjustments. */
    async exportLayout(book: BookForLayout): Promise<Layout> {
      return applyReport(await bookLayout(book), book.layoutReport);
    },

    /**
     * Sets the book's text (`formattedText`, else `cleanedText`) whole in `base` (default: its own layout) with
     * KDP's rules, starting from its last report's adjustments when that report is of the same layout. A book set
     * before with the same text, metadata and layout, whose PDF is still cached, is answered from the cache.
     * @throws AppError `NOT_CLEANED` (409) when the book has no text to set; typesetting errors.
     */
    async typesetBook(book: BookForLayout, base?: Layout, report: LayoutReport | null = book.layoutReport): Promise<TypesetBook> {
      const markdown = book.formattedText ?? book.cleanedText ?? null;
      if (markdown === null) throw new AppError('NOT_CLEANED');
      const layout = base ?? (await bookLayout(book));
      const meta = bookMetaOf(book);
      const memo = createHash('sha256').update(JSON.stringify([meta, layout])).update(markdown).digest('hex');
      const known = setBooks.get(memo);
      const pdf = known && cache.get(known.key);
      if (known && pdf) return { ...known, pdf: pdf.pdf };
      const start = report && report.layoutId === layout.id ? applyReport(layout, report) : undefined;
      const set = await typeset.typesetBook({ markdown, meta, loadAssets: () => assets.forExport(book.id, markdown) }, layout, start);
      setBooks.delete(memo);
      setBooks.set(memo, { key: set.key, layout: set.layout, report: set.report });
      while (setBooks.size > SET_BOOKS_MAX) setBooks.delete(setBooks.keys().next().value!);
      return set;
    },
  };
}

/** The service's type. */
export type BookLayoutService = ReturnType<typeof createBookLayoutService>;
