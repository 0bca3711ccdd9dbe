/**
 * How a stored extraction is shown (contracts `Extraction`) and how it is tied to the text it searched: the hash of
 * the book's cleaned text at the time, compared with the hash of its cleaned text now.
 */
import { webcrypto } from 'node:crypto';
import type { Extraction } from '@quire/contracts';
import type { ExtractionRow } from '../../db/schema/index.ts';

/**
 * SHA-256 (hex) of a book's cleaned text, or null when it has none. Hashed by Web Crypto, whose digest runs on
 * libuv's thread pool: a 3 MB text does not hold up the event loop.
 */
export async function textHashOf(cleanedText: string | null): Promise<string | null> {
  if (cleanedText === null) return null;
  const digest = await webcrypto.subtle.digest('SHA-256', new TextEncoder().encode(cleanedText));
  return Buffer.from(digest).toString('hex');
}

/**
 * The API's shape of an extraction row (contracts ExtractionSchema). `currentHash` is the hash of the book's cleaned
 * text now ({@link textHashOf}): the extraction is `textChanged` when it searched another text. `searchedTerms` are the
 * words searched besides the topic's own (synonyms, related words); `averageRelevance` is given to 4 decimals (it is
 * stored as a 4-byte float).
 */
export function toExtraction(row: ExtractionRow, currentHash: string | null): Extraction {
  return {
    id: row.id,
    bookId: row.bookId,
    topic: row.topic,
    sectionsFound: row.sectionsFound,
    averageRelevance: Math.min(1, Math.max(0, Math.round(row.averageRelevance * 1e4) / 1e4)),
    extractedThemes: row.extractedThemes,
    searchedTerms: row.searchedTerms.filter((t) => t.source !== 'topic').map((t) => t.term),
    sections: row.sections,
    compiledTitle: row.compiledTitle,
    compiledBookId: row.compiledBookId,
    textChanged: row.textHash !== currentHash,
    createdAt: row.createdAt.toISOString(),
  };
}
