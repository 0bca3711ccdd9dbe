import { BOOK_LAYOUT_DEFAULTS } from '../defaults.ts';
import { KDP_GUTTER_TABLE } from '../kdp-rules.ts';
import { trimSizes } from '../trim-sizes.ts';
import { defineTemplate } from './types.ts';

/**
 * Print Ready KDP: a 6 x 9 in paperback whose margins meet KDP's rules at every page count, so the design
 * never shifts when the book grows: the inside margin is KDP's largest gutter (0.875 in, for 701-828 pages),
 * the others well above the 0.25 in minimum. Tinos 11 pt (Times New Roman metrics) with 1.3 leading, centred
 * "Chapter 1" openings with a two-line drop capital, running heads in capitals (author / title), folios at
 * the bottom outside corner.
 */
export const printReadyKdp = defineTemplate(
  {
    ...BOOK_LAYOUT_DEFAULTS,
    id: 'print-ready-kdp',
    name: 'Print Ready KDP',
    trimSizeId: '6x9',
    trimWidthIn: trimSizes['6x9'].widthIn,
    trimHeightIn: trimSizes['6x9'].heightIn,
    marginTopIn: 0.75,
    marginBottomIn: 0.75,
    marginInsideIn: KDP_GUTTER_TABLE[KDP_GUTTER_TABLE.length - 1]!.minInsideIn,
    marginOutsideIn: 0.625,
    headerDistanceIn: 0.4,
    footerDistanceIn: 0.375,
    fontFamily: 'Tinos',
    headingFontFamily: 'Tinos',
    fontSizePt: 11,
    lineHeight: 1.3,
    paragraphIndentEm: 1.5,
    chapterTitleFormat: 'centered',
    chapterNumberStyle: 'arabic',
    chapterSinkIn: 1.5,
    dropCapLines: 2,
    runningHeadCase: 'uppercase',
    folioPosition: 'bottom-outside',
  },
  "Meets Amazon KDP's paperback margin rules at any page count: 6 x 9 in, 0.875 in gutter, Times New Roman metrics.",
  'general',
);
