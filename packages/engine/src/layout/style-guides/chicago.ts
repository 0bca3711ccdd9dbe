import { ACADEMIC_LAYOUT_DEFAULTS, headingLevel } from '../defaults.ts';
import type { Layout } from '../layout.ts';
import type { StyleGuideTemplate } from './types.ts';

/**
 * Chicago Manual of Style, 17th edition, notes-bibliography system (chapter 14), as laid out for papers by
 * Turabian's Manual for Writers (9th ed., appendix A, the student version of Chicago):
 * - a title page (A.2.1): title about a third down, then name, course and date;
 * - footnotes at the foot of the page (14.19-14.24), a "Bibliography" at the end (14.61-14.73);
 * - double spacing, 12 pt Times New Roman, paragraphs indented 0.5 in, pages numbered (A.1.4: centred at
 *   the foot or at the top right; the foot here);
 * - headings (A.2.2): level 1 centred bold, level 2 centred plain, level 3 flush left bold.
 * Workspace spec section 9: 12 pt Times New Roman, double spacing, margins 1 with the left margin 1.5 (room
 * for binding).
 */
export const chicagoLayout: Layout = {
  ...ACADEMIC_LAYOUT_DEFAULTS,
  id: 'chicago',
  name: 'Chicago Manual of Style',
  marginTopIn: 1,
  marginBottomIn: 1,
  marginInsideIn: 1.5,
  marginOutsideIn: 1,
  folioPosition: 'bottom-center',
  academic: {
    guide: 'chicago',
    titlePage: 'chicago',
    headingBlock: false,
    abstract: false,
    tableOfContents: false,
    acknowledgments: false,
    appendices: true,
    citations: 'notes-bibliography',
    notes: 'footnotes',
    bibliographyTitle: 'Bibliography',
    numberedHeadings: false,
    captionNumbering: 'continuous',
    headingLevels: [headingLevel('center', true, false), headingLevel('center', false, false), headingLevel('left', true, false)],
  },
};

export const chicago: StyleGuideTemplate = {
  id: 'chicago',
  name: 'Chicago Manual of Style',
  styleGuide: 'Chicago',
  category: 'academic',
  isBuiltIn: true,
  requirements: {
    margins: { top: 1, bottom: 1, left: 1.5, right: 1 },
    font: { family: 'Times New Roman', size: 12, lineHeight: 2 },
    spacing: { paragraph: 0, line: 2 },
    headers: { style: 'Centred bold; centred plain; flush-left bold', numbering: false },
    citations: { style: 'Chicago 17 notes-bibliography', inText: 'Footnote numbers', bibliography: 'Bibliography' },
    pageNumbers: { position: 'bottom-center', format: 'arabic' },
    titlePage: true,
    tableOfContents: false,
    abstract: false,
    acknowledgments: false,
    appendices: true,
  },
  layout: chicagoLayout,
};
