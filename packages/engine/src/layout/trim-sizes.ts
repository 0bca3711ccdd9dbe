/**
 * Trim sizes: the finished page sizes Quire offers, in inches, with KDP's page-count limits.
 *
 * Sources:
 * - KDP Help, "Print Options" (https://kdp.amazon.com/en_US/help/topic/G201834180): the trim sizes, the ink
 *   and paper options (black ink on white or cream paper, standard color, premium color) and the page-count
 *   range of each trim and paper. Minimum 24 pages (72 for standard color); maximum 828 pages on white paper
 *   and 776 on cream for the common trims, 590 (white) / 550 (cream) for 8.5 x 11 in, 780 / 730 for
 *   8.27 x 11.69 in (A4); standard color at most 600; premium color 828, 590 for 8.5 x 11 and A4.
 *   The stored copy of that page does not include its table, so the per-trim figures were cross-checked
 *   with the copy quoted in the Book Bolt knowledge base ("KDP publishing: minimum and maximum number of pages").
 * - Custom trims: any width from 4 to 8.5 in and height from 6 to 11.69 in (same KDP page).
 * - Kindle: reflowable; the nominal page (3.6 x 4.8 in, a 6-inch Kindle screen of 758 x 1024 px at 212 ppi)
 *   is used for previews only.
 */

/** Paper and ink of a KDP paperback (KDP "Print Options"). */
export type PaperType = 'white' | 'cream' | 'standard-color' | 'premium-color';

/** KDP paperback trims the issue names, by `<width>x<height>` in inches. */
export const KDP_TRIM_IDS = [
  '5x8',
  '5.25x8',
  '5.5x8.5',
  '6x9',
  '6.14x9.21',
  '6.69x9.61',
  '7x10',
  '7.44x9.69',
  '7.5x9.25',
  '8x10',
  '8.5x11',
] as const;

export type KdpTrimId = (typeof KDP_TRIM_IDS)[number];

/** Every trim size id: the spec's page sizes (letter, a4, kindle, custom) and the KDP trims. */
export type TrimSizeId = 'letter' | 'a4' | 'kindle' | 'custom' | KdpTrimId;

/**
 * One trim size. `kind`: `document` (US Letter, A4: academic papers, printable on KDP as well), `kdp`
 * (a KDP paperback trim), `reflowable` (Kindle: no fixed page), `custom` (the layout's own dimensions).
 * `maxPages` per paper, `null` where KDP does not print it (reflowable).
 */
export interface TrimSize {
  id: TrimSizeId;
  label: string;
  widthIn: number;
  heightIn: number;
  kind: 'document' | 'kdp' | 'reflowable' | 'custom';
  maxPages: Readonly<Record<PaperType, number>> | null;
}

/** KDP's minimum page count per paper (KDP "Print Options": 24, standard color 72). */
export const KDP_MIN_PAGES: Readonly<Record<PaperType, number>> = {
  white: 24,
  cream: 24,
  'standard-color': 72,
  'premium-color': 24,
};

/** Limits of most trims up to 8.25 in wide: 828 white, 776 cream, 600 standard color, 828 premium color. */
const COMMON_LIMITS = { white: 828, cream: 776, 'standard-color': 600, 'premium-color': 828 } as const;
/** 8.5 x 11 in (and US Letter): 590 white, 550 cream, 590 premium color. */
const LETTER_LIMITS = { white: 590, cream: 550, 'standard-color': 600, 'premium-color': 590 } as const;
/** 8.27 x 11.69 in (A4): 780 white, 730 cream, 590 premium color. */
const A4_LIMITS = { white: 780, cream: 730, 'standard-color': 600, 'premium-color': 590 } as const;

const MM_PER_IN = 25.4;

function kdp(id: KdpTrimId, widthIn: number, heightIn: number, maxPages: TrimSize['maxPages'] = COMMON_LIMITS): TrimSize {
  return { id, label: `${widthIn} x ${heightIn} in`, widthIn, heightIn, kind: 'kdp', maxPages };
}

/** Every trim size by id. */
export const trimSizes: Readonly<Record<TrimSizeId, TrimSize>> = {
  letter: { id: 'letter', label: 'US Letter (8.5 x 11 in)', widthIn: 8.5, heightIn: 11, kind: 'document', maxPages: LETTER_LIMITS },
  // ISO 216 A4 is 210 x 297 mm; KDP lists it as 8.27 x 11.69 in.
  a4: { id: 'a4', label: 'A4 (210 x 297 mm)', widthIn: 210 / MM_PER_IN, heightIn: 297 / MM_PER_IN, kind: 'document', maxPages: A4_LIMITS },
  kindle: { id: 'kindle', label: 'Kindle (reflowable)', widthIn: 3.6, heightIn: 4.8, kind: 'reflowable', maxPages: null },
  // The dimensions of a custom trim are the layout's own; these are the defaults offered first.
  custom: { id: 'custom', label: 'Custom', widthIn: 6, heightIn: 9, kind: 'custom', maxPages: COMMON_LIMITS },
  '5x8': kdp('5x8', 5, 8),
  '5.25x8': kdp('5.25x8', 5.25, 8),
  '5.5x8.5': kdp('5.5x8.5', 5.5, 8.5),
  '6x9': kdp('6x9', 6, 9),
  '6.14x9.21': kdp('6.14x9.21', 6.14, 9.21),
  '6.69x9.61': kdp('6.69x9.61', 6.69, 9.61),
  '7x10': kdp('7x10', 7, 10),
  '7.44x9.69': kdp('7.44x9.69', 7.44, 9.69),
  '7.5x9.25': kdp('7.5x9.25', 7.5, 9.25),
  '8x10': kdp('8x10', 8, 10),
  '8.5x11': kdp('8.5x11', 8.5, 11, LETTER_LIMITS),
};

/** KDP's custom trim range, inches (KDP "Print Options"). */
export const CUSTOM_TRIM_BOUNDS = { minWidthIn: 4, maxWidthIn: 8.5, minHeightIn: 6, maxHeightIn: 11.69 } as const;

/** Whether `id` names a trim size. */
export function isTrimSizeId(id: string): id is TrimSizeId {
  return Object.hasOwn(trimSizes, id);
}

/**
 * The size of the PDF page KDP expects, inches: the trim, plus the bleed on the outside edge (width + 0.125)
 * and on the top and bottom (height + 0.25) when the layout has bleed (KDP "Set Trim Size, Bleed, and
 * Margins", https://kdp.amazon.com/en_US/help/topic/G201834190).
 */
export function pageSizeWithBleed(layout: { trimWidthIn: number; trimHeightIn: number; bleedIn: number }): {
  widthIn: number;
  heightIn: number;
} {
  return { widthIn: layout.trimWidthIn + layout.bleedIn, heightIn: layout.trimHeightIn + 2 * layout.bleedIn };
}
