/**
 * Books of one user (workspace spec sections 3, 4, 7): list, read, clean, save the edited text, format.
 * Every query is scoped by the caller's user id: another user's book is "not found" (DESIGN.md section 3).
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type {
  Book,
  BookMetadata,
  BookSummary,
  CleanReport,
  FormatAdvancedBody,
  FormatBody,
  FormatTemplateBody,
  FormattingSettings,
  LayoutReport,
  SourceType,
} from '@quire/contracts';
import {
  BookSchema,
  EditionDetailsSchema,
  FormatAdvancedBodySchema,
  FormatBodySchema,
  FormatTemplateBodySchema,
  MAX_TEXT_BYTES,
  TRIAL_WORD_LIMIT,
  type PlanFeature,
} from '@quire/contracts';
import { listTemplates } from '@quire/engine';
import type { Db } from '../db/client.ts';
import { bookAssets, books, type BookForLayout, type BookRow } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { JobRunner } from '../workers/pool.ts';
import type { AssetFile } from './asset-paths.ts';
import type { BookAssetService } from './book-asset-service.ts';
import { BookBodyCache, type BodyEncoding } from './book-body-cache.ts';
import { editionDetailsOf, titleWithoutSubtitle, withFoundDetails } from './edition-details.ts';
import { UUID } from '../db/uuid.ts';

/** Layout ids a book can be formatted with (the engine's registry; the skeleton ships `kdp-6x9`). */
export type LayoutExists = (layoutId: string) => boolean;

/**
 * The settings of one of the user's custom templates, or null when `templateId` is not one of theirs
 * (template-service.ts `findSettings`).
 */
export type FindCustomTemplate = (userId: string, templateId: string) => Promise<FormattingSettings | null>;

/**
 * Measures a formatted book's layout report: sets it whole in its layout with KDP's rules (book-layout-service.ts
 * `typesetBook`). Rejects when typesetting fails.
 */
export type MeasureLayout = (book: BookRow) => Promise<LayoutReport>;

/**
 * Dependencies of {@link createBookService}. `assets` stores the images of imported books; `findCustomTemplate`
 * resolves custom template ids for format-template (none: only built-in ids are accepted), `hasUploadedGuide`
 * the ids of the user's uploaded style guides; `measureLayout` sets each formatted book to store its layout
 * report (none: no report).
 */
export interface BookServiceDeps {
  db: Db;
  /** The encoded answers of GET /api/books/:id (default: a cache of this process, 64 MiB). */
  bodyCache?: BookBodyCache;
  jobs: Pick<JobRunner, 'cleanBook' | 'measureText' | 'cutAtWordLimit'>;
  layoutExists: LayoutExists;
  /**
   * Whether a book the user imports now is a free-trial book, whose working text is cut at TRIAL_WORD_LIMIT words
   * (billing/entitlement-service.ts `importsAsTrial`). Default: never (no billing).
   */
  importsAsTrial?: (userId: string) => Promise<boolean>;
  /**
   * Checks a plan feature (billing/entitlement-service.ts `requireFeature`): the six formatting templates, Advanced
   * Custom and custom templates need `all-templates`. Default: everything allowed (no billing).
   * @throws AppError `FEATURE_NOT_IN_PLAN` (403).
   */
  requireFeature?: (userId: string, feature: PlanFeature) => Promise<void>;
  assets: Pick<BookAssetService, 'write'>;
  findCustomTemplate?: FindCustomTemplate;
  hasUploadedGuide?: (userId: string, id: string) => Promise<boolean>;
  measureLayout?: MeasureLayout;
  /** Where a failed measurement is reported (the format itself succeeds without a report). */
  onMeasureError?: (err: unknown, bookId: string) => void;
}

/** Ids of the six formatting templates (engine `listTemplates`), which the `all-templates` feature opens. */
const DESIGNER_TEMPLATE_IDS: ReadonlySet<string> = new Set(listTemplates().map((t) => t.id));

/** The layout custom settings start from when neither the template nor the book names a built-in one. */
export const DEFAULT_LAYOUT_ID = 'kdp-6x9';

/**
 * A fresh book to store (the import service builds it). `cleanedText` and `cleanReport` are set when cleanup ran
 * at import time (preference `autoCleanImports`); `wordCount` counts the text the user sees (cleaned if cleaned).
 */
export interface NewBook {
  title: string;
  author: string;
  sourceUrl: string | null;
  sourceType: SourceType;
  originalText: string;
  cleanedText?: string | null;
  cleanReport?: CleanReport | null;
  wordCount: number;
  metadata: Partial<BookMetadata>;
}

/** The title-page details of book metadata (contracts `EditionDetailsSchema`: subtitle, translator, ...). */
const EDITION_FIELDS = EditionDetailsSchema.keyof().options;

/** Book metadata with the contract's defaults filled in (language `en`, empty lists). */
export function fullMetadata(meta: Partial<BookMetadata> | null | undefined): BookMetadata {
  const m = meta ?? {};
  return {
    ...(m.description !== undefined ? { description: m.description } : {}),
    categories: m.categories ?? [],
    keywords: m.keywords ?? [],
    language: m.language ?? 'en',
    ...(m.publicationYear !== undefined ? { publicationYear: m.publicationYear } : {}),
    ...(m.isbn ? { isbn: m.isbn } : {}),
    ...(m.paper ? { paper: m.paper } : {}),
    ...editionDetailsOf(m),
  };
}

/** The book as the API shows it (contracts BookSchema). */
export function toBook(row: BookRow): Book {
  return {
    id: row.id,
    title: row.title,
    author: row.author,
    sourceUrl: row.sourceUrl,
    sourceType: row.sourceType,
    originalText: row.originalText,
    cleanedText: row.cleanedText,
    formattedText: row.formattedText,
    cleanReport: row.cleanReport ?? null,
    metadata: fullMetadata(row.metadata),
    genre: row.genre,
    layoutId: row.layoutId,
    layoutSettings: row.layoutSettings ?? null,
    layoutReport: row.layoutReport ?? null,
    status: row.status,
    wordCount: row.wordCount,
    isFreeTrial: row.isFreeTrial,
    wasTruncated: row.wasTruncated,
    originalWordCount: row.wasTruncated ? row.originalWordCount : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Book operations for signed-in users. Each method throws AppError `NOT_FOUND` (404) for a book that is not theirs. */
export function createBookService({
  db,
  bodyCache = new BookBodyCache(),
  jobs,
  layoutExists,
  assets: bookAssetService,
  findCustomTemplate = async () => null,
  hasUploadedGuide = async () => false,
  measureLayout,
  onMeasureError = () => {},
  importsAsTrial = async () => false,
  requireFeature = async () => {},
}: BookServiceDeps) {
  /** The premium templates: a designer formatting template (the style guides and KDP layouts are in every plan). */
  async function requireTemplate(userId: string, layoutId: string): Promise<void> {
    if (DESIGNER_TEMPLATE_IDS.has(layoutId)) await requireFeature(userId, 'all-templates');
  }

  /**
   * The columns of a free-trial book's working text `markdown` (issue 12): cut at the last paragraph boundary
   * within TRIAL_WORD_LIMIT words, the cut part kept in `trial_remainder` (after `carried`, a part cut before),
   * the whole text's word count kept. A text that fits is stored as it is.
   */
  async function trialText(markdown: string, carried: { remainder: string | null; words: number } = { remainder: null, words: 0 }) {
    const cut = await jobs.cutAtWordLimit(markdown, TRIAL_WORD_LIMIT);
    const remainder = [cut.remainder, carried.remainder ?? ''].filter((part) => part !== '').join('\n\n');
    const truncated = remainder !== '';
    return {
      cleanedText: cut.kept,
      wordCount: cut.keptWords,
      wasTruncated: truncated,
      originalWordCount: truncated ? cut.totalWords + carried.words : null,
      trialRemainder: truncated ? remainder : null,
    };
  }

  /**
   * The revision of the caller's book, or nothing: the one query of a read whose answer is kept. Prepared once per
   * connection (PostgreSQL parses and plans it once), since every book read runs it.
   */
  const revisionOfBook = db
    .select({ revision: books.revision })
    .from(books)
    .where(and(eq(books.id, sql.placeholder('bookId')), eq(books.userId, sql.placeholder('userId'))))
    .limit(1)
    .prepare('book_revision');

  /** The columns of a {@link BookForLayout}: all but the texts no export or layout reads. */
  const { originalText: _original, cleanedText: _cleaned, trialRemainder: _remainder, ...layoutColumns } = getTableColumns(books);

  /** The condition that picks the caller's book. @throws AppError `NOT_FOUND` for an id that is no UUID. */
  function ownBook(userId: string, bookId: string): SQL {
    if (!UUID.test(bookId)) throw new AppError('NOT_FOUND');
    return and(eq(books.id, bookId), eq(books.userId, userId))!;
  }

  /** The one row of `rows`. @throws AppError `NOT_FOUND` when there is none. */
  function found<T>(rows: readonly T[]): T {
    const [row] = rows;
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /**
   * The caller's book as exports read it (BookForLayout: no original text, no cleaned text, no trial remainder): a
   * third of a formatted novel's row, which the export request and the export job read on the event loop.
   * @throws AppError `NOT_FOUND`.
   */
  async function loadForExport(userId: string, bookId: string): Promise<BookForLayout> {
    return found(await db.select(layoutColumns).from(books).where(ownBook(userId, bookId)).limit(1));
  }

  /** The caller's book row. @throws AppError `NOT_FOUND`. */
  async function load(userId: string, bookId: string): Promise<BookRow> {
    return found(await db.select().from(books).where(ownBook(userId, bookId)).limit(1));
  }

  /** Updates the caller's book (in `tx` when given) and returns the new row. @throws AppError `NOT_FOUND`. */
  async function update(userId: string, bookId: string, values: Partial<typeof books.$inferInsert>, tx: Db = db): Promise<BookRow> {
    return found(await tx.update(books).set(values).where(ownBook(userId, bookId)).returning());
  }

  /**
   * Stores the formatting of a book and then its layout report (issue 4: the whole book set in its layout,
   * pages counted, KDP's rules applied). A failed measurement is reported to `onMeasureError` and leaves the
   * report empty: the book is formatted all the same, and its PDF export will say what went wrong.
   */
  async function formatAndMeasure(userId: string, bookId: string, values: Partial<typeof books.$inferInsert>): Promise<Book> {
    const row = await update(userId, bookId, { ...values, layoutReport: null });
    if (!measureLayout) return toBook(row);
    try {
      const layoutReport = await measureLayout(row);
      return toBook(await update(userId, bookId, { layoutReport }));
    } catch (err) {
      onMeasureError(err, bookId);
      return toBook(row);
    }
  }

  const service = {
    load,
    loadForExport,

    /** The caller's books, newest first, without their texts (GET /api/books). */
    async list(userId: string): Promise<BookSummary[]> {
      const rows = await db
        .select({
          id: books.id,
          title: books.title,
          author: books.author,
          status: books.status,
          wordCount: books.wordCount,
          createdAt: books.createdAt,
        })
        .from(books)
        .where(eq(books.userId, userId))
        .orderBy(desc(books.createdAt));
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    },

    /**
     * Checks that the caller has the book `bookId`, reading its revision only (not its texts, megabytes for a long
     * book): what a request that hands the book to a job checks first.
     * @throws AppError `NOT_FOUND` for an id that is not a UUID or not one of the caller's books.
     */
    async assertOwned(userId: string, bookId: string): Promise<void> {
      if (!UUID.test(bookId)) throw new AppError('NOT_FOUND');
      found(await revisionOfBook.execute({ bookId, userId }));
    },

    /** One book in full. */
    async get(userId: string, bookId: string): Promise<Book> {
      return toBook(await load(userId, bookId));
    },

    /**
     * One book in full as the body of GET /api/books/:id: its JSON (checked against the contracts' BookSchema) in
     * `encoding`. The database is asked for the book's revision, unless the caller read it already (`known`: the route
     * reads it with the session, plugins/auth.ts; `revision` null when the user has no such book); the body of that
     * revision is made once and kept (book-body-cache.ts), so a read of an unchanged book costs one small query.
     * @throws AppError `NOT_FOUND`.
     */
    async body(userId: string, bookId: string, encoding: BodyEncoding, known?: { revision: number | null }): Promise<Buffer> {
      if (!UUID.test(bookId)) throw new AppError('NOT_FOUND');
      const { revision } = known ? found(known.revision === null ? [] : [{ revision: known.revision }]) : found(await revisionOfBook.execute({ bookId, userId }));
      return bodyCache.body(bookId, revision, encoding, async () => BookSchema.encode(toBook(await load(userId, bookId))));
    },

    /**
     * Stores a new book for the caller (used by imports), status `imported`, with the images its Markdown refers
     * to (`images/<name>`). The image files are written first, then the book and its `book_assets` rows in one
     * transaction; when that fails the files are removed again, so a failed import leaves nothing behind.
     * @throws AppError from the asset checks (book-asset-service.ts `write`); database and storage errors.
     */
    async create(userId: string, book: NewBook, assets: readonly AssetFile[] = []): Promise<Book> {
      const prepared = await service.prepareNew(userId, book, assets);
      try {
        return await db.transaction(async (tx) => prepared.insert(tx as unknown as Db));
      } catch (err) {
        await prepared.discard();
        throw err;
      }
    },

    /**
     * A new book made ready to store in a transaction of the caller's (the one that completes an import job): the
     * trial cut and the image files are done now, outside any transaction (on PGlite a query outside an open
     * transaction would wait for it); `insert(tx)` writes the book and its asset rows; `discard()` removes the image
     * files when the transaction does not commit. `id` is the book's id (an import job's: one book per job).
     * @throws AppError from the asset checks (book-asset-service.ts `write`); storage errors.
     */
    async prepareNew(
      userId: string,
      book: NewBook,
      assets: readonly AssetFile[] = [],
      id: string = randomUUID(),
    ): Promise<{ insert(tx: Db): Promise<Book>; discard(): Promise<void> }> {
      const isFreeTrial = await importsAsTrial(userId);
      const values = { ...book, isFreeTrial, ...(isFreeTrial && book.cleanedText ? await trialText(book.cleanedText) : {}) };
      const written = await bookAssetService.write(id, assets);
      return {
        async insert(tx) {
          const [inserted] = await tx
            .insert(books)
            .values({ id, userId, ...values })
            .returning();
          if (written.rows.length > 0) await tx.insert(bookAssets).values(written.rows);
          if (!inserted) throw new AppError('INTERNAL', undefined, { cause: new Error('insert returned no book') });
          return toBook(inserted);
        },
        discard: () => written.remove(),
      };
    },

    /**
     * Cleans the original text of `book` (a row of the caller's, from `load`) in the worker pool and resolves the
     * write that stores the Markdown, the report, the new word count and the details found on the title page: the
     * cleanup job (services/cleanup-service.ts) makes it in the transaction that completes the job, so a cleanup is
     * stored whole or not at all (POST /api/books/:id/clean).
     * @throws AppError `NOT_FOUND` from the write when the book was deleted meanwhile.
     */
    async prepareClean(book: BookRow): Promise<{ apply(tx: Db): Promise<void> }> {
      const cleaned = await jobs.cleanBook(book.originalText);
      // The source's title page is now book details: kept where the user has typed none.
      const stored = book.metadata ?? {};
      const text = book.isFreeTrial
        ? await trialText(cleaned.markdown)
        : { cleanedText: cleaned.markdown, wordCount: cleaned.wordCount };
      const values = {
        ...text,
        // What the import could not keep stays known after a cleanup of the original text (the reader is not run again).
        cleanReport: book.cleanReport?.diagnostics ? { ...cleaned.report, diagnostics: book.cleanReport.diagnostics } : cleaned.report,
        metadata: withFoundDetails(stored, cleaned.meta),
        ...titleWithoutSubtitle(book.title, stored, cleaned.meta),
      };
      return {
        async apply(tx) {
          await update(book.userId, book.id, values, tx);
        },
      };
    },

    /**
     * Undoes cleanup (POST /api/books/:id/undo-clean): the cleaned and formatted texts and the report are cleared,
     * the status goes back to `imported` and the word count is that of the original text, which was never
     * changed; the user can clean again. Undoing a book that is not cleaned changes nothing else.
     */
    async undoClean(userId: string, bookId: string): Promise<Book> {
      const book = await load(userId, bookId);
      const { wordCount } = await jobs.measureText(book.originalText);
      return toBook(
        await update(userId, bookId, {
          cleanedText: null,
          cleanReport: null,
          formattedText: null,
          layoutReport: null,
          status: 'imported',
          wordCount,
          wasTruncated: false,
          originalWordCount: null,
          trialRemainder: null,
        }),
      );
    },

    /**
     * Ends the free trial of the user's books (issue 12: "paying for that document or subscribing restores the
     * whole text"): `bookId`'s, or every one of the user's when omitted. The part the trial cut off comes back
     * after the working text (and after the formatted text, when formatted), with the user's edits of the kept
     * part left as they are; the layout report is dropped (the next PDF export measures again). Called by the
     * Stripe webhook once a payment or a subscription is confirmed. Answers the number of books changed.
     */
    async endTrial(userId: string, bookId?: string): Promise<number> {
      const rows = await db
        .select()
        .from(books)
        .where(and(eq(books.userId, userId), eq(books.isFreeTrial, true), ...(bookId ? [eq(books.id, bookId)] : [])));
      for (const row of rows) {
        const rest = row.trialRemainder;
        const joined = (text: string | null) => (text !== null && rest ? `${text.trimEnd()}\n\n${rest}` : text);
        const cleanedText = joined(row.cleanedText);
        const wordCount = cleanedText !== null && rest ? (await jobs.measureText(cleanedText)).wordCount : row.wordCount;
        await update(userId, row.id, {
          isFreeTrial: false,
          wasTruncated: false,
          originalWordCount: null,
          trialRemainder: null,
          cleanedText,
          formattedText: joined(row.formattedText),
          wordCount,
          ...(rest ? { layoutReport: null } : {}),
        });
      }
      return rows.length;
    },

    /**
     * Replaces the cleaned text with the user's edit (POST /api/books/:id/save-text). When the book is already
     * formatted, the formatted text follows the edit, so the next export contains it.
     * @throws AppError `TEXT_TOO_LARGE` (413) above 5 MB of UTF-8 (accounts spec section 9).
     */
    async saveText(userId: string, bookId: string, text: string): Promise<Book> {
      const book = await load(userId, bookId);
      const { wordCount, textBytes } = await jobs.measureText(text);
      if (textBytes > MAX_TEXT_BYTES) throw new AppError('TEXT_TOO_LARGE');
      // A trial book's edit is cut like its cleaned text; what was cut before stays after what is cut now.
      const working = book.isFreeTrial
        ? await trialText(text, { remainder: book.trialRemainder, words: (book.originalWordCount ?? book.wordCount) - book.wordCount })
        : { cleanedText: text, wordCount };
      return toBook(
        await update(userId, bookId, {
          ...working,
          ...(book.formattedText !== null ? { formattedText: working.cleanedText } : {}),
        }),
      );
    },

    /**
     * Stores genre, metadata and layout, and makes the cleaned text the text of the exports; status `ready`
     * (POST /api/books/:id/format; workspace spec sections 4 and 5). Without `layoutId` the book keeps its layout
     * and custom settings (chosen in Template Formatting or Advanced Custom), else gets {@link DEFAULT_LAYOUT_ID}.
     * Empty student-paper fields and blank title-page details (subtitle, translator, ...) are not stored.
     * @throws AppError `NOT_CLEANED` (409) before cleanup, `UNKNOWN_LAYOUT` (400) for a layout the engine lacks.
     */
    async format(userId: string, bookId: string, input: FormatBody): Promise<Book> {
      const body = FormatBodySchema.parse(input);
      const book = await load(userId, bookId);
      if (book.cleanedText === null) throw new AppError('NOT_CLEANED');
      // No layout named: keep the one chosen in Template Formatting or Advanced Custom (with its settings).
      const layoutId = body.layoutId ?? (await baseLayoutOf(book));
      if (!(await isLayout(userId, layoutId))) throw new AppError('UNKNOWN_LAYOUT', `Unknown layout "${layoutId}"`);
      await requireTemplate(userId, layoutId);
      const { isbn, paper, ...rest } = body.metadata;
      const paperDetails = paper ? Object.fromEntries(Object.entries(paper).filter(([, v]) => v !== undefined && v !== '')) : {};
      // Title-page details the form sends replace the stored ones (a field sent blank is cleared); those it does not
      // send, and what cleanup read from the source that the form never carries (source credit, public domain, the
      // editor's role, other credits), stay as they are.
      const sent = Object.fromEntries(EDITION_FIELDS.filter((field) => rest[field] !== undefined).map((field) => [field, undefined]));
      const metadata: BookMetadata = withFoundDetails(
        {
          ...rest,
          ...(isbn ? { isbn } : {}),
          ...(Object.keys(paperDetails).length ? { paper: paperDetails } : {}),
          ...sent,
          ...editionDetailsOf(rest),
        },
        Object.fromEntries(Object.entries(book.metadata ?? {}).filter(([key]) => !(key in sent))),
      );
      return formatAndMeasure(userId, bookId, {
        genre: body.genre,
        metadata,
        layoutId,
        layoutSettings: layoutId === book.layoutId ? (book.layoutSettings ?? null) : null,
        formattedText: book.cleanedText,
        status: 'ready',
      });
    },

    /**
     * Formats with a template (POST /api/books/:id/format-template; workspace spec section 7): a built-in
     * formatting template or style guide, or one of the caller's uploaded style guides, is stored as the book's
   * layout (`layout_id`, no custom settings); one of
     * the caller's custom templates is stored as its settings over the book's built-in layout (else
     * {@link DEFAULT_LAYOUT_ID}). The cleaned text becomes the text of the exports; status `ready`.
     * `requirements` is not used: the built-in layout is what the style guide requires.
     * @throws AppError `NOT_CLEANED` (409) before cleanup, `UNKNOWN_LAYOUT` (400, naming the id) for an id that is
     *   neither built in nor one of the caller's templates.
     */
    async formatTemplate(userId: string, bookId: string, input: FormatTemplateBody): Promise<Book> {
      const { templateId } = FormatTemplateBodySchema.parse(input);
      const book = await load(userId, bookId);
      if (book.cleanedText === null) throw new AppError('NOT_CLEANED');
      let layout: { layoutId: string; layoutSettings: FormattingSettings | null };
      if (await isLayout(userId, templateId)) {
        await requireTemplate(userId, templateId);
        layout = { layoutId: templateId, layoutSettings: null };
      } else {
        const settings = await findCustomTemplate(userId, templateId);
        if (settings === null) throw new AppError('UNKNOWN_LAYOUT', `Unknown template "${templateId}"`);
        await requireFeature(userId, 'all-templates');
        layout = { layoutId: await baseLayoutOf(book), layoutSettings: settings };
      }
      return formatAndMeasure(userId, bookId, { ...layout, formattedText: book.cleanedText, status: 'ready' });
    },

    /**
     * Formats with custom settings (POST /api/books/:id/format-advanced; workspace spec section 7): the settings
     * (already validated with their bounds) are stored over a built-in base layout: the template's id when it is
     * built in, else the book's layout, else {@link DEFAULT_LAYOUT_ID}. The export builds the layout with the
     * engine's `settingsToLayout(settings, getLayout(base))`. Status `ready`.
     * @throws AppError `NOT_CLEANED` (409) before cleanup; ZodError for settings out of bounds (the route
     *   validates first, answering 400 with the field's message).
     */
    async formatAdvanced(userId: string, bookId: string, input: FormatAdvancedBody): Promise<Book> {
      const { template } = FormatAdvancedBodySchema.parse(input);
      const book = await load(userId, bookId);
      if (book.cleanedText === null) throw new AppError('NOT_CLEANED');
      await requireFeature(userId, 'all-templates');
      const layoutId = (await isLayout(userId, template.id)) ? template.id : await baseLayoutOf(book);
      return formatAndMeasure(userId, bookId, {
        layoutId,
        layoutSettings: template.settings,
        formattedText: book.cleanedText,
        status: 'ready',
      });
    },
  };
  return service;

  /** Whether `id` is a built-in layout or one of the user's uploaded style guides. */
  async function isLayout(userId: string, id: string): Promise<boolean> {
    return layoutExists(id) || hasUploadedGuide(userId, id);
  }

  /**
   * The book's base layout id (built in, or an uploaded guide of its owner), or {@link DEFAULT_LAYOUT_ID} when it
   * has none (or an id that is neither any more).
   */
  async function baseLayoutOf(book: BookRow): Promise<string> {
    return book.layoutId !== null && (await isLayout(book.userId, book.layoutId)) ? book.layoutId : DEFAULT_LAYOUT_ID;
  }
}

/** The service's type, for routes and tests. */
export type BookService = ReturnType<typeof createBookService>;
