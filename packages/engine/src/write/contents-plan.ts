/**
 * How long a book's contents may run before they are set compactly, shared by the writers that print contents
 * (PDF, DOCX): a collection of many short pieces (Leaves of Grass has some 400 poems) would otherwise fill a
 * dozen pages with one-line entries; a novel keeps one entry a line (Moby-Dick's 135 chapters fill five pages).
 * Chicago 1.42: a contents may list the parts only when the chapters are many; else the entries are set in two
 * columns.
 */

/** Most entries a contents lists one to a line before it is set compactly. */
export const FULL_CONTENTS_MAX_ENTRIES = 150;

/**
 * How the contents are set:
 * - `full`: one entry a line, every part, chapter and titled section;
 * - `parts`: parts and the sections outside them only (the book has at least two parts, and listing them
 *   keeps the contents within {@link FULL_CONTENTS_MAX_ENTRIES});
 * - `columns`: every entry, in two columns.
 */
export type ContentsPlan = 'full' | 'parts' | 'columns';

/**
 * The plan for a contents of these entries (`level` 0 a part, 1 a top-level unit, 2 a chapter inside a part).
 * @param entries the entries in reading order; only their levels count.
 */
export function contentsPlan(entries: ReadonlyArray<{ level: number }>): ContentsPlan {
  if (entries.length <= FULL_CONTENTS_MAX_ENTRIES) return 'full';
  const parts = entries.filter((e) => e.level === 0).length;
  const outline = entries.filter((e) => e.level < 2).length;
  return parts >= 2 && outline <= FULL_CONTENTS_MAX_ENTRIES ? 'parts' : 'columns';
}
