/**
 * Plain-text reader: bytes of an uploaded `.txt` file -> text with `\n` line endings + what the
 * Project Gutenberg header says about the book.
 */
import type { BookMeta } from '../model/book-document.ts';
import { EngineError } from '../errors.ts';
import { decodeText, normalizeLineEndings, type TextEncodingName } from './decode-text.ts';
import { readGutenbergMeta } from './gutenberg-header.ts';

/**
 * What {@link readText} returns.
 * - `text`: the decoded text, BOM removed, line endings normalised to `\n`; header and licence are still
 *   there (cleanup strips them and reports it).
 * - `encoding`: the encoding the bytes were decoded with.
 * - `meta`: title, author and BCP 47 language from a Project Gutenberg header, when present.
 */
export interface ReadResult {
  text: string;
  encoding: TextEncodingName;
  meta: Partial<BookMeta>;
}

/**
 * Decodes an uploaded text file.
 * Encoding: BOM (UTF-8, UTF-16LE/BE), else strict UTF-8, else Windows-1252 (which also reads Latin-1,
 * the encoding of old Gutenberg `-8.txt` files).
 * @param bytes the file's bytes, any size.
 * @param opts.fileName the uploaded name; used only to word messages.
 * @throws EngineError('UNREADABLE_INPUT') for binary data (NUL bytes, many control bytes: a PNG, a zip,
 *   random bytes renamed to .txt).
 * @throws EngineError('EMPTY_INPUT') when the file holds no visible text.
 */
export function readText(bytes: Uint8Array, opts: { fileName?: string } = {}): ReadResult {
  const { text: decoded, encoding } = decodeText(bytes);
  const text = normalizeLineEndings(decoded);
  if (!/[^\s\u200b\ufeff]/u.test(text)) {
    const name = opts.fileName ? `"${opts.fileName}"` : 'This file';
    throw new EngineError('EMPTY_INPUT', `${name} is empty. Upload a file that contains the text of your book.`);
  }
  return { text, encoding, meta: readGutenbergMeta(text) };
}

export { decodeText, normalizeLineEndings, type TextEncodingName } from './decode-text.ts';
export { readGutenbergMeta } from './gutenberg-header.ts';
export { languageTag } from './languages.ts';
