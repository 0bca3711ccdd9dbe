/**
 * The two-level store of typeset PDFs (services/typeset-pdf-store.ts) on the local storage: what one process stored,
 * another (a fresh memory level over the same folder) reads without typesetting; a sidecar missing or broken is a
 * miss, not an error; each book keeps its newest PDFs; a storage that fails to store leaves the PDF in memory.
 */
import { mkdtempSync, rmSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PdfCache } from '../../src/services/pdf-cache.ts';
import { createLocalStorage, type Storage } from '../../src/services/storage.ts';
import { createTypesetPdfStore, STORED_PER_BOOK } from '../../src/services/typeset-pdf-store.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'quire-typeset-store-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const BOOK = '0b5e6c52-8f7a-4d7e-9d62-2f1f0a4c1e01';
const pdfOf = (label: string) => new Uint8Array(Buffer.from(`%PDF-1.7 ${label}`));
const key = (n: number) => n.toString(16).padStart(64, '0');

/** Sets the times of the stored files of `k` to `secondsAgo` seconds in the past. */
function age(storageRoot: string, bookId: string, k: string, secondsAgo: number): void {
  const when = new Date(Date.now() - secondsAgo * 1000);
  for (const ext of ['pdf', 'json']) utimesSync(path.join(storageRoot, 'books', bookId, 'typeset', `${k}.${ext}`), when, when);
}

describe('typeset PDF store', () => {
  const storage = createLocalStorage(root);

  it('stores a PDF and its page count where another process, with its own memory, reads them', async () => {
    const writer = createTypesetPdfStore({ memory: new PdfCache(), storage });
    await writer.put(BOOK, key(1), { pdf: pdfOf('one'), pageCount: 312 });
    expect(await writer.get(BOOK, key(1))).toEqual({ pdf: pdfOf('one'), pageCount: 312 });

    const memory = new PdfCache();
    const reader = createTypesetPdfStore({ memory, storage });
    expect(memory.get(key(1))).toBeUndefined();
    expect(await reader.get(BOOK, key(1))).toEqual({ pdf: pdfOf('one'), pageCount: 312 });
    // Kept in the reader's memory from then on.
    expect(memory.get(key(1))?.pageCount).toBe(312);
    // Another book's folder in the storage does not answer it.
    expect(await createTypesetPdfStore({ memory: new PdfCache(), storage }).get('1b5e6c52-8f7a-4d7e-9d62-2f1f0a4c1e01', key(1))).toBeUndefined();
  });

  it('counts a PDF without its sidecar, or with a broken one, as not stored', async () => {
    const store = createTypesetPdfStore({ memory: new PdfCache(), storage });
    await storage.put(`books/${BOOK}/typeset/${key(2)}.pdf`, pdfOf('half written'));
    expect(await store.get(BOOK, key(2))).toBeUndefined();
    await storage.put(`books/${BOOK}/typeset/${key(2)}.json`, Buffer.from('{"pageCount":'));
    expect(await store.get(BOOK, key(2))).toBeUndefined();
    await storage.put(`books/${BOOK}/typeset/${key(2)}.json`, Buffer.from('{"pageCount":0}'));
    expect(await store.get(BOOK, key(2))).toBeUndefined();
    await storage.delete(`books/${BOOK}/typeset/${key(2)}.pdf`);
    await storage.put(`books/${BOOK}/typeset/${key(2)}.json`, Buffer.from('{"pageCount":3}'));
    expect(await store.get(BOOK, key(2))).toBeUndefined();
  });

  it(`keeps a book's ${STORED_PER_BOOK} newest PDFs, and leaves PDFs younger than a minute alone`, async () => {
    const book = '2b5e6c52-8f7a-4d7e-9d62-2f1f0a4c1e01';
    const store = createTypesetPdfStore({ memory: new PdfCache(), storage });
    const count = STORED_PER_BOOK + 2;
    for (let n = 1; n <= count; n++) {
      await store.put(book, key(n), { pdf: pdfOf(`v${n}`), pageCount: n });
      // Written n minutes apart, the first the oldest.
      age(root, book, key(n), (count + 1 - n) * 120);
    }
    // Each put removes what is older than the newest four (by the sidecars' times); one more put prunes 3.
    await store.put(book, key(100), { pdf: pdfOf('newest'), pageCount: 9 });
    const stems = new Set((await storage.list(`books/${book}/typeset`)).map((f) => path.basename(f.key).replace(/\.(pdf|json)$/, '')));
    // Kept: the new one and the three newest of the aged ones; the three oldest are gone.
    expect([...stems].sort()).toEqual([key(4), key(5), key(6), key(100)].sort());
    const fresh = createTypesetPdfStore({ memory: new PdfCache(), storage });
    expect(await fresh.get(book, key(1))).toBeUndefined();
    expect((await fresh.get(book, key(6)))?.pageCount).toBe(6);
  });

  it('reports a storage that fails to store, and still answers the PDF from memory', async () => {
    const failing: Storage = { ...storage, put: () => Promise.reject(new Error('disk full')) };
    const errors: string[] = [];
    const store = createTypesetPdfStore({ memory: new PdfCache(), storage: failing, onStoreError: (err, stem) => errors.push(`${stem}: ${(err as Error).message}`) });
    await store.put(BOOK, key(7), { pdf: pdfOf('seven'), pageCount: 7 });
    expect(errors).toEqual([`books/${BOOK}/typeset/${key(7)}: disk full`]);
    expect(await store.get(BOOK, key(7))).toEqual({ pdf: pdfOf('seven'), pageCount: 7 });
    expect(await createTypesetPdfStore({ memory: new PdfCache(), storage }).get(BOOK, key(7))).toBeUndefined();
  });
});
