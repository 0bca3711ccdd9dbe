import { useMutation } from '@tanstack/react-query';
import { MAX_FILE_BYTES, type ImportResponse, type ImportUrlBody } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { IMPORT_REQUEST_KEY } from './import-jobs.ts';

/** POST /api/import with `{ url }`: imports a public text by its address. */
export function importBookFromUrl(body: ImportUrlBody): Promise<ImportResponse> {
  return apiRequest<ImportResponse>('POST', '/api/import', body);
}

export function useImportBookFromUrl() {
  return useMutation({ mutationKey: IMPORT_REQUEST_KEY, mutationFn: importBookFromUrl });
}

/**
 * POST /api/import as multipart with the field `file`: imports an uploaded text file, or several files as one book
 * (a Markdown thesis and its figures: one `file` part each, which the server reads as a project).
 */
export async function importBookFromFile(file: File | readonly File[]): Promise<ImportResponse> {
  const files = Array.isArray(file) ? file : [file as File];
  if (files.reduce((n, f) => n + f.size, 0) >= MAX_FILE_BYTES) {
    // Refused before upload; the words match the server's 413 so the same notice applies.
    throw new Error('413: {"message":"The file is too large"}');
  }
  const form = new FormData();
  for (const f of files) form.append('file', f, f.name);
  return apiRequest<ImportResponse>('POST', '/api/import', form);
}

export function useImportBookFromFile() {
  return useMutation({ mutationKey: IMPORT_REQUEST_KEY, mutationFn: importBookFromFile });
}
