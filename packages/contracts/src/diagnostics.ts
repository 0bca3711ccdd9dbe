import { z } from 'zod';

/**
 * The kinds of diagnostic, as the engine names them (`packages/engine/src/model/diagnostics.ts` `DiagnosticCode`,
 * which says what each means; a server test ties the two lists).
 */
export const DIAGNOSTIC_CODES = [
  'unsupported-element',
  'image-missing',
  'image-refused',
  'image-low-resolution',
  'latex-command',
  'latex-mapped',
  'crossref-unresolved',
  'math-unconverted',
  'table-shrunk',
  'table-rotated',
  'table-simplified',
  'other',
] as const;

/**
 * Something a reader or writer could not keep or had to change (engine `model/diagnostics.ts`), in words a
 * student understands: `{ code: 'image-missing', message: 'The image "figures/a.png" is not in the upload ...',
 * where: 'Chapter 2: Method' }`. `count` is how often the same note was given (absent: once).
 */
export const DiagnosticSchema = z.object({
  code: z.enum(DIAGNOSTIC_CODES),
  message: z.string(),
  where: z.string().optional(),
  count: z.number().int().positive().optional(),
});
export type Diagnostic = z.infer<typeof DiagnosticSchema>;
