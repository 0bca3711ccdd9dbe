/**
 * The guides drawn over a paperback wrap preview and the figures shown beside it, from the wrap's geometry
 * (contracts `WrapGeometry`, inches from the wrap's top-left corner, bleed included; KDP help "Create a Paperback
 * Cover"). Pure: the overlay places each guide in percent of the wrap, so it scales with the image.
 */
import type { WrapGeometry, WrapRect } from '@quire/contracts';

/** Fewest pages for text on the spine (KDP help "Create a Paperback Cover": 79 pages or more). */
export const SPINE_TEXT_MIN_PAGES = 79;

/** A rectangle in percent of the wrap's width (x, width) and height (y, height). */
export type PercentRect = { x: number; y: number; width: number; height: number };

export type WrapGuides = {
  /** The trim: where the printed sheet is cut; what lies outside it is bleed. */
  trim: PercentRect;
  /** The two spine folds, percent from the left edge. */
  folds: [number, number];
  /** Where text may stand on the back, the spine and the front. */
  safe: { back: PercentRect; spine: PercentRect; front: PercentRect };
  /** The area kept empty for KDP's barcode. */
  barcode: PercentRect;
  /** The back, spine and front panels (for the labels under the preview). */
  panels: { back: PercentRect; spine: PercentRect; front: PercentRect };
};

const round = (n: number) => Math.round(n * 1000) / 1000;

/** `rect` in percent of the wrap. */
export function toPercent(rect: WrapRect, geometry: Pick<WrapGeometry, 'widthIn' | 'heightIn'>): PercentRect {
  return {
    x: round((rect.xIn / geometry.widthIn) * 100),
    y: round((rect.yIn / geometry.heightIn) * 100),
    width: round((rect.widthIn / geometry.widthIn) * 100),
    height: round((rect.heightIn / geometry.heightIn) * 100),
  };
}

export function wrapGuides(geometry: WrapGeometry): WrapGuides {
  const { bleedIn, widthIn, heightIn, spine } = geometry;
  const pct = (rect: WrapRect) => toPercent(rect, geometry);
  return {
    trim: pct({ xIn: bleedIn, yIn: bleedIn, widthIn: widthIn - 2 * bleedIn, heightIn: heightIn - 2 * bleedIn }),
    folds: [round((spine.xIn / widthIn) * 100), round(((spine.xIn + spine.widthIn) / widthIn) * 100)],
    safe: { back: pct(geometry.safe.back), spine: pct(geometry.safe.spine), front: pct(geometry.safe.front) },
    barcode: pct(geometry.barcode),
    panels: { back: pct(geometry.back), spine: pct(geometry.spine), front: pct(geometry.front) },
  };
}

/** Inches for people: `6`, `8.5`, `0.347` (at most `digits` decimals, no trailing zeros). */
export function inches(n: number, digits = 2): string {
  return String(Number(n.toFixed(digits)));
}

export type WrapFigure = { label: string; value: string };

/** What the paperback cover is sized from, in words: trim, pages, paper, spine width, spine text, full size. */
export function wrapFigures(geometry: WrapGeometry): WrapFigure[] {
  const spineText = geometry.spineText
    ? 'Yes: title and author run down the spine'
    : geometry.pageCount < SPINE_TEXT_MIN_PAGES
      ? `No: KDP allows spine text from ${SPINE_TEXT_MIN_PAGES} pages`
      : 'No: the spine is too narrow for legible type';
  return [
    { label: 'Trim', value: `${inches(geometry.trimWidthIn)} x ${inches(geometry.trimHeightIn)} in` },
    { label: 'Pages', value: geometry.pageCount.toLocaleString('en-US') },
    { label: 'Paper', value: geometry.paperType === 'cream' ? 'Cream' : 'White' },
    { label: 'Spine width', value: `${inches(geometry.spineWidthIn, 3)} in` },
    { label: 'Spine text', value: spineText },
    { label: 'Full wrap', value: `${inches(geometry.widthIn, 3)} x ${inches(geometry.heightIn, 3)} in, ${inches(geometry.bleedIn, 3)} in bleed included` },
  ];
}
