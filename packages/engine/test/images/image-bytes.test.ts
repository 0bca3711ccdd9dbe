/** Image types by magic bytes, pixel sizes from headers, and the fitting rule shared by the print writers. */
import { describe, expect, it } from 'vitest';
import { fitImage, imageDimensions, sniffImageType } from '../../src/model/image-bytes.ts';
import { HOSTILE_SVG, png } from './fixtures.ts';

/** The smallest GIF and lossless WebP (1 x 1 pixel), as published widely. */
const GIF_1X1 = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const WEBP_1X1 = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

describe('sniffImageType and imageDimensions', () => {
  it('knows PNG, GIF and WebP by their bytes and reads their sizes', () => {
    expect(sniffImageType(png(33, 7))).toBe('image/png');
    expect(imageDimensions(png(33, 7))).toEqual({ width: 33, height: 7 });
    expect(sniffImageType(GIF_1X1)).toBe('image/gif');
    expect(imageDimensions(GIF_1X1)).toEqual({ width: 1, height: 1 });
    expect(sniffImageType(WEBP_1X1)).toBe('image/webp');
    expect(imageDimensions(WEBP_1X1)).toEqual({ width: 1, height: 1 });
  });

  it('refuses SVG, text, a PNG signature on a broken header, and empty input', () => {
    expect(sniffImageType(Buffer.from(HOSTILE_SVG))).toBeUndefined();
    expect(imageDimensions(Buffer.from(HOSTILE_SVG))).toBeUndefined();
    expect(sniffImageType(Buffer.from('not a picture'))).toBeUndefined();
    const broken = png(10, 10).slice(0, 12);
    expect(sniffImageType(broken)).toBe('image/png');
    expect(imageDimensions(broken)).toBeUndefined();
    expect(imageDimensions(new Uint8Array(0))).toBeUndefined();
  });
});

describe('fitImage', () => {
  it('shows pixels at 96 per inch, scaled down (never up) into the box, aspect kept', () => {
    expect(fitImage({ width: 96, height: 48 }, 4, 5)).toEqual({ widthIn: 1, heightIn: 0.5 });
    expect(fitImage({ width: 960, height: 480 }, 4, 5)).toEqual({ widthIn: 4, heightIn: 2 });
    const tall = fitImage({ width: 100, height: 2000 }, 4, 5);
    expect(tall.heightIn).toBeCloseTo(5, 10);
    expect(tall.widthIn).toBeCloseTo(0.25, 10);
  });
});
