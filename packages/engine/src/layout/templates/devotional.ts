import { BOOK_LAYOUT_DEFAULTS } from '../defaults.ts';
import { indentEm } from '../settings.ts';
import { trimSizes } from '../trim-sizes.ts';
import { defineTemplate } from './types.ts';

/**
 * Devotional & Religious: a calm, readable page for prayer and study. Crimson Pro 12 pt with wide leading
 * (1.5) on 6 x 9 in cream paper, wide margins, centred titles between hedera (❧), a two-line drop capital
 * with a small-caps lead-in, scripture and quotations indented 0.5 in, book title on versos and chapter title
 * on rectos, folios centred at the foot.
 */
export const devotional = defineTemplate(
  {
    ...BOOK_LAYOUT_DEFAULTS,
    id: 'devotional',
    name: 'Devotional & Religious',
    trimSizeId: '6x9',
    trimWidthIn: trimSizes['6x9'].widthIn,
    trimHeightIn: trimSizes['6x9'].heightIn,
    paper: 'cream',
    marginTopIn: 0.875,
    marginBottomIn: 0.875,
    marginInsideIn: 1,
    marginOutsideIn: 0.75,
    headerDistanceIn: 0.5,
    footerDistanceIn: 0.45,
    fontFamily: 'Crimson Pro',
    headingFontFamily: 'Crimson Pro',
    fontSizePt: 12,
    lineHeight: 1.5,
    paragraphIndentEm: indentEm(0.25, 12),
    quoteIndentIn: 0.5,
    chapterTitleFormat: 'decorated',
    chapterNumberStyle: 'arabic',
    chapterSinkIn: 1.5,
    dropCapLines: 2,
    smallCapsLeadIn: true,
    sceneBreak: 'ornament',
    ornament: '❧',
    runningHeadVerso: 'book-title',
    runningHeadRecto: 'chapter-title',
    runningHeadCase: 'small-caps',
    folioPosition: 'bottom-center',
  },
  'Reverent and readable for devotionals and religious texts: wide leading, hedera ornaments and indented scripture.',
  'devotional',
);
