/**
 * The opening of an academic paper as plain text lines, for the HTML, EPUB and DOCX writers: the title page
 * each style guide asks for and MLA's heading block. The lines under the title are the author and
 * the student paper's elements of `meta.paper` (affiliation, course, instructor, due date) in each guide's order
 * (`write/paper-lines.ts`, shared with the PDF); elements left empty are left out.
 */
import type { AcademicLayout } from '../layout/layout.ts';
import type { BookMeta } from '../model/book-document.ts';
import { paperLines } from './paper-lines.ts';

/** One line of a title page or heading block. */
export interface AcademicLine {
  text: string;
  bold?: boolean;
  /** Blank lines before this one (APA 7th ed. 2.3: one blank line between title and byline). */
  blankBefore?: number;
}

/** What a paper opens with; each part is absent when the style guide does not ask for it. */
export interface AcademicFront {
  /** A title page of its own, lines centred; `position` is where the block starts down the page. */
  titlePage?: { lines: AcademicLine[]; position: 'upper' | 'third' };
  /** MLA's heading block, flush left at the top of the first page, then the title centred (MLA 9th ed. 1.3). */
  headingBlock?: { lines: AcademicLine[]; title: string };
}

/** The lines under the title, in the guide's order (`paperLines`), the first `blankBefore` lines down. */
function under(meta: BookMeta, academic: AcademicLayout, blankBefore: number): AcademicLine[] {
  return paperLines(meta, academic.guide).map((text, i) => (i === 0 ? { text, blankBefore } : { text }));
}

/**
 * The opening of a paper under `academic` (null for book layouts: returns `{}`).
 * - APA student (7th ed. 2.3): title in bold, a blank line, author, affiliation, course, instructor, due date,
 *   in the upper half of the page; professional: title, author, affiliation, then the author note.
 * - Chicago / Turabian (A.2.1): title a third down the page, then name, course and date lower down.
 * - Harvard: title, author, course, institution, date, centred.
 * - MLA (9th ed. 1.3): no title page; the heading block and the centred title open the first page.
 * The abstract (APA 7th ed. 2.9) is not made up here: it is the paper's own front section titled "Abstract", set
 * like any front section by every writer (on its own page, after the title page).
 */
export function academicFront(academic: AcademicLayout | null, meta: BookMeta): AcademicFront {
  if (!academic) return {};
  const title = meta.title.trim() || 'Untitled';
  const author = meta.author.trim() || '[Author Name]';
  const out: AcademicFront = {};
  switch (academic.titlePage) {
    case 'apa-student':
      out.titlePage = { position: 'upper', lines: [{ text: title, bold: true }, ...under(meta, academic, 1)] };
      break;
    case 'apa-professional':
      out.titlePage = {
        position: 'upper',
        lines: [
          { text: title, bold: true },
          { text: author, blankBefore: 1 },
          ...(meta.paper?.affiliation?.trim() ? [{ text: meta.paper.affiliation.trim() }] : []),
          { text: 'Author Note', bold: true, blankBefore: 3 },
          { text: '[Author note: ORCID iDs, disclosures, correspondence address]' },
        ],
      };
      break;
    case 'chicago':
      out.titlePage = { position: 'third', lines: [{ text: title, bold: true }, ...under(meta, academic, 6)] };
      break;
    case 'harvard':
      out.titlePage = { position: 'third', lines: [{ text: title, bold: true }, ...under(meta, academic, 2)] };
      break;
    case 'none':
      break;
  }
  if (academic.headingBlock) {
    out.headingBlock = {
      lines: under(meta, academic, 0),
      title,
    };
  }
  return out;
}
