import { z } from 'zod';

/**
 * The kinds of structure warning, as the engine names them (`packages/engine/src/structure/structure-summary.ts`
 * `StructureWarningCode`, which says what each means; a server test ties the two lists).
 */
export const STRUCTURE_WARNING_CODES = [
  'contents-mismatch',
  'long-division',
  'short-division',
  'one-division',
  'division-word-unused',
  'numbered-lines',
] as const;

/**
 * A sign that the chapters and parts cleanup found may be wrong, in words a publisher understands, with what to check:
 * `{ code: 'one-division', message: 'No chapters were found: the text will be set as one long chapter of 57,591 words. ...' }`.
 */
export const StructureWarningSchema = z.object({
  code: z.enum(STRUCTURE_WARNING_CODES),
  message: z.string(),
});
export type StructureWarning = z.infer<typeof StructureWarningSchema>;

/**
 * What cleanup found in a book (engine `summarizeStructure`), shown on the Clean tab as "What Quire found":
 * - `counts`: parts, chapters, poems and other pieces of a collection, acts and scenes and speeches of a play,
 *   letters and footnotes;
 * - `front`, `back`: the front- and back-matter sections in reading order, each its kind (`preface`, `notes`,
 *   `appendix` ... `other`) and its title (`''` when untitled);
 * - `words`: words of the book's text, footnotes not counted;
 * - `found`: the same as short phrases, in the order shown (`['2 parts', '61 chapters', 'Preface', 'Notes', '3 letters']`);
 * - `warnings`: where the structure looks unreliable; `[]` when it looks sound.
 */
export const StructureSummarySchema = z.object({
  counts: z.object({
    parts: z.number().int().nonnegative(),
    chapters: z.number().int().nonnegative(),
    poems: z.number().int().nonnegative(),
    pieces: z.number().int().nonnegative(),
    acts: z.number().int().nonnegative(),
    scenes: z.number().int().nonnegative(),
    speeches: z.number().int().nonnegative(),
    letters: z.number().int().nonnegative(),
    footnotes: z.number().int().nonnegative(),
  }),
  front: z.array(z.object({ kind: z.string(), title: z.string() })),
  back: z.array(z.object({ kind: z.string(), title: z.string() })),
  words: z.number().int().nonnegative(),
  found: z.array(z.string()),
  warnings: z.array(StructureWarningSchema),
});
export type StructureSummary = z.infer<typeof StructureSummarySchema>;
