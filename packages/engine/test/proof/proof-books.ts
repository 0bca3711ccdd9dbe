/**
 * The proof matrix's books: three real books of the shared corpus (a novel, a German verse drama, a book
 * with footnotes) and the shape books, read and cleaned with the engine's public functions exactly as an upload is, and the
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

/**
 * Books of the shapes that the three proof books do not have, each judged in the default book layout by its
 * own proof file (`shape-*.test.ts`): a verse collection, a play, a history with multi-paragraph notes and
 * file-split chapters, and novels that open with the source's own title page.
 */
export const SHAPE_BOOKS: readonly ProofBook[] = [
  { id: 'leaves', label: 'verse collection (Leaves of Grass)', path: 'gutenberg/pg1322-leaves-of-grass.txt' },
  { id: 'earnest', label: 'play (The Importance of Being Earnest)', path: 'gutenberg/pg844-importance-of-being-earnest.txt' },
  { id: 'gibbon', label: 'history with notes (Decline and Fall, vol. 1)', path: 'gutenberg/pg731-decline-and-fall-roman-empire-vol1.txt' },
  { id: 'frankenstein', label: 'source title page (Frankenstein)', path: 'gutenberg/pg84-frankenstein.txt' },
  { id: 'moby', label: 'content before the first chapter (Moby-Dick)', path: 'gutenberg/pg2701-moby-dick.txt' },
  { id: 'pride', label: 'novel with facing pages to balance (Pride and Prejudice)', path: 'gutenberg/pg1342-pride-and-prejudice.txt' },
];

/** Every built-in layout id: templates first, then style guides, in the registry's order. */
export const ALL_LAYOUT_IDS: readonly string[] = [
  ...listTemplates().map((t) => t.id),
  ...listStyleGuides().map((g) => g.id),
];

const cache = new Map<string, Promise<BookDocument>>();

/**
 * A book of the shared corpus (path relative to `corpusDir()`), read (`readText`), cleaned (`cleanText`) and parsed
 * (`parseMarkdown`) with all the metadata cleanup and the reader found (title, author, language, and the edition
 * details of the source's title page: subtitle, translator, editor, edition, source credit), as an upload is. Cached
 * per process.
 * @throws the corpus helper's Error when the shared corpus is missing.
 */
export function loadCorpusBook(relativePath: string): Promise<BookDocument> {
  const cached = cache.get(relativePath);
  if (cached) return cached;
  const loading = (async () => {
    const bytes = await readFile(path.join(corpusDir(), relativePath));
    const read = readText(new Uint8Array(bytes));
    const cleaned = cleanText(read.text, { meta: read.meta });
    const meta: BookMeta = {
      ...read.meta,
      ...cleaned.meta,
      title: cleaned.meta.title ?? read.meta.title ?? path.basename(relativePath, '.txt'),
      author: cleaned.meta.author ?? read.meta.author ?? 'Unknown Author',
      language: cleaned.meta.language ?? read.meta.language ?? 'en',
    };
    return parseMarkdown(cleaned.markdown, meta);
  })();
  cache.set(relativePath, loading);
  return loading;
}

/**
 * The proof book with this id (see {@link loadCorpusBook}).
 * @throws Error for an unknown id; the corpus helper's Error when the shared corpus is missing.
 */
export function loadProofBook(id: string): Promise<BookDocument> {
  const known = [...PROOF_BOOKS, ...SHAPE_BOOKS];
  const book = known.find((b) => b.id === id);
  if (!book) throw new Error(`Unknown proof book "${id}"; known: ${known.map((b) => b.id).join(', ')}`);
  return loadCorpusBook(book.path);
}
