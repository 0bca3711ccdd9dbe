/**
 * Setting a whole book in its print layout with KDP's paperback rules (issue 4, "Print layouts honour KDP's
 * rules"): the book is typeset in the Typst child processes (never on the event loop), its pages counted, the
 * engine's `applyKdpRules` raises the margins the count calls for, and the book is set again in the raised
 * layout until the count no longer moves the rules. The result is the PDF every PDF export of the unchanged book
 * is, and the layout report stored on the book.
 */
import type { LayoutReport } from '@quire/contracts';
import { settleKdpLayout, type BookAsset, type BookMeta, type Diagnostic, type Layout } from '@quire/engine';
import type { JobRunner } from '../workers/pool.ts';
import type { TypesetPdfStore } from './typeset-pdf-store.ts';

/**
 * How long setting `text` whole may take, ms: a job's progress-bar estimate (3 ms per KiB of UTF-8; War and Peace's
 * 3.2 MiB sets in about 10 s on the reference machine, more when KDP's rules make it set again), at least 1 s.
 */
export function typesetEstimateMs(text: string): number {
  return Math.max(1_000, (Buffer.byteLength(text, 'utf8') / 1024) * 3);
}

/** Dependencies of {@link createTypesetService}. */
export interface TypesetServiceDeps {
  jobs: Pick<JobRunner, 'buildTypst' | 'typeset'>;
  /** Typeset PDFs by key, in this process and in the shared storage. */
  store: Pick<TypesetPdfStore, 'get' | 'put'>;
  now?: () => Date;
}

/** A book to typeset: its id, Markdown, metadata, and a loader of the images its text uses (read afresh per build). */
export interface TypesetInput {
  /** The book's id: its typeset PDFs are stored under its folder. */
  bookId: string;
  markdown: string;
  meta: BookMeta;
  /** The images the text refers to; called once per build, since a build transfers (detaches) their bytes. */
  loadAssets: () => Promise<BookAsset[]>;
}

/** A typeset book: the PDF, the layout it was set in (base plus KDP adjustments), its report and its key. */
export interface TypesetBook {
  pdf: Uint8Array;
  key: string;
  layout: Layout;
  report: LayoutReport;
}

/** Typesetting operations. */
export function createTypesetService({ jobs, store, now = () => new Date() }: TypesetServiceDeps) {
  /** The PDF of a Typst build, from memory or the storage, or typeset now (and kept in both). */
  async function pdfOf(bookId: string, build: { source: string; assets: BookAsset[]; key: string }) {
    const hit = await store.get(bookId, build.key);
    if (hit) return hit;
    const typeset = await jobs.typeset(build.source, build.assets);
    await store.put(bookId, build.key, typeset);
    return typeset;
  }

  return {
    /**
     * Sets the book in `base` with KDP's rules. The first layout tried is `start` (the layout of the book's last
     * report, when there is one) or else `base` raised for a page count the book cannot be below
     * (engine `pageCountLowerBound`); each round typesets (or reuses the stored PDF: typeset-pdf-store.ts), counts the pages and moves to
     * `applyKdpRules(base, pageCount)` until that is the layout just set (engine `settleKdpLayout`).
     * @throws AppError/EngineError from the worker or the Typst process (`WRITE_FAILED` when Typst fails).
     */
    async typesetBook(input: TypesetInput, base: Layout, start?: Layout): Promise<TypesetBook> {
      // The writer's notes of each build, by its key: the report keeps those of the PDF it settles on.
      const notes = new Map<string, Diagnostic[]>();
      const { set, layout, report } = await settleKdpLayout(
        base,
        input.markdown.length,
        async (layout) => {
          const build = await jobs.buildTypst({ markdown: input.markdown, meta: input.meta, layout, assets: await input.loadAssets() });
          notes.set(build.key, build.diagnostics);
          return { ...(await pdfOf(input.bookId, build)), key: build.key };
        },
        { start, now: now() },
      );
      const contentNotes = notes.get(set.key) ?? [];
      return { pdf: set.pdf, key: set.key, layout, report: contentNotes.length > 0 ? { ...report, contentNotes } : report };
    },
  };
}

/** The service's type. */
export type TypesetService = ReturnType<typeof createTypesetService>;
