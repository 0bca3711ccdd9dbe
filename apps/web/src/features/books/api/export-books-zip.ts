import { useMutation } from '@tanstack/react-query';
import type { BatchExportBody } from '@quire/contracts';
import { apiFetch } from '../../../lib/api-client.ts';
import { fileNameFromDisposition } from '../../../lib/content-disposition.ts';
import { saveFile, type ExportedFile } from './export-book.ts';

/** The name the server gives a ZIP (`Books_EPUB_2026-11-27.zip`), for an answer whose header names none. */
function fallbackZipName(format: BatchExportBody['format'], today = new Date()): string {
  return `Books_${format.toUpperCase()}_${today.toISOString().slice(0, 10)}.zip`;
}

/**
 * POST /api/books/export-zip (Publisher plan) with the bearer header: the chosen books, each exported in `format`,
 * as one ZIP. A ZIP of many PDFs can take minutes, as each book is set in turn.
 * @returns the ZIP and the file name the server gives in Content-Disposition.
 * @throws Error("<status>: <body>") from the request helper: 403 with an upgrade offer below the Publisher plan,
 *   409 'Format these books before exporting them: “A”, “B”.', 404 for a book that is not the user's.
 */
export async function exportBooksZip(body: BatchExportBody): Promise<ExportedFile> {
  const res = await apiFetch('POST', '/api/books/export-zip', body);
  const fileName = fileNameFromDisposition(res.headers.get('content-disposition')) ?? fallbackZipName(body.format);
  return { blob: await res.blob(), fileName };
}

/** Mutation of {@link exportBooksZip}; the ZIP is handed to the browser as a download. */
export function useExportBooksZip() {
  return useMutation({ mutationFn: exportBooksZip, onSuccess: saveFile });
}
