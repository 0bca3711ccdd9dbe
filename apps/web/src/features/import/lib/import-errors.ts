import { getErrorMessage, getErrorStatus, NETWORK_ERROR_MESSAGE } from '../../../lib/errors.ts';

/**
 * Error catalogue of the import panel (accounts spec section 8). The raw error text (status and body)
 * is matched, as the server's words ("timed out", "too large", "fetch") travel in it.
 */

function rawText(error: unknown): string {
  return error instanceof Error ? error.message.toLowerCase() : '';
}

/** fetch() itself failed: Quire's server was not reached, which says nothing about the book's URL. */
function isUnreachable(error: unknown): boolean {
  return error instanceof TypeError;
}

/**
 * 415 (a file type Quire does not read) and 422 (a file it cannot read: a scanned PDF without text, an
 * encrypted PDF, a DRM-protected EPUB, a broken archive) carry a sentence written for the person, which
 * names the problem exactly; it is shown as the server wrote it rather than bent to a keyword rule.
 */
function isPreciseRefusal(error: unknown): boolean {
  const status = getErrorStatus(error);
  return status === 415 || status === 422;
}

/** Notice text of a failed single import (title 'Import failed'). */
export function singleImportErrorMessage(error: unknown): string {
  if (isUnreachable(error)) return NETWORK_ERROR_MESSAGE;
  if (isPreciseRefusal(error)) return getErrorMessage(error, 'Failed to import book');
  const raw = rawText(error);
  if (raw.includes('timeout') || raw.includes('timed out')) {
    return 'The import timed out. The file might be too large or the server is slow to respond.';
  }
  if (raw.includes('too large')) return 'The file is too large. Please use files smaller than 10MB.';
  if (raw.includes('fetch')) {
    return 'Could not access the URL. Please check if the URL is correct and publicly accessible.';
  }
  return getErrorMessage(error, 'Failed to import book');
}

/** Notice text of a failed collection import (title 'Multi-import failed'). */
export function collectionImportErrorMessage(error: unknown): string {
  if (isUnreachable(error)) return NETWORK_ERROR_MESSAGE;
  const raw = rawText(error);
  if (raw.includes('timeout') || raw.includes('timed out')) {
    return 'Some imports timed out. Try using smaller files or fewer books at once.';
  }
  if (raw.includes('too large')) return 'Some files are too large. Please use files smaller than 10MB each.';
  if (raw.includes('failed to import any books')) {
    return 'Could not import any books. Please check that all URLs are correct and publicly accessible.';
  }
  return getErrorMessage(error, 'Failed to import book collection');
}

/**
 * Notice text of a failed batch import (title 'Batch import failed'). The reason for each URL, when none could be
 * imported, is listed under the form (`failuresOfEmptyBatch`); a refusal for the plan says which plan has it.
 */
export function batchImportErrorMessage(error: unknown): string {
  if (isUnreachable(error)) return NETWORK_ERROR_MESSAGE;
  const raw = rawText(error);
  if (raw.includes('timeout') || raw.includes('timed out')) {
    return 'The import timed out. Try fewer URLs at once.';
  }
  if (raw.includes('failed to import any books')) {
    return 'Could not import any books. Please check that all URLs are correct and publicly accessible.';
  }
  return getErrorMessage(error, 'Failed to import the books');
}
