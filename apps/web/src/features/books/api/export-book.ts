import { useMutation } from '@tanstack/react-query';
import { exportFileName, type ExportFormat } from '@quire/contracts';
import { apiFetch } from '../../../lib/api-client.ts';

export type ExportedFile = { blob: Blob; fileName: string };

/**
 * POST /api/books/:id/export/:format with the bearer header; the answer is the file.
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

export function useExportBook() {
  return useMutation({ mutationFn: exportBook, onSuccess: saveFile });
}
