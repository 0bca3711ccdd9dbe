/**
 * The lines of a student paper's title page or MLA heading block, in the order each style guide gives them, for
 * every writer (PDF, DOCX, HTML, EPUB):
 * - APA 7th ed. 2.3 (student paper): author, affiliation (department and university), course number and name,
 *   instructor, due date;
 * - MLA Handbook 9th ed. 1.3 (heading block, flush left on the first page): name, instructor, course, date;
 * - Turabian 9th ed. A.2.1 (the student form of Chicago): name, course, date (instructor after the course when
 *   given);
 * - Harvard (the usual university guides): author, course, institution, date.
 * A missing element is left out, never printed as a placeholder; without a due date the publication year stands in.
 */
import type { BookMeta } from '../model/book-document.ts';
import type { AcademicLayout } from '../layout/layout.ts';

/** Plain-text lines under the title (not escaped for any output format). */
export function paperLines(meta: BookMeta, guide: AcademicLayout['guide']): string[] {
  const p = meta.paper ?? {};
  const clean = (s: string | undefined): string | undefined => (s && s.trim() ? s.trim() : undefined);
  const author = clean(meta.author);
  const date = clean(p.dueDate) ?? (meta.publicationYear ? String(meta.publicationYear) : undefined);
  const affiliation = clean(p.affiliation);
  const course = clean(p.course);
  const instructor = clean(p.instructor);
  const order: (string | undefined)[] =
    guide === 'apa-7'
      ? [author, affiliation, course, instructor, date]
      : guide === 'mla-9'
        ? [author, instructor, course, date]
        : guide === 'chicago'
          ? [author, course, instructor, date]
          : [author, course, affiliation, date];
  return order.filter((line): line is string => line !== undefined);
}
