/**
 * KDP's full-wrap geometry (KDP help "Create a Paperback Cover" and its calculator): the formula, the spine from the
 * page count and paper, the spine-text rule, the safe areas and the barcode area; the pixels an artwork needs.
 */
import { describe, expect, it } from 'vitest';
import { artworkMinPx, checkArtworkSize, wrapGeometry } from '../../src/index.ts';

describe('wrapGeometry', () => {
  it('sizes a 6 x 9 in wrap by KDP\'s formula: 0.125 + trim + spine + trim + 0.125 wide, trim + 0.25 high', () => {
    const g = wrapGeometry({ trimWidthIn: 6, trimHeightIn: 9, pageCount: 200, paperType: 'white' });
    expect(g.spineWidthIn).toBeCloseTo(200 * 0.002252, 4);
    expect(g.widthIn).toBeCloseTo(0.125 + 6 + 0.4504 + 6 + 0.125, 4);
    expect(g.heightIn).toBeCloseTo(9.25, 4);
    expect(g.front.xIn).toBeCloseTo(0.125 + 6 + 0.4504, 4);
    expect(g.front.xIn + g.front.widthIn + g.bleedIn).toBeCloseTo(g.widthIn, 4);
  });

  it('uses the cream paper\'s thickness and rounds an odd page count up to even', () => {
    const g = wrapGeometry({ trimWidthIn: 5.5, trimHeightIn: 8.5, pageCount: 211, paperType: 'cream' });
    expect(g.pageCount).toBe(212);
    expect(g.spineWidthIn).toBeCloseTo(212 * 0.0025, 4);
  });

  it('allows spine text only from 79 pages and only when 7 pt type fits 0.0625 in from each fold', () => {
    const short = wrapGeometry({ trimWidthIn: 6, trimHeightIn: 9, pageCount: 78, paperType: 'cream' });
    expect(short.spineText).toBe(false);
    // 80 pages: KDP allows text, but the spine (0.18 in) leaves 0.055 in between the folds' margins: under 7 pt.
    expect(wrapGeometry({ trimWidthIn: 6, trimHeightIn: 9, pageCount: 80, paperType: 'white' }).spineText).toBe(false);
    // White paper: 110 pages leave 6.8 pt of type between the folds' margins (at a 1.3 em body), 112 pages 7.04 pt.
    expect(wrapGeometry({ trimWidthIn: 6, trimHeightIn: 9, pageCount: 110, paperType: 'white' }).spineText).toBe(false);
    expect(wrapGeometry({ trimWidthIn: 6, trimHeightIn: 9, pageCount: 112, paperType: 'white' }).spineText).toBe(true);
    const wide = wrapGeometry({ trimWidthIn: 6, trimHeightIn: 9, pageCount: 300, paperType: 'white' });
    expect(wide.spineText).toBe(true);
    expect(wide.safe.spine.widthIn).toBeCloseTo(wide.spineWidthIn - 0.125, 4);
    expect(wide.safe.spine.widthIn * 72).toBeGreaterThanOrEqual(7 * 1.3);
  });

  it('keeps the barcode area 2 x 1.2 in at the lower right of the back cover, inside its safe area', () => {
    const g = wrapGeometry({ trimWidthIn: 6, trimHeightIn: 9, pageCount: 320, paperType: 'white' });
    expect(g.barcode.widthIn).toBe(2);
    expect(g.barcode.heightIn).toBe(1.2);
    expect(g.barcode.xIn + g.barcode.widthIn).toBeCloseTo(g.back.xIn + g.back.widthIn - 0.25, 4);
    expect(g.barcode.yIn + g.barcode.heightIn).toBeCloseTo(g.back.yIn + g.back.heightIn - 0.25, 4);
    expect(g.barcode.xIn).toBeGreaterThan(g.safe.back.xIn);
    expect(g.safe.front.xIn - g.front.xIn).toBeCloseTo(0.125, 4);
  });

  it('refuses a trim or page count that cannot be', () => {
    expect(() => wrapGeometry({ trimWidthIn: 0, trimHeightIn: 9, pageCount: 10, paperType: 'white' })).toThrow(RangeError);
    expect(() => wrapGeometry({ trimWidthIn: 6, trimHeightIn: 9, pageCount: 0, paperType: 'white' })).toThrow(RangeError);
  });
});

describe('artwork pixels', () => {
  it('asks for the front with its bleed at 300 dpi', () => {
    expect(artworkMinPx(6, 9)).toEqual({ widthPx: 1838, heightPx: 2775 });
    expect(artworkMinPx(5, 8)).toEqual({ widthPx: 1538, heightPx: 2475 });
  });

  it('accepts enough pixels and names the pixels needed otherwise, judging a cropped shape by its short side', () => {
    expect(checkArtworkSize(1838, 2775, 6, 9)).toBeNull();
    expect(checkArtworkSize(4000, 2775, 6, 9)).toBeNull();
    const refusal = checkArtworkSize(1024, 1536, 6, 9)!;
    expect(refusal).toContain('1024 x 1536 px');
    expect(refusal).toContain('1838 x 2775 px');
    expect(refusal).toMatch(/prints at 16\d dpi/);
    // Wide enough but too short: the image is scaled to the height, so the height decides.
    expect(checkArtworkSize(3000, 2000, 6, 9)).toContain('3000 x 2000 px');
  });
});
