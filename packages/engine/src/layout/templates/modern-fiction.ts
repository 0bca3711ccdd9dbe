import { BOOK_LAYOUT_DEFAULTS } from '../defaults.ts';
import { indentEm } from '../settings.ts';
import { trimSizes } from '../trim-sizes.ts';
import { defineTemplate } from './types.ts';

/**
 * Modern Fiction: a contemporary novel. Crimson Pro 12 pt with open leading (1.4) on a 5.25 x 8 in page,
 * chapter openings flush left with a large arabic number and the title set in Inter, no drop capital,
 * running heads in spaced Inter capitals, folios at the bottom outside corner, and a row of three bullets
 * for scene breaks (a blank line would vanish at the foot of a page).
 */
export const modernFiction = defineTemplate(
  {
    ...BOOK_LAYOUT_DEFAULTS,
    id: 'modern-fiction',
    name: 'Modern Fiction',
    trimSizeId: '5.25x8',
    trimWidthIn: trimSizes['5.25x8'].widthIn,
    trimHeightIn: trimSizes['5.25x8'].heightIn,
    paper: 'cream',
    marginTopIn: 0.625,
    marginBottomIn: 0.75,
    marginInsideIn: 0.75,
    marginOutsideIn: 0.5,
    headerDistanceIn: 0.35,
    footerDistanceIn: 0.375,
    fontFamily: 'Crimson Pro',
    headingFontFamily: 'Inter',
    fontSizePt: 12,
    lineHeight: 1.4,
    paragraphIndentEm: indentEm(0.25, 12),
    chapterTitleFormat: 'left',
    chapterNumberStyle: 'arabic',
    chapterSinkIn: 1.75,
    sceneBreak: 'ornament',
    ornament: '• • •',
    runningHeadCase: 'uppercase',
    folioPosition: 'bottom-outside',
  },
  'Clean, contemporary design for novels: Crimson Pro with Inter chapter openings, flush-left titles and open leading.',
  'literature',
);
