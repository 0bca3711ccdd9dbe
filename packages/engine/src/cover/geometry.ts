/**
 * The geometry of a paperback's full-wrap cover and the pixel sizes of cover images, from KDP's rules as KDP's
 * help states them ("Create a Paperback Cover", "Paperback Submission Guidelines" G201857950, and its cover
 * calculator; the figures agree with the published calculators checked with `search`):
 * - the wrap is one page, `bleed + back + spine + front + bleed` wide and `bleed + trim height + bleed` high, with
 *   0.125 in of bleed on the outer edges; the spine is the page count times the paper's thickness (white 0.002252
 *   in, cream 0.0025 in a page); the interior's page count is even (a blank page is added to an odd count);
 * - a book of 79 pages or more may carry spine text, kept 0.0625 in from each fold;
 * - the barcode area, 2 x 1.2 in, is kept empty at the lower right of the back cover, 0.25 in from the trim and the
 *   spine fold; text stays 0.125 in or more inside the trim; images print at 300 dpi or more;
 * - the e-book cover ("Create Your eBook Cover"): ideal 1600 x 2560 px (1:1.6), at least 625 x 1000 px, at most
 *   10,000 px on the longest side, under 50 MB, RGB JPEG or TIFF.
 * All lengths are inches from the wrap's top-left corner (bleed included).
 */


/** The outer bleed of a cover, inches (KDP help "Create a Paperback Cover"). */
export const COVER_BLEED_IN = 0.125;

/** Thickness of one page of each KDP paper, inches (KDP cover calculator). */
export const PAPER_THICKNESS_IN: Readonly<Record<CoverPaper, number>> = { white: 0.002252, cream: 0.0025 };

/** Fewest pages for text on the spine (KDP help "Create a Paperback Cover": 79 pages or more). */
export const SPINE_TEXT_MIN_PAGES = 79;

/** Room kept between spine text and each fold, inches (KDP help "Create a Paperback Cover"). */
export const SPINE_FOLD_MARGIN_IN = 0.0625;

/** Smallest type on a cover, points (KDP's print guidance for legible text). */
export const MIN_COVER_TYPE_PT = 7;

/**
 * The body of a line of type across the spine, in em: ascender to descender of the shipped faces (EB Garamond's is
 * 1.305 em, Inter's 1.21). Spine text of size S needs S x this between the folds' margins.
 */
export const SPINE_LINE_EM = 1.3;

/** How far inside the trim every cover text stays, inches. */
export const COVER_SAFE_MARGIN_IN = 0.125;

/** KDP's barcode area on the back cover, inches, and its distance from the trim edges and the spine fold. */
export const BARCODE_AREA_IN = { widthIn: 2, heightIn: 1.2, fromTrimIn: 0.25 } as const;

/** Print resolution every image on a cover must reach at its printed size, dots per inch. */
export const PRINT_DPI = 300;

/** The e-book cover Quire renders: KDP's ideal 1600 x 2560 px (1:1.6). */
export const EBOOK_COVER = { widthPx: 1600, heightPx: 2560 } as const;

/** KDP's bounds for an e-book cover: at least 625 x 1000 px, at most 10,000 px a side, under 50 MB. */
export const EBOOK_COVER_LIMITS = { minWidthPx: 625, minHeightPx: 1000, maxSidePx: 10_000, maxBytes: 50 * 1024 * 1024 } as const;

/** A paperback's paper for the spine (colour papers are not offered). */
export type CoverPaper = 'white' | 'cream';

/** A rectangle on the wrap, inches from its top-left corner. */
export interface WrapRect {
  xIn: number;
  yIn: number;
  widthIn: number;
  heightIn: number;
}

/** The full wrap of a paperback: panels, safe areas, barcode area, inches (same shape as the API's `WrapGeometry`). */
export interface WrapGeometry {
  trimWidthIn: number;
  trimHeightIn: number;
  bleedIn: number;
  /** The interior's page count, rounded up to even. */
  pageCount: number;
  paperType: CoverPaper;
  spineWidthIn: number;
  widthIn: number;
  heightIn: number;
  /** Whether the spine carries text: 79 pages or more, and a line of 7 pt type (its 1.3 em body) fits 0.0625 in from each fold. */
  spineText: boolean;
  /** The back, spine and front panels, each the trim's height (bleed excluded). */
  back: WrapRect;
  spine: WrapRect;
  front: WrapRect;
  /** Where text may stand: 0.125 in inside the trim on the back and front, 0.0625 in from each fold on the spine. */
  safe: { back: WrapRect; spine: WrapRect; front: WrapRect };
  /** The area kept empty for KDP's barcode. */
  barcode: WrapRect;
}

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/**
 * The wrap of a paperback with `pageCount` interior pages on `paperType` paper at a trim of
 * `trimWidthIn` x `trimHeightIn` inches.
 * @throws RangeError when the trim is not positive or the page count is below 1.
 */
export function wrapGeometry(input: { trimWidthIn: number; trimHeightIn: number; pageCount: number; paperType: CoverPaper }): WrapGeometry {
  const { trimWidthIn, trimHeightIn, paperType } = input;
  if (!(trimWidthIn > 0 && trimHeightIn > 0)) throw new RangeError('wrapGeometry: the trim must be positive');
  if (!(input.pageCount >= 1)) throw new RangeError('wrapGeometry: a book has at least one page');
  const pageCount = Math.ceil(input.pageCount / 2) * 2;
  const bleed = COVER_BLEED_IN;
  const spineWidthIn = round4(pageCount * PAPER_THICKNESS_IN[paperType]);
  const back: WrapRect = { xIn: bleed, yIn: bleed, widthIn: trimWidthIn, heightIn: trimHeightIn };
  const spine: WrapRect = { xIn: bleed + trimWidthIn, yIn: bleed, widthIn: spineWidthIn, heightIn: trimHeightIn };
  const front: WrapRect = { xIn: bleed + trimWidthIn + spineWidthIn, yIn: bleed, widthIn: trimWidthIn, heightIn: trimHeightIn };
  const inset = (r: WrapRect, dx: number, dy: number): WrapRect => ({
    xIn: r.xIn + dx,
    yIn: r.yIn + dy,
    widthIn: Math.max(0, r.widthIn - 2 * dx),
    heightIn: Math.max(0, r.heightIn - 2 * dy),
  });
  const safeSpine = inset(spine, SPINE_FOLD_MARGIN_IN, COVER_SAFE_MARGIN_IN);
  return {
    trimWidthIn,
    trimHeightIn,
    bleedIn: bleed,
    pageCount,
    paperType,
    spineWidthIn,
    widthIn: round4(2 * bleed + 2 * trimWidthIn + spineWidthIn),
    heightIn: round4(2 * bleed + trimHeightIn),
    spineText: pageCount >= SPINE_TEXT_MIN_PAGES && safeSpine.widthIn * 72 >= MIN_COVER_TYPE_PT * SPINE_LINE_EM,
    back,
    spine,
    front,
    safe: { back: inset(back, COVER_SAFE_MARGIN_IN, COVER_SAFE_MARGIN_IN), spine: safeSpine, front: inset(front, COVER_SAFE_MARGIN_IN, COVER_SAFE_MARGIN_IN) },
    barcode: {
      xIn: back.xIn + back.widthIn - BARCODE_AREA_IN.fromTrimIn - BARCODE_AREA_IN.widthIn,
      yIn: back.yIn + back.heightIn - BARCODE_AREA_IN.fromTrimIn - BARCODE_AREA_IN.heightIn,
      widthIn: BARCODE_AREA_IN.widthIn,
      heightIn: BARCODE_AREA_IN.heightIn,
    },
  };
}

/**
 * The fewest pixels a front artwork needs to fill the front panel with its bleed (trim width + 0.125 in, trim
 * height + 0.25 in) at 300 dpi.
 */
export function artworkMinPx(trimWidthIn: number, trimHeightIn: number): { widthPx: number; heightPx: number } {
  return {
    widthPx: Math.ceil((trimWidthIn + COVER_BLEED_IN) * PRINT_DPI - 1e-9),
    heightPx: Math.ceil((trimHeightIn + 2 * COVER_BLEED_IN) * PRINT_DPI - 1e-9),
  };
}

/**
 * Whether an uploaded artwork of `widthPx` x `heightPx` can fill a front cover at 300 dpi: null when it can, else
 * the sentence shown to the user, naming the image's pixels and the pixels needed. An image of another shape is
 * cropped to the front, so each side is judged against the side it covers after scaling.
 */
export function checkArtworkSize(widthPx: number, heightPx: number, trimWidthIn: number, trimHeightIn: number): string | null {
  const need = artworkMinPx(trimWidthIn, trimHeightIn);
  // Filling the front ("cover" fit) scales the image by the larger of the two ratios: the dpi is the smaller one.
  const dpi = Math.min(widthPx / (need.widthPx / PRINT_DPI), heightPx / (need.heightPx / PRINT_DPI));
  if (dpi >= PRINT_DPI - 1e-6) return null;
  const trim = `${trimWidthIn} x ${trimHeightIn} in`;
  return (
    `This image is ${widthPx} x ${heightPx} px, which prints at ${Math.floor(dpi)} dpi on a ${trim} cover. ` +
    `A printed cover needs at least ${need.widthPx} x ${need.heightPx} px (300 dpi, with bleed).`
  );
}
