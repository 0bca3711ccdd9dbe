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

/** POST /api/import as multipart with the field `file`: imports an uploaded text file. */
export async function importBookFromFile(file: File): Promise<ImportResponse> {
  if (file.size >= MAX_FILE_BYTES) {
    // Refused before upload; the words match the server's 413 so the same notice applies.
    throw new Error('413: {"message":"The file is too large"}');
  }
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest<ImportResponse>('POST', '/api/import', form);
}

export function useImportBookFromFile() {
  return useMutation({ mutationKey: IMPORT_REQUEST_KEY, mutationFn: importBookFromFile });
}
