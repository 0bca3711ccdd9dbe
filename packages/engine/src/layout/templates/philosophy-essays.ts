import { BOOK_LAYOUT_DEFAULTS } from '../defaults.ts';
import { trimSizes } from '../trim-sizes.ts';
import { defineTemplate } from './types.ts';

/**
 * Philosophy & Essays: a scholarly page for argument and notes. EB Garamond 11 pt with 1.4 leading on
 * 6 x 9 in white paper, wide outer and bottom margins (room for footnotes and the reader's pencil), essay
 * titles flush left under a roman numeral, no drop capital but a small-caps lead-in, long quotations indented
 * 0.5 in, book title on versos and essay title on rectos in small caps, folios at the top outside corner.
 */
export const philosophyEssays = defineTemplate(
  {
    ...BOOK_LAYOUT_DEFAULTS,
    id: 'philosophy-essays',
    name: 'Philosophy & Essays',
    trimSizeId: '6x9',
    trimWidthIn: trimSizes['6x9'].widthIn,
    trimHeightIn: trimSizes['6x9'].heightIn,
    marginTopIn: 0.875,
    marginBottomIn: 1,
    marginInsideIn: 0.875,
    marginOutsideIn: 0.875,
    headerDistanceIn: 0.5,
    footerDistanceIn: 0.5,
    fontFamily: 'EB Garamond',
    headingFontFamily: 'EB Garamond',
    fontSizePt: 11,
    lineHeight: 1.4,
    paragraphIndentEm: 1.5,
    quoteIndentIn: 0.5,
    chapterTitleFormat: 'left',
    chapterNumberStyle: 'roman',
    chapterSinkIn: 1,
    smallCapsLeadIn: true,
    sceneBreak: 'asterisks',
    runningHeadVerso: 'book-title',
    runningHeadRecto: 'chapter-title',
    runningHeadCase: 'small-caps',
    folioPosition: 'top-outside',
  },
  'Scholarly presentation for philosophical works and essays: EB Garamond, wide margins for notes, roman-numbered essays.',
  'philosophy',
);
