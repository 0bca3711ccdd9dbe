/**
 * Topic extraction (issue 11; workspace spec sections 3, 6, 8 and 9; accounts spec section 3 "extractions"): search a
 * book's cleaned text for a topic and keep the result, list a book's extractions, read a found passage in full, and
 * make a new book from chosen passages. The engine's work (index, search, passage, compile) runs in the worker
 * pool (workers/extraction-tasks.ts), where each thread keeps the index of the texts it searched.
 *
 * An extraction points into the text it searched (passage ids are positions in it): once the book's cleaned text is
 * cleaned again or edited, the extraction is listed as `textChanged` and its passages can no longer be read or
 * compiled (409); running it again searches the new text.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  CompileBodySchema,
  ExtractBodySchema,
  MAX_TEXT_BYTES,
  type CompileBody,
  type CompileResult,
  type ExtractBody,
  type Extraction,
  type PassageText,
} from '@quire/contracts';
import type { Db } from '../../db/client.ts';
import { bookAssets, books as booksTable, extractions, type BookRow, type ExtractionRow } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { JobRunner } from '../../workers/pool.ts';
import type { ExtractionText } from '../../workers/extraction-tasks.ts';
import type { BookAssetService } from '../book-asset-service.ts';
import { fullMetadata, type BookService } from '../book-service.ts';
import { editionDetailsOf } from '../edition-details.ts';
import type { JobOutcome, JobQueue, JobRunContext } from '../jobs/job-queue.ts';
import { bookIdOfJob, runJob } from '../jobs/job-result.ts';
import { progressOverTime } from '../jobs/progress-over-time.ts';
import { textHashOf, toExtraction } from './extraction-view.ts';
import { UUID } from '../../db/uuid.ts';

/**
 * How long indexing and searching take per KiB of cleaned text, ms: the bar's estimate (a first search of War and
 * Peace, 3.2 MiB, takes about 1.4 s on one core of the reference machine; later ones reuse the thread's index and
 * take a tenth of that).
 */
const SEARCH_MS_PER_KIB = 0.45;

/** A plan feature the extraction routes use (plans come with their own issue). */
export type ExtractionFeature = 'topic-extraction';

/** Dependencies of {@link createExtractionService}. */
export interface ExtractionServiceDeps {
  db: Db;
  books: Pick<BookService, 'load'>;
  /** Reads the source book's images a compiled text refers to and writes them for the new book. */
  assets: Pick<BookAssetService, 'forExport' | 'write'>;
  jobs: Pick<JobRunner, 'searchTopic' | 'passageText' | 'compileExtraction'>;
  /** The job queue searches run on (services/jobs). */
  queue: Pick<JobQueue, 'handle' | 'enqueue' | 'waitFor'>;
  /**
   * The plan check of a feature; throws an AppError (402/403) when the caller's plan lacks it. Absent: every
   * feature is allowed.
   */
  checkFeature?: (userId: string, feature: ExtractionFeature) => Promise<void>;
}

/**
 * The text an extraction task searches: the book's cleaned Markdown with its hash (`hash`, {@link textHashOf}), parsed
 * with its title, author and language.
 */
function extractionText(book: BookRow & { cleanedText: string }, hash: string): ExtractionText {
  return { markdown: book.cleanedText, textHash: hash, meta: { title: book.title, author: book.author, language: fullMetadata(book.metadata).language } };
}

/** The book with its cleaned text. @throws AppError `NOT_CLEANED` (409) before cleanup (the Extract tab opens after it). */
function cleaned(book: BookRow): BookRow & { cleanedText: string } {
  if (book.cleanedText === null || book.cleanedText.trim() === '') {
    throw new AppError('NOT_CLEANED', 'Clean the text before extracting topics');
  }
  return book as BookRow & { cleanedText: string };
}

/** Extraction operations. Every one is scoped to the caller's book: another user's book or extraction is a 404. */
export function createExtractionService({ db, books, assets, jobs, queue, checkFeature }: ExtractionServiceDeps) {
  /**
   * The caller's book and one of its extractions, with the hash of the book's cleaned text now.
   * @throws AppError `NOT_FOUND` (404) for a book that is not the caller's or an extraction that is not the book's.
   */
  async function load(userId: string, bookId: string, extractionId: string): Promise<{ book: BookRow; row: ExtractionRow; hash: string | null }> {
    const book = await books.load(userId, bookId);
    // An id that is not a UUID names no extraction (and would be a database error as a uuid parameter).
    if (!UUID.test(extractionId)) throw new AppError('NOT_FOUND', 'Extraction not found');
    const [row] = await db
      .select()
      .from(extractions)
      .where(and(eq(extractions.id, extractionId), eq(extractions.bookId, book.id)))
      .limit(1);
    if (!row) throw new AppError('NOT_FOUND', 'Extraction not found');
    return { book, row, hash: await textHashOf(book.cleanedText) };
  }

  /** The book's cleaned text when it is still the text the extraction searched. @throws AppError `TEXT_CHANGED` (409). */
  function searchedText(book: BookRow, row: ExtractionRow, hash: string | null): BookRow & { cleanedText: string } {
    if (hash === null || hash !== row.textHash) throw new AppError('TEXT_CHANGED');
    return book as BookRow & { cleanedText: string };
  }

  /**
   * The extraction job (POST /api/books/:id/extract; issue 14: the text's index is built and searched in a job):
   * searches the book's cleaned text for the topic on the worker threads and stores the result in the transaction
   * that completes the job. A topic already searched in this text (whatever its case) updates that extraction, dated
   * now, instead of adding another; a new one takes the job's id.
   */
  async function runExtractJob({ job, progress }: JobRunContext): Promise<JobOutcome> {
    const bookId = bookIdOfJob(job);
    const { topic } = job.input as { topic: string };
    const book = cleaned(await books.load(job.userId, bookId));
    const hash = (await textHashOf(book.cleanedText))!;
    const result = await progressOverTime(jobs.searchTopic({ ...extractionText(book, hash), topic }), progress, {
      stage: 'Searching the text',
      fromPercent: 5,
      toPercent: 95,
      estimateMs: Math.max(500, (Buffer.byteLength(book.cleanedText, 'utf8') / 1024) * SEARCH_MS_PER_KIB),
    });
    const found = {
      topic: result.topic,
      sectionsFound: result.passages.length,
      averageRelevance: result.averageRelevance,
      extractedThemes: result.themes,
      searchedTerms: result.searchedTerms,
      sections: result.passages,
    };
    // The same topic searched again in the same text is the same extraction, brought up to now (the previous
    // extractions list one entry a topic, and a book made from it keeps its link), not a second copy.
    const [same] = await db
      .select({ id: extractions.id })
      .from(extractions)
      .where(and(eq(extractions.bookId, book.id), eq(extractions.textHash, hash), sql`lower(${extractions.topic}) = lower(${result.topic})`))
      .orderBy(desc(extractions.createdAt))
      .limit(1);
    const extractionId = same?.id ?? job.id;
    return {
      result: { extractionId },
      async commit(tx) {
        if (same) await tx.update(extractions).set({ ...found, createdAt: new Date() }).where(eq(extractions.id, same.id));
        else await tx.insert(extractions).values({ ...found, id: extractionId, bookId: book.id, textHash: hash });
      },
    };
  }
  queue.handle('extract', runExtractJob);

  return {
    /**
     * Searches the book's cleaned text for a topic and stores the result, also when nothing was found
     * (`sectionsFound` 0; the web then says no passages were found) (POST /api/books/:id/extract). A topic already
     * searched in this text (whatever its case) updates that extraction, dated now, instead of adding another.
     * @throws AppError `VALIDATION` (400, 'Please enter a topic to search for') for a blank topic; `NOT_FOUND` (404);
     *   `NOT_CLEANED` (409) before cleanup; the plan check's error.
     */
    async extract(userId: string, bookId: string, input: ExtractBody, signal?: AbortSignal): Promise<Extraction> {
      const parsed = ExtractBodySchema.safeParse(input);
      if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message);
      const book = cleaned(await books.load(userId, bookId));
      await checkFeature?.(userId, 'topic-extraction');
      const { extractionId } = await runJob<{ extractionId: string }>(queue, { kind: 'extract', userId, bookId: book.id, input: { topic: parsed.data.topic } }, signal);
      const { row, hash } = await load(userId, book.id, extractionId);
      return toExtraction(row, hash);
    },

    /** The book's extractions, newest first, each saying whether the text changed since (GET .../extractions). @throws AppError `NOT_FOUND`. */
    async list(userId: string, bookId: string): Promise<Extraction[]> {
      const book = await books.load(userId, bookId);
      const hash = await textHashOf(book.cleanedText);
      const rows = await db
        .select()
        .from(extractions)
        .where(eq(extractions.bookId, book.id))
        .orderBy(desc(extractions.createdAt), desc(extractions.id));
      return rows.map((row) => toExtraction(row, hash));
    },

    /**
     * A passage of an extraction's text in full, or widened to the whole section it is in (GET .../passages/:passageId).
     * @throws AppError `NOT_FOUND` (404) for an unknown book, extraction or passage; `TEXT_CHANGED` (409).
     */
    async passage(userId: string, bookId: string, extractionId: string, passageId: string, widen: boolean): Promise<PassageText> {
      const { book, row, hash } = await load(userId, bookId, extractionId);
      const text = searchedText(book, row, hash);
      const passage = await jobs.passageText({ ...extractionText(text, hash!), passageId, widen });
      if (!passage) throw new AppError('NOT_FOUND', 'Passage not found');
      return passage;
    },

    /**
     * Makes a new book of the caller's from chosen passages of an extraction, in the chosen order
     * (POST .../extractions/:extractionId/book): title as given, the source's author, genre, language, translator and
     * rights, source type `extraction`; its original and cleaned text the compiled Markdown, so it is cleaned and goes
     * on to Format like any book. The images its text shows are copied from the source book. The new book and the
     * extraction's compiled title, content and book are written in one transaction: nothing is saved on any error.
     * @throws AppError `VALIDATION` (400); `NOT_FOUND` (404); `TEXT_CHANGED` (409); `UNKNOWN_PASSAGE` (409, naming
     *   them) when a chosen passage is not in the text; `TEXT_TOO_LARGE` (413) above 5 MB; the plan check's error.
     */
    async compile(userId: string, bookId: string, extractionId: string, input: CompileBody): Promise<CompileResult> {
      const parsed = CompileBodySchema.safeParse(input);
      if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message);
      const body = parsed.data;
      const { book, row, hash } = await load(userId, bookId, extractionId);
      const text = searchedText(book, row, hash);
      await checkFeature?.(userId, 'topic-extraction');
      const compiled = await jobs.compileExtraction(
        { ...extractionText(text, hash!), title: body.title, topic: row.topic, passages: body.passages, source: { title: book.title, author: book.author } },
      );
      if (compiled.unknownPassageIds.length > 0) {
        const ids = compiled.unknownPassageIds;
        throw new AppError('UNKNOWN_PASSAGE', `${ids.length === 1 ? 'This passage is' : 'These passages are'} not in the text: ${ids.join(', ')}. Run the extraction again.`);
      }
      if (compiled.textBytes > MAX_TEXT_BYTES) throw new AppError('TEXT_TOO_LARGE');

      const newId = randomUUID();
      const source = fullMetadata(book.metadata);
      const { translator, publicDomain, sourceCredit } = editionDetailsOf(source);
      const written = await assets.write(newId, await assets.forExport(book.id, compiled.markdown));
      try {
        const updated = await db.transaction(async (tx) => {
          await tx.insert(booksTable).values({
            id: newId,
            userId,
            title: body.title,
            author: book.author,
            sourceUrl: null,
            sourceType: 'extraction',
            sourceExtractionId: row.id,
            originalText: compiled.markdown,
            cleanedText: compiled.markdown,
            cleanReport: compiled.report,
            wordCount: compiled.wordCount,
            // Passages of a free-trial book (already cut to the trial's words) make a free-trial book.
            isFreeTrial: book.isFreeTrial,
            genre: book.genre,
            metadata: {
              language: source.language,
              description: `Passages on ${row.topic} from ${book.title}`,
              ...(translator ? { translator } : {}),
              ...(publicDomain !== undefined ? { publicDomain } : {}),
              ...(sourceCredit ? { sourceCredit } : {}),
            },
          });
          if (written.rows.length > 0) await tx.insert(bookAssets).values(written.rows);
          const [saved] = await tx
            .update(extractions)
            .set({ compiledTitle: body.title, compiledContent: compiled.markdown, compiledBookId: newId })
            .where(and(eq(extractions.id, row.id), eq(extractions.bookId, book.id)))
            .returning();
          // Deleted meanwhile (its book was): the new book goes with it.
          if (!saved) throw new AppError('NOT_FOUND', 'Extraction not found');
          return saved;
        });
        return { extraction: toExtraction(updated, hash), bookId: newId };
      } catch (err) {
        await written.remove();
        throw err;
      }
    },
  };
}

/** The service's type. */
export type ExtractionService = ReturnType<typeof createExtractionService>;
