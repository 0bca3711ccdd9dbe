import { MAX_FILE_BYTES, SUPPORTED_UPLOAD_EXTENSIONS } from '@quire/contracts';

/**
 * What the file picker offers and what is refused before any byte is sent. The list of types is the
 * contract's `SUPPORTED_UPLOAD_EXTENSIONS` (the server answers 415 for anything else); the size limit is
 * the spec's 10MB (accounts spec section 9; the server answers 413 above it).
 */

/**
 * Files a Markdown book chosen with its other files may refer to (figures, a bibliography, metadata): not a book
 * alone, but offered by the picker so they can be chosen together with the book's text.
 */
export const PROJECT_FILE_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.gif', '.webp', '.svg', '.bib', '.json', '.yaml', '.yml'] as const;

/** The `accept` attribute of the file input: every supported extension (`.txt,.md,…,.zip`), then the project files'. */
export const UPLOAD_ACCEPT = [...SUPPORTED_UPLOAD_EXTENSIONS, ...PROJECT_FILE_EXTENSIONS].join(',');

/** The kinds of file a person recognises, for the hint under the drop zone. */
export const UPLOAD_KINDS_HINT =
  'Plain text (.txt), Markdown (.md), HTML or XHTML, Word (.docx), EPUB or PDF with a text layer; a Markdown thesis with its figures as a .zip or chosen together';

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

/** The name kinds that can be the book of several files chosen together (the rest are its images and data). */
const PROJECT_TEXT = /\.(?:md|markdown|html?|xhtml)$/i;

/**
 * Why the files chosen together cannot be uploaded as one book, or null when they can: one file is checked as
 * {@link uploadProblem} does; several are one book (a Markdown thesis and its figures, read by the server as a
 * project) and must hold its Markdown or HTML file, within the 10MB limit in all.
 */
export function uploadSetProblem(files: readonly { name: string; size: number }[]): string | null {
  if (files.length === 1) return uploadProblem(files[0]!);
  if (!files.some((f) => PROJECT_TEXT.test(f.name))) {
    return 'Files chosen together are one book: include its Markdown (.md) or HTML file, with the images it shows.';
  }
  if (files.reduce((n, f) => n + f.size, 0) >= MAX_FILE_BYTES) return FILE_TOO_LARGE_MESSAGE;
  return null;
}
