import { BOOK_LAYOUT_DEFAULTS } from '../defaults.ts';
import { indentEm } from '../settings.ts';
import { trimSizes } from '../trim-sizes.ts';
import { defineTemplate } from './types.ts';

/**
 * Classic Literature: a trade paperback in the manner of a well-set nineteenth-century edition. EB Garamond
 * 12 pt on 5.5 x 8.5 in cream paper, generous margins (inside 0.875 in, which also meets KDP's gutter up to
 * 828 pages), chapters on a recto under a roman numeral with a fleuron (❦) beneath the title, a three-line
 * drop capital and a small-caps lead-in, small-caps running heads (author / title) with folios at the top
 * outside corner, and a fleuron for scene breaks.
 */
export const classicLiterature = defineTemplate(
  {
    ...BOOK_LAYOUT_DEFAULTS,
    id: 'classic-literature',
    name: 'Classic Literature',
    trimSizeId: '5.5x8.5',
    trimWidthIn: trimSizes['5.5x8.5'].widthIn,
    trimHeightIn: trimSizes['5.5x8.5'].heightIn,
    paper: 'cream',
    marginTopIn: 0.75,
    marginBottomIn: 0.875,
    marginInsideIn: 0.875,
    marginOutsideIn: 0.625,
    headerDistanceIn: 0.45,
    footerDistanceIn: 0.4,
    fontFamily: 'EB Garamond',
    headingFontFamily: 'EB Garamond',
    fontSizePt: 12,
    lineHeight: 1.3,
    paragraphIndentEm: indentEm(0.1875, 12),
    chapterTitleFormat: 'decorated',
    chapterNumberStyle: 'roman',
    chapterSinkIn: 1.5,
    dropCapLines: 3,
    smallCapsLeadIn: true,
    sceneBreak: 'ornament',
    ornament: '❦',
    runningHeadCase: 'small-caps',
    folioPosition: 'top-outside',
  },
  'Timeless elegance for classic novels and literary works: EB Garamond, drop capitals, fleurons and small-caps running heads.',
  'literature',
);
