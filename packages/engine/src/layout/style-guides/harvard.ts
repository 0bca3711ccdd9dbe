import { ACADEMIC_LAYOUT_DEFAULTS, headingLevel } from '../defaults.ts';
import type { Layout } from '../layout.ts';
import type { StyleGuideTemplate } from './types.ts';

/**
 * Harvard University: a thesis in the Harvard (author-date) referencing style, as the spec's built-in
 * "Harvard University" template describes it. Author-date citations "(Author Year, page)" and a "Reference
 * List" follow the common Harvard conventions (e.g. Cite Them Right, 12th ed.); a thesis carries a title page,
 * an abstract, acknowledgments, a table of contents and appendices. Page numbers top right; headings numbered
 * in the thesis convention (1, 1.1, 1.1.1), bold, flush left.
 * Workspace spec section 9: 12 pt Times New Roman, double spacing, margins 1 with top 1.5 and left 1.5.
 */
export const harvardLayout: Layout = {
  ...ACADEMIC_LAYOUT_DEFAULTS,
  id: 'harvard',
  name: 'Harvard University',
  marginTopIn: 1.5,
  marginBottomIn: 1,
  marginInsideIn: 1.5,
  marginOutsideIn: 1,
  headerDistanceIn: 0.75,
  folioPosition: 'top-right',
  romanFrontMatterFolios: true,
  academic: {
    guide: 'harvard',
    titlePage: 'harvard',
    headingBlock: false,
    abstract: true,
    tableOfContents: true,
    acknowledgments: true,
    appendices: true,
    citations: 'author-date',
    notes: 'footnotes',
    bibliographyTitle: 'Reference List',
    numberedHeadings: true,
    captionNumbering: 'by-chapter',
    headingLevels: [headingLevel('left', true, false), headingLevel('left', true, false), headingLevel('left', true, true)],
  },
};

export const harvard: StyleGuideTemplate = {
  id: 'harvard',
  name: 'Harvard University',
  styleGuide: 'Harvard',
  category: 'academic',
  university: 'Harvard University',
  isBuiltIn: true,
  requirements: {
    margins: { top: 1.5, bottom: 1, left: 1.5, right: 1 },
    font: { family: 'Times New Roman', size: 12, lineHeight: 2 },
    spacing: { paragraph: 0, line: 2 },
    headers: { style: 'Numbered section headings, bold, flush left', numbering: true },
    citations: { style: 'Harvard author-date', inText: '(Author Year, page)', bibliography: 'Reference List' },
    pageNumbers: { position: 'top-right', format: 'roman-then-arabic' },
    titlePage: true,
    tableOfContents: true,
    abstract: true,
    acknowledgments: true,
    appendices: true,
  },
  layout: harvardLayout,
};
