import { describe, expect, it } from 'vitest';
import { wrapGeometry } from '../../../testing/cover-fixtures.ts';
import { inches, toPercent, wrapFigures, wrapGuides } from './wrap-guides.ts';

describe('wrapGuides', () => {
  const geometry = wrapGeometry(154);

  it('puts the trim line one bleed inside every edge', () => {
    const { trim } = wrapGuides(geometry);
    expect(trim.x).toBeCloseTo((0.125 / geometry.widthIn) * 100, 3);
    expect(trim.y).toBeCloseTo((0.125 / 9.25) * 100, 3);
    expect(trim.x + trim.width).toBeCloseTo(100 - trim.x, 2);
    expect(trim.y + trim.height).toBeCloseTo(100 - trim.y, 2);
  });

  it('puts the folds either side of the spine, and the barcode on the back', () => {
    const g = wrapGuides(geometry);
    expect(g.folds[0]).toBeCloseTo((6.125 / geometry.widthIn) * 100, 2);
    expect(g.folds[1] - g.folds[0]).toBeCloseTo((geometry.spineWidthIn / geometry.widthIn) * 100, 2);
    expect(g.barcode.x + g.barcode.width).toBeLessThan(g.folds[0]);
    expect(g.barcode.y + g.barcode.height).toBeLessThan(100);
  });

  it('converts a rectangle to percent of the wrap', () => {
    expect(toPercent({ xIn: 1, yIn: 2, widthIn: 5, heightIn: 5 }, { widthIn: 10, heightIn: 10 })).toEqual({ x: 10, y: 20, width: 50, height: 50 });
  });
});

describe('wrapFigures', () => {
  const value = (pages: number, label: string) => wrapFigures(wrapGeometry(pages)).find((f) => f.label === label)?.value;

  it('says the trim, pages, paper, spine width and whether the spine carries text', () => {
    expect(value(154, 'Trim')).toBe('6 x 9 in');
    expect(value(154, 'Pages')).toBe('154');
    expect(value(154, 'Paper')).toBe('White');
    expect(value(154, 'Spine width')).toBe('0.347 in');
    expect(value(154, 'Spine text')).toMatch(/^Yes/);
    expect(value(78, 'Spine text')).toBe('No: KDP allows spine text from 79 pages');
    expect(value(154, 'Full wrap')).toBe('12.597 x 9.25 in, 0.125 in bleed included');
  });

  it('a spine too narrow for type despite the page count', () => {
    const narrow = { ...wrapGeometry(80), spineText: false };
    expect(wrapFigures(narrow).find((f) => f.label === 'Spine text')?.value).toBe('No: the spine is too narrow for legible type');
  });

  it('writes inches without trailing zeros', () => {
    expect(inches(6)).toBe('6');
    expect(inches(8.5)).toBe('8.5');
    expect(inches(0.34680000001, 3)).toBe('0.347');
  });
});
