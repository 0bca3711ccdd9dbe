import { ACADEMIC_LAYOUT_DEFAULTS, headingLevel } from '../defaults.ts';
import type { Layout } from '../layout.ts';
import type { StyleGuideTemplate } from './types.ts';

/**
 * MLA 9th edition (MLA Handbook, 9th ed., 2021, "Formatting a Research Paper"):
 * - margins 1 in on every side (1.1); a readable font such as Times New Roman 12 pt, double-spaced
 *   throughout, paragraphs indented 0.5 in (1.2);
 * - no title page: a heading block flush left on the first page (your name, the instructor's name, the
 *   course, the date), then the title centred (1.3);
 * - running head: your surname and the page number, flush right, 0.5 in from the top of every page (1.4);
 * - author-page citations, "Works Cited" list; notes as endnotes under "Notes" before it.
 * - headings: MLA prescribes none; the levels suggested by the MLA Style Center (bold, italic, centred bold,
 *   centred italic) are used when a paper has sections.
 * Workspace spec section 9: MLA 12 pt Times New Roman, double spacing, margins 1.
 */
export const mla9Layout: Layout = {
  ...ACADEMIC_LAYOUT_DEFAULTS,
  id: 'mla-9',
  name: 'MLA 9th Edition',
  marginTopIn: 1,
  marginBottomIn: 1,
  marginInsideIn: 1,
  marginOutsideIn: 1,
  headerDistanceIn: 0.5,
  runningHeads: true,
  runningHeadVerso: 'author-surname',
  runningHeadRecto: 'author-surname',
  folioPosition: 'top-right',
  academic: {
    guide: 'mla-9',
    titlePage: 'none',
    headingBlock: true,
    abstract: false,
    tableOfContents: false,
    acknowledgments: false,
    appendices: false,
    citations: 'author-page',
    notes: 'endnotes',
    bibliographyTitle: 'Works Cited',
    numberedHeadings: false,
    captionNumbering: 'continuous',
    headingLevels: [
      headingLevel('left', true, false),
      headingLevel('left', false, true),
      headingLevel('center', true, false),
      headingLevel('center', false, true),
    ],
  },
};

export const mla9: StyleGuideTemplate = {
  id: 'mla-9',
  name: 'MLA 9th Edition',
  styleGuide: 'MLA',
  category: 'academic',
  isBuiltIn: true,
  requirements: {
    margins: { top: 1, bottom: 1, left: 1, right: 1 },
    font: { family: 'Times New Roman', size: 12, lineHeight: 2 },
    spacing: { paragraph: 0, line: 2 },
    headers: { style: 'Heading block on the first page; title centred; optional section headings', numbering: false },
    citations: { style: 'MLA 9', inText: '(Author page)', bibliography: 'Works Cited' },
    pageNumbers: { position: 'top-right', format: 'surname-arabic' },
    titlePage: false,
    tableOfContents: false,
    abstract: false,
    acknowledgments: false,
    appendices: false,
  },
  layout: mla9Layout,
};
