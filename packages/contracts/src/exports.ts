import { z } from 'zod';
import { ID_MAX_CHARS } from './limits.ts';

/**
 * Export formats: the spec's four (workspace spec section 7) with Quire's real files,
 * plus `epub-html`, the EPUB-ready HTML the spec's "epub" button used to produce.
 */
export const EXPORT_FORMATS = ['pdf', 'epub', 'docx', 'html', 'epub-html'] as const;
export const ExportFormatSchema = z.enum(EXPORT_FORMATS);
export type ExportFormat = z.infer<typeof ExportFormatSchema>;

export const ExportParamsSchema = z.object({
  id: z.string().min(1).max(ID_MAX_CHARS),
  format: ExportFormatSchema,
});

/** File name suffix and media type of each export (workspace spec section 7, extended by Quire). */
export const EXPORT_FILES: Record<ExportFormat, { suffix: string; contentType: string }> = {
  pdf: { suffix: '_KDP_Print.pdf', contentType: 'application/pdf' },
  epub: { suffix: '.epub', contentType: 'application/epub+zip' },
  docx: {
    suffix: '.docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  html: { suffix: '_KDP_Ready.html', contentType: 'text/html; charset=utf-8' },
  'epub-html': { suffix: '_EPUB_Ready.html', contentType: 'text/html; charset=utf-8' },
};

/**
 * Download file name from a book title: non-alphanumeric characters become `_` (workspace spec section 7).
 * Example: `exportFileName("Alice's Adventures", 'pdf')` -> `Alice_s_Adventures_KDP_Print.pdf`.
 */
export function exportFileName(title: string, format: ExportFormat): string {
  const base = title.replace(/[^a-zA-Z0-9]/g, '_') || 'book';
  return base + EXPORT_FILES[format].suffix;
}
