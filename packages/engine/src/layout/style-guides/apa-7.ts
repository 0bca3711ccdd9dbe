import { ACADEMIC_LAYOUT_DEFAULTS, headingLevel } from '../defaults.ts';
import type { AcademicLayout, Layout } from '../layout.ts';
import type { StyleGuideTemplate } from './types.ts';

/**
 * APA 7th edition (Publication Manual of the American Psychological Association, 7th ed., 2020):
 * - title page (2.3): a student paper has title, author, affiliation (department and university), course
 *   number and name, instructor and due date; a professional paper has title, authors, affiliations and an
 *   author note. Student is the default here; `apa7ProfessionalLayout` is the professional variant.
 * - page header (2.18): page number flush right in the header of every page, title page included; the
 *   running head (2.8: shortened title, ALL CAPS, flush left) on professional papers only.
 * - font (2.19): Times New Roman 12 pt is one of the accepted fonts; set in Tinos (same metrics).
 * - line spacing (2.21): double throughout, no extra space between paragraphs.
 * - margins (2.22): 1 in on every side. Alignment (2.23): flush left, ragged right, no hyphenation.
 * - paragraph indent (2.24): 0.5 in, every paragraph.
 * - abstract (2.9): on its own page after the title page. Appendices (2.14) after the references.
 * - headings (2.27, Table 2.3): level 1 centred bold; 2 flush left bold; 3 flush left bold italic; 4 indented
 *   bold ending with a period, text run in; 5 indented bold italic ending with a period, text run in; all
 *   Title Case.
 * - references (9.43): "References", author-date citations (8.10).
 * Workspace spec section 9: APA 12 pt Times New Roman, double spacing, margins 1.
 */
const academic: AcademicLayout = {
  guide: 'apa-7',
  titlePage: 'apa-student',
  headingBlock: false,
  abstract: true,
  tableOfContents: false,
  acknowledgments: false,
  appendices: true,
  citations: 'author-date',
  notes: 'footnotes',
  bibliographyTitle: 'References',
  numberedHeadings: false,
  captionNumbering: 'continuous',
  headingLevels: [
    headingLevel('center', true, false),
    headingLevel('left', true, false),
    headingLevel('left', true, true),
    headingLevel('indent', true, false, true),
    headingLevel('indent', true, true, true),
  ],
};

/** The APA 7 student-paper layout (the `apa-7` style guide). */
export const apa7Layout: Layout = {
  ...ACADEMIC_LAYOUT_DEFAULTS,
  id: 'apa-7',
  name: 'APA 7th Edition',
  marginTopIn: 1,
  marginBottomIn: 1,
  marginInsideIn: 1,
  marginOutsideIn: 1,
  folioPosition: 'top-right',
  academic,
};

/**
 * APA 7 professional paper: the professional title page (2.3) and the running head, the paper's short title
 * in capitals flush left on every page (2.8), beside the page number.
 */
export const apa7ProfessionalLayout: Layout = {
  ...apa7Layout,
  runningHeads: true,
  runningHeadVerso: 'short-title',
  runningHeadRecto: 'short-title',
  runningHeadCase: 'uppercase',
  academic: { ...academic, titlePage: 'apa-professional', acknowledgments: true },
};

export const apa7: StyleGuideTemplate = {
  id: 'apa-7',
  name: 'APA 7th Edition',
  styleGuide: 'APA',
  category: 'academic',
  isBuiltIn: true,
  requirements: {
    margins: { top: 1, bottom: 1, left: 1, right: 1 },
    font: { family: 'Times New Roman', size: 12, lineHeight: 2 },
    spacing: { paragraph: 0, line: 2 },
    headers: { style: 'APA five levels: centred bold; flush-left bold; flush-left bold italic; indented bold run-in; indented bold italic run-in', numbering: false },
    citations: { style: 'APA 7', inText: '(Author, Year)', bibliography: 'References' },
    pageNumbers: { position: 'top-right', format: 'arabic' },
    titlePage: true,
    tableOfContents: false,
    abstract: true,
    acknowledgments: false,
    appendices: true,
  },
  layout: apa7Layout,
};
