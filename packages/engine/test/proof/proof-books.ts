/**
 * The proof matrix's books: three real books of the shared corpus (a novel, a German verse drama, a book
 * with footnotes), read and cleaned with the engine's public functions exactly as an upload is, and the
 * id of every built-in layout (the six formatting templates and the seven style guides).
 * The PDF half (`pdf-proof.test.ts`) and the EPUB/DOCX half of the proof import this file.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  cleanText,
  listStyleGuides,
  listTemplates,
  parseMarkdown,
  readText,
  type BookDocument,
  type BookMeta,
} from '../../src/index.ts';
import { corpusDir } from '../helpers/corpus.ts';

/** One proof book: stable id, what kind of book it stands for, and its path inside the shared corpus. */
export interface ProofBook {
  id: string;
  label: string;
  /** Relative to the corpus folder (`corpusDir()`). */
  path: string;
}

/** The three proof books: a novel, verse (German, so hyphenation and quotation marks are not English) and footnotes. */
export const PROOF_BOOKS: readonly ProofBook[] = [
  { id: 'alice', label: 'novel (Alice in Wonderland)', path: 'gutenberg/pg11-alice-in-wonderland.txt' },
  { id: 'faust', label: 'verse drama in German (Faust)', path: 'gutenberg/pg2229-faust-de.txt' },
  { id: 'imitation', label: 'footnotes (The Imitation of Christ)', path: 'gutenberg/pg1653-imitation-of-christ.txt' },
];

/** Every built-in layout id: templates first, then style guides, in the registry's order. */
export const ALL_LAYOUT_IDS: readonly string[] = [
  ...listTemplates().map((t) => t.id),
  ...listStyleGuides().map((g) => g.id),
];

const cache = new Map<string, Promise<BookDocument>>();

/**
 * The proof book with this id, read (`readText`), cleaned (`cleanText`) and parsed (`parseMarkdown`) with the
 * metadata cleanup and the reader found (title, author, language), as an upload would be. Cached per process.
 * @throws Error for an unknown id; the corpus helper's Error when the shared corpus is missing.
 */
export function loadProofBook(id: string): Promise<BookDocument> {
  const cached = cache.get(id);
  if (cached) return cached;
  const book = PROOF_BOOKS.find((b) => b.id === id);
  if (!book) throw new Error(`Unknown proof book "${id}"; known: ${PROOF_BOOKS.map((b) => b.id).join(', ')}`);
  const loading = (async () => {
    const bytes = await readFile(path.join(corpusDir(), book.path));
    const read = readText(new Uint8Array(bytes));
    const cleaned = cleanText(read.text);
    const meta: BookMeta = {
      title: cleaned.meta.title ?? read.meta.title ?? path.basename(book.path, '.txt'),
      author: cleaned.meta.author ?? read.meta.author ?? 'Unknown Author',
      language: cleaned.meta.language ?? read.meta.language ?? 'en',
    };
    return parseMarkdown(cleaned.markdown, meta);
  })();
  cache.set(id, loading);
  return loading;
}
