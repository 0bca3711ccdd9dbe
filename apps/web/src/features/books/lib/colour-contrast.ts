/**
 * Contrast of a cover's type on its ground (WCAG 2.2 "relative luminance" and "contrast ratio"), so the editor can
 * warn before a title becomes hard to read on a store's thumbnail.
 */

/** Below this ratio the editor warns (WCAG 2.2 AA for normal text: 4.5:1). */
export const MIN_COVER_CONTRAST = 4.5;

/** Relative luminance of `#rrggbb`, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** Contrast ratio of two `#rrggbb` colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
