/**
 * Typeset PDFs in two levels (issue 14, "Scale on existing engines": whole-book previews run as jobs, in whichever
 * process takes them): this process's memory (pdf-cache.ts), then the file storage every process shares (the local
 * folder or S3). A PDF a worker set for a preview, a format's report or a cover's page count is found by the API
 * process that answers the preview's pages, and by the next PDF export on any machine, instead of typesetting the
 * book again (War and Peace: 15 s).
 *
 * Stored as `books/<bookId>/typeset/<typstKey>.pdf` with `<typstKey>.json` beside it (`{ pageCount }`, written after
 * the PDF, so a readable JSON means a whole PDF). Under the book's folder, so deleting an account removes them with
 * its books; each book keeps its {@link STORED_PER_BOOK} most recent.
 */
import { z } from 'zod';
import type { CachedPdf, PdfCache } from './pdf-cache.ts';
import type { Storage } from './storage.ts';

/**
 * Typeset PDFs kept per book in the storage: the export layout, a preview in another layout or settings, and the
 * rounds KDP's rules needed (each typesetting of a round is stored too).
 */
export const STORED_PER_BOOK = 4;

const SidecarSchema = z.object({ pageCount: z.number().int().positive() });

/** The folder of a book's stored typeset PDFs. */
const folderOf = (bookId: string) => `books/${bookId}/typeset`;

/** True for the missing-file error of {@link Storage.get}. */
const isMissing = (err: unknown) => (err as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/** Dependencies of {@link createTypesetPdfStore}. */
export interface TypesetPdfStoreDeps {
  /** The first level, this process's. */
  memory: PdfCache;
  /** The second level, shared by every process. */
  storage: Pick<Storage, 'put' | 'get' | 'list' | 'delete'>;
  /** Called when storing or pruning fails: the PDF is still in memory, so the caller goes on. */
  onStoreError?: (err: unknown, key: string) => void;
}

/** The two-level store of typeset PDFs. */
export function createTypesetPdfStore({ memory, storage, onStoreError = () => undefined }: TypesetPdfStoreDeps) {
  /** Removes the book's stored PDFs but the {@link STORED_PER_BOOK} most recent. */
  async function prune(bookId: string): Promise<void> {
    const files = await storage.list(folderOf(bookId));
    const sidecars = files.filter((f) => f.key.endsWith('.json')).sort((a, b) => b.modifiedAt.getTime() - a.modifiedAt.getTime());
    const kept = new Set(sidecars.slice(0, STORED_PER_BOOK).map((f) => f.key.slice(0, -'.json'.length)));
    // A PDF whose sidecar is not written yet (another process is storing it) is younger than a minute: left alone.
    const settled = Date.now() - 60_000;
    for (const file of files) {
      const stem = file.key.replace(/\.(pdf|json)$/, '');
      if (kept.has(stem) || file.modifiedAt.getTime() > settled) continue;
      await storage.delete(file.key);
    }
  }

  return {
    /**
     * The PDF typeset from `key` for the book `bookId`: from memory, else from the storage (then kept in memory too),
     * else undefined. A stored PDF that cannot be read counts as missing.
     * @throws the storage's errors other than a missing file.
     */
    async get(bookId: string, key: string): Promise<CachedPdf | undefined> {
      const hit = memory.get(key);
      if (hit) return hit;
      const stem = `${folderOf(bookId)}/${key}`;
      try {
        const { pageCount } = SidecarSchema.parse(JSON.parse(Buffer.from(await storage.get(`${stem}.json`)).toString('utf8')));
        const pdf = await storage.get(`${stem}.pdf`);
        memory.set(key, { pdf, pageCount });
        return { pdf, pageCount };
      } catch (err) {
        if (isMissing(err) || err instanceof SyntaxError || err instanceof z.ZodError) return undefined;
        throw err;
      }
    },

    /**
     * Keeps `value` under `key` for the book `bookId`, in memory and in the storage; then prunes the book's older
     * stored PDFs. A storage failure is reported through `onStoreError`, not thrown: the PDF is set all the same.
     */
    async put(bookId: string, key: string, value: CachedPdf): Promise<void> {
      memory.set(key, value);
      const stem = `${folderOf(bookId)}/${key}`;
      try {
        await storage.put(`${stem}.pdf`, value.pdf);
        await storage.put(`${stem}.json`, Buffer.from(JSON.stringify({ pageCount: value.pageCount })));
        await prune(bookId);
      } catch (err) {
        onStoreError(err, stem);
      }
    },
  };
}

/** The store's type. */
export type TypesetPdfStore = ReturnType<typeof createTypesetPdfStore>;
