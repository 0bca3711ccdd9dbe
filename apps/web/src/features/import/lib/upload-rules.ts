import { MAX_FILE_BYTES, SUPPORTED_UPLOAD_EXTENSIONS } from '@quire/contracts';

/**
 * What the file picker offers and what is refused before any byte is sent. The list of types is the
 * contract's `SUPPORTED_UPLOAD_EXTENSIONS` (the server answers 415 for anything else); the size limit is
 * the spec's 10MB (accounts spec section 9; the server answers 413 above it).
 */

/** The `accept` attribute of the file input: every supported extension, e.g. `.txt,.md,…,.pdf`. */
export const UPLOAD_ACCEPT = SUPPORTED_UPLOAD_EXTENSIONS.join(',');

/** The kinds of file a person recognises, for the hint under the drop zone. */
export const UPLOAD_KINDS_HINT = 'Plain text (.txt), Markdown (.md), HTML or XHTML, Word (.docx), EPUB or PDF with a text layer';

/** Message when a file is 10MB or more, in the catalogue's words for 'too large' (accounts spec section 8). */
export const FILE_TOO_LARGE_MESSAGE = 'The file is too large. Please use files smaller than 10MB.';

/** The extension of a file name, lower case with its dot (`.epub`), or '' when it has none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/** Whether the file's extension is one Quire reads (case-insensitive: `BOOK.PDF` is fine). */
export function isSupportedUpload(name: string): boolean {
  return (SUPPORTED_UPLOAD_EXTENSIONS as readonly string[]).includes(fileExtension(name));
}

/**
 * Why a chosen file cannot be uploaded, or null when it can. A dropped file skips the picker's `accept`
 * filter, so the type is checked here as well.
 * @param file name and size in bytes of the chosen file.
 * @returns a sentence for the person: the unsupported type with the supported ones named, or the size limit.
 */
export function uploadProblem(file: { name: string; size: number }): string | null {
  if (!isSupportedUpload(file.name)) {
    const ext = fileExtension(file.name);
    return `Quire cannot read ${ext ? `${ext} files` : 'files without an extension'}. Supported types: ${SUPPORTED_UPLOAD_EXTENSIONS.join(', ')}.`;
  }
  if (file.size >= MAX_FILE_BYTES) return FILE_TOO_LARGE_MESSAGE;
  return null;
}
