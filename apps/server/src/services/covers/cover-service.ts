/**
 * A book's covers (issue "Covers a self-publisher can upload"; workspace spec sections 2, 3, 4, 7, 8): made from a
 * text template, an AI style or the user's own front artwork, edited (text, palette), chosen, deleted, and rendered
 * to the files KDP asks for: the e-book JPEG (stored, re-rendered on every edit) and the paperback full-wrap PDF
 * (rendered when asked, from the book's current print page count, so that its spine is never stale).
 *
 * Files first, then rows: a cover's files are written under new keys before its row points at them, and the old
 * files are removed only after the row changed, so a failure at any step leaves the saved cover as it was.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import {
  COVER_TEXT_LIMITS,
  type Cover,
  type CoverCreateBody,
  type CoverOptions,
  type CoverStyle,
  type CoverTemplate,
  type CoverText,
  type CoverUpdateBody,
  type WrapGeometry,
} from '@quire/contracts';
import {
  artworkMinPx,
  checkArtworkSize,
  coverTemplateForStyle,
  defaultPalette,
  imageDimensions,
  imagePixelProblem,
  sniffImageType,
  suggestedPalettes,
  wrapGeometry,
  type CoverDesign,
} from '@quire/engine';
import type { Db } from '../../db/client.ts';
import { covers as coversTable, type BookRow, type CoverRow } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { JobRunner } from '../../workers/pool.ts';
import type { BookLayoutService } from '../book-layout-service.ts';
import type { BookService } from '../book-service.ts';
import type { SetBook, TypesetJobService } from '../typeset-job-service.ts';
import { typesetEstimateMs } from '../typeset-service.ts';
import type { Storage, StoredFileStream } from '../storage.ts';
import type { JobOutcome, JobQueue, JobRunContext } from '../jobs/job-queue.ts';
import { bookIdOfJob, runJob } from '../jobs/job-result.ts';
import { progressOverTime } from '../jobs/progress-over-time.ts';
import { coverArtworkPrompt, type PaintPicture } from './artwork-model.ts';

/** The 409 sentence of a wrap asked for before Format. */
const NOT_FORMATTED_WRAP = "Format the book first: the paperback cover's spine is sized from its page count.";

/** The storage folder of a cover's files (its e-book JPEGs, artwork, wrap and wrap previews). */
const coverFolder = (bookId: string, coverId: string) => `covers/${bookId}/${coverId}`;

/** The storage key of a cover's paperback wrap (one per cover, made again on each request). */
const wrapKey = (bookId: string, coverId: string) => `${coverFolder(bookId, coverId)}/wrap.pdf`;

/** The storage key of a cover's wrap preview `widthPx` wide (one per cover and width, made again on each request). */
const wrapPreviewKey = (bookId: string, coverId: string, widthPx: number) => `${coverFolder(bookId, coverId)}/wrap-${widthPx}.jpg`;

/** A cover-wrap job's input: the cover, and the preview's width when it makes the JPEG preview instead of the PDF. */
const WrapJobInputSchema = z.object({ coverId: z.uuid(), previewWidthPx: z.number().int().positive().optional() });

/** Most bytes of an uploaded front artwork (a 300 dpi photograph of a 8.5 x 11 in front is well under it). */
export const MAX_ARTWORK_BYTES = 20 * 1024 * 1024;

/** Dependencies of {@link createCoverService}. `paint` is the configured image model, or null (Quire draws the AI styles). */
export interface CoverServiceDeps {
  db: Db;
  books: Pick<BookService, 'load'>;
  layouts: Pick<BookLayoutService, 'typesetBook' | 'bookLayout'>;
  /** The book set whole outside the request (issue 14): the Covers tab's page count. */
  typesetJobs: Pick<TypesetJobService, 'set'>;
  jobs: Pick<JobRunner, 'renderEbookCover' | 'renderWrapCover' | 'renderWrapPreview'>;
  /** The job queue the paperback wraps are made on (services/jobs). */
  queue: Pick<JobQueue, 'handle' | 'enqueue' | 'waitFor'>;
  storage: Storage;
  paint: PaintPicture | null;
  /** The image model's name, shown in the UI and recorded on each cover it painted. */
  imageModel: string | null;
  /**
   * The plan check of a feature (AI styles are a premium feature: accounts spec section 9); throws an AppError
   * (402/403) when the caller's plan lacks it. Absent: every feature is allowed.
   */
  checkFeature?: (userId: string, feature: 'ai-cover') => Promise<void>;
}

/** A new cover row as the service inserts it (its e-book key and `chosen` are set when it is saved). */
type NewCover = Pick<
  CoverRow,
  'id' | 'bookId' | 'coverType' | 'template' | 'style' | 'prompt' | 'text' | 'palette' | 'artworkSource' | 'artworkModel' | 'artworkKey' | 'artworkMediaType' | 'artworkWidthPx' | 'artworkHeightPx'
>;

/** The artwork columns of a cover without a stored artwork. */
const NO_ARTWORK = { prompt: null, artworkModel: null, artworkKey: null, artworkMediaType: null, artworkWidthPx: null, artworkHeightPx: null } as const;

/**
 * A file of a cover and its media type: the bytes of one rendered now, or a stored one opened as a stream
 * (storage.ts `getStream`) with its size.
 */
export type CoverFile = { contentType: string } & ({ bytes: Uint8Array } | StoredFileStream);

/** The words a new cover starts with: the book's title, subtitle, author and description (cut at a word to fit). */
function textOf(book: BookRow): CoverText {
  const cut = (s: string | undefined, max: number) => {
    const t = (s ?? '').replace(/\s+/g, ' ').trim();
    if (t.length <= max) return t;
    const head = t.slice(0, max - 1);
    return `${head.slice(0, Math.max(head.lastIndexOf(' '), 1))}…`;
  };
  return {
    title: cut(book.title, COVER_TEXT_LIMITS.title) || 'Untitled',
    subtitle: cut(book.metadata.subtitle, COVER_TEXT_LIMITS.subtitle),
    author: cut(book.author, COVER_TEXT_LIMITS.author),
    blurb: cut(book.metadata.description, COVER_TEXT_LIMITS.blurb),
  };
}

/** The API's shape of a cover row. */
function toCover(row: CoverRow): Cover {
  const base = `/api/books/${row.bookId}/covers/${row.id}`;
  return {
    id: row.id,
    bookId: row.bookId,
    coverType: row.coverType as Cover['coverType'],
    template: row.template as CoverTemplate,
    style: (row.style as CoverStyle | null) ?? null,
    prompt: row.prompt,
    imageUrl: `${base}/ebook.jpg`,
    wrapUrl: `${base}/wrap.pdf`,
    chosen: row.chosen,
    text: row.text,
    palette: row.palette,
    artwork: {
      source: row.artworkSource as Cover['artwork']['source'],
      aiGenerated: row.artworkSource === 'ai-model',
      model: row.artworkModel,
      widthPx: row.artworkWidthPx,
      heightPx: row.artworkHeightPx,
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Cover operations. Every one is scoped to the caller's book: another user's book or cover is 404. */
export function createCoverService({ db, books, layouts, typesetJobs, jobs, queue, storage, paint, imageModel, checkFeature }: CoverServiceDeps) {
  const removeFiles = async (keys: readonly (string | null)[]) => {
    await Promise.all(keys.filter((k): k is string => k !== null).map((k) => storage.delete(k).catch(() => {})));
  };

  async function rows(bookId: string): Promise<CoverRow[]> {
    return db.select().from(coversTable).where(eq(coversTable.bookId, bookId)).orderBy(desc(coversTable.createdAt), desc(coversTable.id));
  }

  async function row(userId: string, bookId: string, coverId: string): Promise<{ book: BookRow; cover: CoverRow }> {
    const book = await books.load(userId, bookId);
    // A cover id that is not a UUID can name no cover (and would be a database error as a uuid parameter).
    if (!/^[0-9a-f-]{36}$/i.test(coverId)) throw new AppError('NOT_FOUND', 'Cover not found');
    const [cover] = await db
      .select()
      .from(coversTable)
      .where(and(eq(coversTable.id, coverId), eq(coversTable.bookId, book.id)));
    if (!cover) throw new AppError('NOT_FOUND', 'Cover not found');
    return { book, cover };
  }

  /** The design the engine renders for a cover row (its artwork read from storage). */
  async function designOf(book: BookRow, cover: Pick<CoverRow, 'template' | 'style' | 'text' | 'palette' | 'artworkSource' | 'artworkKey' | 'artworkMediaType' | 'artworkWidthPx' | 'artworkHeightPx'>): Promise<CoverDesign> {
    const design: CoverDesign = { template: cover.template as CoverTemplate, text: cover.text, palette: cover.palette, genre: book.genre ?? undefined };
    if (cover.artworkSource === 'generated' && cover.style) {
      // Deterministic per book and style (issue): the same book and style always draw the same picture.
      design.artwork = { kind: 'generated', style: cover.style as CoverStyle, seed: book.id };
    } else if (cover.artworkKey && cover.artworkMediaType && cover.artworkWidthPx && cover.artworkHeightPx) {
      design.artwork = {
        kind: 'image',
        bytes: await storage.get(cover.artworkKey),
        mediaType: cover.artworkMediaType as 'image/jpeg' | 'image/png',
        widthPx: cover.artworkWidthPx,
        heightPx: cover.artworkHeightPx,
      };
    }
    return design;
  }

  /** The wrap's geometry from the book as set in its print layout (its trim, paper and page count). */
  function geometryOf({ layout, report }: Pick<SetBook, 'layout' | 'report'>): WrapGeometry {
    return wrapGeometry({
      trimWidthIn: layout.trimWidthIn,
      trimHeightIn: layout.trimHeightIn,
      pageCount: report.pageCount,
      // The book's layout already carries its paper setting (book-layout-service.ts `bookLayout`).
      paperType: layout.paper === 'cream' ? 'cream' : 'white',
    });
  }

  /**
   * Renders the e-book JPEG of `design`, stores it under a new key and saves the row through `save`. `files` are the
   * keys this operation wrote before (an artwork): they and the new JPEG are removed again when anything fails, so a
   * failure leaves nothing of the cover behind and the saved one as it was.
   */
  async function renderAndSave(design: CoverDesign | Promise<CoverDesign>, bookId: string, coverId: string, files: string[], save: (ebookKey: string) => Promise<CoverRow>): Promise<CoverRow> {
    const ebookKey = `${coverFolder(bookId, coverId)}/ebook-${randomUUID()}.jpg`;
    try {
      const { jpeg } = await jobs.renderEbookCover(await design);
      await storage.put(ebookKey, jpeg);
      files.push(ebookKey);
      return await save(ebookKey);
    } catch (err) {
      await removeFiles(files);
      throw err;
    }
  }

  /** Renders and inserts a new cover of `book` as its chosen one (the others unchosen, in one transaction). */
  async function insertNew(book: BookRow, values: NewCover, files: string[] = []): Promise<Cover> {
    const row = await renderAndSave(designOf(book, values), book.id, values.id, files, (ebookKey) =>
      db.transaction(async (tx) => {
        await tx.update(coversTable).set({ chosen: false }).where(eq(coversTable.bookId, book.id));
        const [inserted] = await tx.insert(coversTable).values({ ...values, ebookKey, chosen: true }).returning();
        return inserted!;
      }),
    );
    return toCover(row);
  }

  /**
   * The cover-wrap job (issue 14: covers are long work): sets the book to count its pages (typeset now when the text,
   * metadata or layout changed since it was last set), renders the full wrap — or, with `previewWidthPx`, its JPEG
   * preview — and stores it under the cover's one key for it (`covers/<bookId>/<coverId>/wrap.pdf`,
   * `wrap-<widthPx>.jpg`; written whole under a temporary name and renamed, so a reader sees the old file or the new
   * one). The same inputs make the same file, so two jobs of one cover may write it in turn.
   */
  async function runWrapJob({ job, progress }: JobRunContext): Promise<JobOutcome> {
    const bookId = bookIdOfJob(job);
    const { coverId, previewWidthPx } = WrapJobInputSchema.parse(job.input);
    // The book and the cover are read once: the book's row holds its whole text.
    const { book, cover } = await row(job.userId, bookId, coverId);
    if (book.formattedText === null) throw new AppError('NOT_FORMATTED', NOT_FORMATTED_WRAP);
    const set = await progressOverTime(layouts.typesetBook(book), progress, {
      stage: 'Counting the pages',
      fromPercent: 5,
      toPercent: 80,
      estimateMs: typesetEstimateMs(book.formattedText),
    });
    await progress('Drawing the cover', 85);
    const design = await designOf(book, cover);
    const [key, bytes] =
      previewWidthPx === undefined
        ? [wrapKey(book.id, coverId), await jobs.renderWrapCover(design, geometryOf(set))]
        : [wrapPreviewKey(book.id, coverId, previewWidthPx), (await jobs.renderWrapPreview(design, geometryOf(set), previewWidthPx)).bytes];
    await storage.put(key, bytes);
    return { result: { key, byteSize: bytes.byteLength } };
  }
  queue.handle('cover-wrap', runWrapJob);

  return {
    /** The book's covers, newest first. @throws AppError `NOT_FOUND` (404). */
    async list(userId: string, bookId: string): Promise<Cover[]> {
      const book = await books.load(userId, bookId);
      return (await rows(book.id)).map(toCover);
    },

    /**
     * What the Covers tab offers: whether an image model is configured, palettes for the book's genre, the wrap's
     * geometry from the current page count (null before Format) and the pixels an uploaded artwork needs.
     * @throws AppError `NOT_FOUND` (404); the typeset job's failure (`JOB_FAILED`, 503); `SHUTTING_DOWN` (503).
     */
    async options(userId: string, bookId: string, signal?: AbortSignal): Promise<CoverOptions> {
      const book = await books.load(userId, bookId);
      // Set in a typeset job unless this process has the book set already (a format just measured it).
      const geometry = book.formattedText === null ? null : geometryOf(await typesetJobs.set(book, undefined, signal));
      // Before Format there is no wrap yet, but the trim (the layout's) already says what an artwork needs.
      const trim = geometry ?? (await layouts.bookLayout(book));
      return {
        aiConfigured: paint !== null,
        aiModel: paint !== null ? imageModel : null,
        palettes: suggestedPalettes(book.genre),
        geometry,
        artworkMinPx: artworkMinPx(trim.trimWidthIn, trim.trimHeightIn),
      };
    },

    /**
     * Makes a cover from a text template or an AI style, renders its e-book JPEG and makes it the book's cover.
     * An AI style asks the configured image model for the front artwork (the prompt is stored with the cover);
     * without one, Quire's generative renderer draws it (recorded as not AI-made).
     * @throws AppError `NOT_FOUND` (404); `UPSTREAM_FAILED` (502) / `UPSTREAM_TIMEOUT` (504) from the image model;
     *   rendering errors. Nothing is saved when it fails.
     */
    async create(userId: string, bookId: string, body: CoverCreateBody): Promise<Cover> {
      const book = await books.load(userId, bookId);
      const base = { id: randomUUID(), bookId: book.id, coverType: body.coverType, text: textOf(book), ...NO_ARTWORK };
      if (body.coverType === 'text-only') {
        return insertNew(book, { ...base, template: body.template, style: null, artworkSource: 'none', palette: defaultPalette(body.template, null, book.genre) });
      }
      await checkFeature?.(userId, 'ai-cover');
      const template = coverTemplateForStyle(body.style);
      const ai = { ...base, template, style: body.style, palette: defaultPalette(template, body.style, book.genre) };
      if (paint === null) return insertNew(book, { ...ai, artworkSource: 'generated' });
      const prompt = coverArtworkPrompt({ title: book.title, genre: book.genre, description: book.metadata.description }, body.style);
      const picture = await paint(prompt);
      const dims = imageDimensions(picture.bytes);
      if (!dims) throw new AppError('UPSTREAM_FAILED', 'The image model gave no usable picture.');
      // Judged by its header like any image that enters (issue 32): a model's picture is never decoded past the limit.
      const tooLarge = imagePixelProblem(dims);
      if (tooLarge) throw new AppError('UPSTREAM_FAILED', `The image model's picture was refused. ${tooLarge} No cover was made.`);
      const artworkKey = `${coverFolder(book.id, ai.id)}/artwork.${picture.mediaType === 'image/png' ? 'png' : 'jpg'}`;
      await storage.put(artworkKey, picture.bytes);
      const artwork = { artworkKey, artworkMediaType: picture.mediaType, artworkWidthPx: dims.width, artworkHeightPx: dims.height };
      return insertNew(book, { ...ai, ...artwork, prompt, artworkSource: 'ai-model', artworkModel: imageModel }, [artworkKey]);
    },

    /**
     * Makes a cover around the user's own front artwork (JPEG or PNG, checked as imported images are: by its
     * bytes, not its name) set with `template` (default classic), and makes it the book's cover.
     * The pixel count is judged from the header before anything decodes the image (issue 32: a 20000 x 20000 PNG of
     * 1.1 MB took a Typst child to 6.25 GB); a larger picture is scaled down where the cover is typeset (engine
     * `renderCoverNow`), to what 300 dpi at the largest front needs.
     * @param fileName the uploaded file's name, for messages (absent: "This picture").
     * @throws AppError `FILE_TOO_LARGE` (413) over {@link MAX_ARTWORK_BYTES}; `UNSUPPORTED_FORMAT` (415) for
     *   anything but JPEG/PNG; `IMAGE_TOO_LARGE` (413) over the engine's MAX_IMAGE_PIXELS (50 megapixels; the
     *   message names the image, its pixels and the limit); `ARTWORK_TOO_SMALL` (422) when it has too few pixels for
     *   300 dpi at the book's trim (the message names the pixels needed); `NOT_FOUND` (404).
     */
    async upload(userId: string, bookId: string, bytes: Uint8Array, template: CoverTemplate = 'classic', fileName?: string): Promise<Cover> {
      const book = await books.load(userId, bookId);
      if (bytes.byteLength > MAX_ARTWORK_BYTES) throw new AppError('FILE_TOO_LARGE', 'The image is too large. Cover artwork must be smaller than 20MB.');
      const type = sniffImageType(bytes);
      if (type !== 'image/png' && type !== 'image/jpeg') {
        throw new AppError('UNSUPPORTED_FORMAT', 'Cover artwork must be a JPEG or PNG image.');
      }
      const dims = imageDimensions(bytes);
      if (!dims) throw new AppError('UNREADABLE_INPUT', 'This image could not be read. Please upload a JPEG or PNG file.');
      const layout = await layouts.bookLayout(book);
      const tooLarge = imagePixelProblem(dims, fileName);
      if (tooLarge) {
        const need = artworkMinPx(layout.trimWidthIn, layout.trimHeightIn);
        throw new AppError('IMAGE_TOO_LARGE', `${tooLarge} A printed cover needs ${need.widthPx} x ${need.heightPx} px (300 dpi, with bleed): scale it down and upload it again.`);
      }
      const refusal = checkArtworkSize(dims.width, dims.height, layout.trimWidthIn, layout.trimHeightIn);
      if (refusal) throw new AppError('ARTWORK_TOO_SMALL', refusal);
      const id = randomUUID();
      const artworkKey = `${coverFolder(book.id, id)}/artwork.${type === 'image/png' ? 'png' : 'jpg'}`;
      await storage.put(artworkKey, bytes);
      return insertNew(
        book,
        {
          id,
          bookId: book.id,
          coverType: 'upload',
          template,
          style: null,
          prompt: null,
          text: textOf(book),
          palette: defaultPalette(template, null, book.genre),
          artworkSource: 'upload',
          artworkModel: null,
          artworkKey,
          artworkMediaType: type,
          artworkWidthPx: dims.width,
          artworkHeightPx: dims.height,
        },
        [artworkKey],
      );
    },

    /**
     * Changes a cover's text or palette (re-rendering its e-book JPEG) or makes it the book's cover.
     * @throws AppError `NOT_FOUND` (404); rendering errors (the cover is then unchanged).
     */
    async update(userId: string, bookId: string, coverId: string, body: CoverUpdateBody): Promise<Cover> {
      const { book, cover } = await row(userId, bookId, coverId);
      let current = cover;
      if (body.text !== undefined || body.palette !== undefined) {
        const text = { ...cover.text, ...Object.fromEntries(Object.entries(body.text ?? {}).filter(([, v]) => v !== undefined)) } as CoverText;
        const palette = body.palette ?? cover.palette;
        const design = await designOf(book, { ...cover, text, palette });
        current = await renderAndSave(design, book.id, cover.id, [], async (ebookKey) => {
          const [updated] = await db.update(coversTable).set({ text, palette, ebookKey }).where(eq(coversTable.id, cover.id)).returning();
          return updated!;
        });
        await removeFiles([cover.ebookKey]);
      }
      if (body.chosen) {
        current = await db.transaction(async (tx) => {
          await tx.update(coversTable).set({ chosen: false }).where(and(eq(coversTable.bookId, book.id), ne(coversTable.id, cover.id)));
          const [updated] = await tx.update(coversTable).set({ chosen: true }).where(eq(coversTable.id, cover.id)).returning();
          return updated!;
        });
      }
      return toCover(current);
    },

    /**
     * Deletes a cover and its files; when it was the book's cover, the newest one left becomes it.
     * @throws AppError `NOT_FOUND` (404).
     */
    async remove(userId: string, bookId: string, coverId: string): Promise<void> {
      const { book, cover } = await row(userId, bookId, coverId);
      await db.transaction(async (tx) => {
        await tx.delete(coversTable).where(eq(coversTable.id, cover.id));
        if (!cover.chosen) return;
        const [newest] = await tx.select({ id: coversTable.id }).from(coversTable).where(eq(coversTable.bookId, book.id)).orderBy(desc(coversTable.createdAt), desc(coversTable.id)).limit(1);
        if (newest) await tx.update(coversTable).set({ chosen: true }).where(eq(coversTable.id, newest.id));
      });
      // Every file of a cover is under its folder: the e-book JPEGs, the artwork, the wrap and its previews.
      await storage.deleteFolder(coverFolder(book.id, cover.id)).catch(() => {});
    },

    /**
     * A cover's e-book JPEG (1600 x 2560 px), opened as a stream for answering it.
     * @throws AppError `NOT_FOUND` (404); the storage's error when its file is missing.
     */
    async ebook(userId: string, bookId: string, coverId: string): Promise<CoverFile & { title: string }> {
      const { book, cover } = await row(userId, bookId, coverId);
      return { ...(await storage.getStream(cover.ebookKey)), contentType: 'image/jpeg', title: book.title };
    },

    /**
     * A cover's paperback full wrap (PDF), from the book's current page count, made by a cover-wrap job (the whole
     * book is set to count its pages, a long step for a long book) and answered from the storage as a stream;
     * `signal` stops the waiting, not the job.
     * @throws AppError `NOT_FOUND` (404); `NOT_FORMATTED` (409) before Format (the spine needs the page count); the
     *   job's failure (`JOB_FAILED`, 503); `SHUTTING_DOWN` (503).
     */
    async wrap(userId: string, bookId: string, coverId: string, signal?: AbortSignal): Promise<CoverFile & { title: string }> {
      const { book, cover } = await row(userId, bookId, coverId);
      if (book.formattedText === null) throw new AppError('NOT_FORMATTED', NOT_FORMATTED_WRAP);
      const { key } = await runJob<{ key: string }>(queue, { kind: 'cover-wrap', userId, bookId: book.id, input: { coverId: cover.id } }, signal);
      return { ...(await storage.getStream(key)), contentType: 'application/pdf', title: book.title };
    },

    /**
     * A JPEG of a cover's full wrap `widthPx` wide, for the web's preview: made by a cover-wrap job (as the PDF) and
     * answered from the storage as a stream; `signal` stops the waiting, not the job.
     * @throws AppError `NOT_FOUND` (404); `NOT_FORMATTED` (409) before Format; the job's failure (`JOB_FAILED`, 503);
     *   `SHUTTING_DOWN` (503).
     */
    async wrapPreview(userId: string, bookId: string, coverId: string, widthPx: number, signal?: AbortSignal): Promise<CoverFile> {
      const { book, cover } = await row(userId, bookId, coverId);
      if (book.formattedText === null) throw new AppError('NOT_FORMATTED', NOT_FORMATTED_WRAP);
      const input = { coverId: cover.id, previewWidthPx: widthPx };
      const { key } = await runJob<{ key: string }>(queue, { kind: 'cover-wrap', userId, bookId: book.id, input }, signal);
      return { ...(await storage.getStream(key)), contentType: 'image/jpeg' };
    },

    /** The e-book JPEG of the book's chosen cover, or null when it has none (the EPUB export embeds it). */
    async chosenEbook(bookId: string): Promise<Uint8Array | null> {
      const [chosen] = await db
        .select({ ebookKey: coversTable.ebookKey })
        .from(coversTable)
        .where(and(eq(coversTable.bookId, bookId), eq(coversTable.chosen, true)))
        .limit(1);
      return chosen ? storage.get(chosen.ebookKey) : null;
    },
  };
}

/** The service's type. */
export type CoverService = ReturnType<typeof createCoverService>;
