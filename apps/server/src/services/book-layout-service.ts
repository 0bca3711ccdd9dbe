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
import type { TypesetPdfStore } from './typeset-pdf-store.ts';
import type { TypesetBook, TypesetService } from './typeset-service.ts';

/** Dependencies of {@link createBookLayoutService}. */
export interface BookLayoutServiceDeps {
  typeset: Pick<TypesetService, 'typesetBook'>;
  /** The typeset PDFs (the same store the typeset service fills). */
  store: Pick<TypesetPdfStore, 'get'>;
  /** The images a text refers to (book-asset-service.ts `forExport`). */
  assets: { forExport(bookId: string, markdown: string): Promise<(AssetFile & { mediaType: BookAsset['mediaType'] })[]> };
  /** The layout of one of the user's uploaded style guides, or null (style-guide-service.ts `findLayout`). */
  findUploadedGuide: (userId: string, id: string) => Promise<Layout | null>;
  /** The settings of one of the user's custom templates, or null (template-service.ts `findSettings`). */
  findCustomTemplate: (userId: string, id: string) => Promise<FormattingSettings | null>;
}

/** Most books remembered as set (each entry is a few keys and a layout; the PDFs live in the typeset PDF store). */
const SET_BOOKS_MAX = 64;

/** Book layout operations. */
export function createBookLayoutService({ typeset, store, assets, findUploadedGuide, findCustomTemplate }: BookLayoutServiceDeps) {
  /**
   * What each book was last set to, by a hash of everything the setting depends on (text, metadata, layout):
   * an export or preview of an unchanged book finds its PDF in the store without rebuilding the Typst source in a
   * worker (a second for War and Peace).
   */
  const setBooks = new Map<string, Omit<TypesetBook, 'pdf'>>();

  /**
   * What setting `book` in `layout` depends on: its text, its metadata, and the hash of all three with the layout
   * ({@link setBooks}' key).
   * @throws AppError `NOT_CLEANED` (409) when the book has no text to set.
   */
  function settingOf(book: BookForLayout, layout: Layout) {
    const markdown = book.formattedText ?? book.cleanedText ?? null;
    if (markdown === null) throw new AppError('NOT_CLEANED');
    const meta = bookMetaOf(book);
    const memo = createHash('sha256').update(JSON.stringify([meta, layout])).update(markdown).digest('hex');
    return { markdown, meta, memo };
  }

  /** Remembers `set` under `memo`, the newest of at most {@link SET_BOOKS_MAX}. */
  function keep(memo: string, set: Omit<TypesetBook, 'pdf'>): void {
    setBooks.delete(memo);
    setBooks.set(memo, { key: set.key, layout: set.layout, report: set.report });
    while (setBooks.size > SET_BOOKS_MAX) setBooks.delete(setBooks.keys().next().value!);
  }

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
     * The book as it was last set in `base` (default: its own layout) by this process, when its PDF is still in
     * memory or in the storage: no typesetting, no Typst build. Null otherwise (set it with {@link typesetBook},
     * in a job).
     * @throws AppError `NOT_CLEANED` (409) when the book has no text to set; the storage's errors.
     */
    async findSet(book: BookForLayout, base?: Layout): Promise<TypesetBook | null> {
      const { memo } = settingOf(book, base ?? (await bookLayout(book)));
      const known = setBooks.get(memo);
      const pdf = known && (await store.get(book.id, known.key));
      return known && pdf ? { ...known, pdf: pdf.pdf } : null;
    },

    /**
     * Records that `book` in `base` (default: its own layout) was set as `set` by another process (a typeset job's
     * result), so that {@link findSet} finds it here while its PDF is in the storage.
     */
    async remember(book: BookForLayout, base: Layout | undefined, set: Omit<TypesetBook, 'pdf'>): Promise<void> {
      keep(settingOf(book, base ?? (await bookLayout(book))).memo, set);
    },

    /**
     * Sets the book's text (`formattedText`, else `cleanedText`) whole in `base` (default: its own layout) with
     * KDP's rules, starting from its last report's adjustments when that report is of the same layout. A book set
     * before with the same text, metadata and layout, whose PDF is still in memory or the storage, is answered
     * from there.
     * @throws AppError `NOT_CLEANED` (409) when the book has no text to set; typesetting errors.
     */
    async typesetBook(book: BookForLayout, base?: Layout, report: LayoutReport | null = book.layoutReport): Promise<TypesetBook> {
      const layout = base ?? (await bookLayout(book));
      const { markdown, meta, memo } = settingOf(book, layout);
      const known = setBooks.get(memo);
      const pdf = known && (await store.get(book.id, known.key));
      if (known && pdf) return { ...known, pdf: pdf.pdf };
      const start = report && report.layoutId === layout.id ? applyReport(layout, report) : undefined;
      const set = await typeset.typesetBook({ bookId: book.id, markdown, meta, loadAssets: () => assets.forExport(book.id, markdown) }, layout, start);
      keep(memo, set);
      return set;
    },
  };
}

/** The service's type. */
export type BookLayoutService = ReturnType<typeof createBookLayoutService>;
