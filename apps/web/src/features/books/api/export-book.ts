import { useMutation, useQueryClient } from '@tanstack/react-query';
import { exportFileName, type ExportFormat, type JobExport } from '@quire/contracts';
import { apiFetch } from '../../../lib/api-client.ts';
import { handJobsToRequest, settleExportRequest } from './book-jobs.ts';
import { bookKeys } from './book-keys.ts';

export type ExportedFile = { blob: Blob; fileName: string };

/**
 * POST /api/books/:id/export/:format with the bearer header; the answer is the file, once the export's job on the
 * server has finished (a minute for a long book's PDF; `useBookJobs` shows how far it is meanwhile).
 * The file name is the one the server gives in Content-Disposition (contracts `exportFileName`).
 */
export async function exportBook({ id, title, format }: { id: string; title: string; format: ExportFormat }): Promise<ExportedFile> {
  const res = await apiFetch('POST', `/api/books/${encodeURIComponent(id)}/export/${format}`);
  return { blob: await res.blob(), fileName: exportFileName(title, format) };
}

/** Hands a file to the browser as a download. */
export function saveFile({ blob, fileName }: ExportedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Let the browser start the download before the address is released.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * Exports a book and hands the file to the browser. Its requests carry `bookKeys.exportRequests()`, so that the jobs
 * query polls while one waits and leaves the job it started to it (`book-jobs.ts`).
 */
export function useExportBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: bookKeys.exportRequests(),
    mutationFn: exportBook,
    onMutate: ({ id, format }) => handJobsToRequest(queryClient, id, format),
    onSuccess: saveFile,
    onSettled: (_file, _error, { id }) => settleExportRequest(queryClient, id),
  });
}

/**
 * GET the file of a finished export job (its `export.downloadUrl`, /api/books/:id/exports/:exportId/file) with the
 * bearer header, under the name the job gives.
 * @throws Error("<status>: <body>") from the request helper.
 */
export async function downloadJobExport(file: Pick<JobExport, 'downloadUrl' | 'fileName'>): Promise<ExportedFile> {
  const res = await apiFetch('GET', file.downloadUrl);
  return { blob: await res.blob(), fileName: file.fileName };
}

/** Fetches a finished export job's file and hands it to the browser (an export found running after a reload). */
export function useDownloadJobExport() {
  return useMutation({ mutationFn: downloadJobExport, onSuccess: saveFile });
}
