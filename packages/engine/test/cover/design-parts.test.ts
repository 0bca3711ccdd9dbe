/**
 * The parts of a cover design that are pure data: palettes (contrast of type on ground), the template chosen for each
 * AI style, and Quire's generative artwork (deterministic per seed and style, different between them).
 */
import { describe, expect, it } from 'vitest';
import { ALL_PALETTES, contrastRatio, coverTemplateForStyle, defaultPalette, generativeArtworkSvg, suggestedPalettes } from '../../src/index.ts';

describe('palettes', () => {
  it('keeps every palette\'s type at 7:1 or more on its ground (WCAG AAA, for a title read as a thumbnail)', () => {
    for (const { name, palette } of ALL_PALETTES) {
      expect(contrastRatio(palette.text, palette.background), name).toBeGreaterThanOrEqual(7);
    }
  });

  it('offers six palettes for every genre, and the general ones for an unknown genre', () => {
    for (const genre of ['literature', 'philosophy', 'devotional', 'history', 'biography', 'general']) {
      expect(suggestedPalettes(genre)).toHaveLength(6);
    }
    expect(suggestedPalettes('cookery')).toEqual(suggestedPalettes('general'));
    expect(suggestedPalettes(null)).toEqual(suggestedPalettes('general'));
  });

  it('starts the light templates on a light ground and the dark ones on a dark ground', () => {
    const light = (hex: string) => contrastRatio(hex, '#000000') > contrastRatio(hex, '#ffffff');
    for (const genre of ['literature', 'history', 'general']) {
      expect(light(defaultPalette('elegant', null, genre).background)).toBe(true);
      expect(light(defaultPalette('academic', null, genre).background)).toBe(true);
      expect(light(defaultPalette('bold', null, genre).background)).toBe(false);
      expect(light(defaultPalette('classic', null, genre).background)).toBe(false);
    }
  });

  it('sets each AI style with its own template', () => {
    expect(new Set((['classic', 'modern', 'minimalist', 'vintage'] as const).map(coverTemplateForStyle)).size).toBe(4);
  });
});

describe('generative artwork', () => {
  const palette = { background: '#1f3a2e', text: '#f3ecd9', accent: '#c9a44c' };
  const styles = ['classic', 'modern', 'minimalist', 'vintage'] as const;

  it('draws the same picture for the same book and style, and another for another book', () => {
    for (const style of styles) {
      const a = generativeArtworkSvg(style, 'book-a', palette, 5, 4);
      expect(generativeArtworkSvg(style, 'book-a', palette, 5, 4)).toBe(a);
      if (style !== 'classic') expect(generativeArtworkSvg(style, 'book-b', palette, 5, 4)).not.toBe(a);
      expect(a).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 1000 800"/);
    }
    // The classic medallion varies in its ray count, rosette and position.
    expect(generativeArtworkSvg('classic', 'book-b', palette, 5, 4)).not.toBe(generativeArtworkSvg('classic', 'book-a', palette, 5, 4));
  });

  it('draws four different pictures for the four styles, in the palette\'s colours only and their mixes', () => {
    const svgs = styles.map((s) => generativeArtworkSvg(s, 'book-a', palette, 5, 4));
    expect(new Set(svgs).size).toBe(4);
    for (const svg of svgs) {
      expect(svg).toContain(palette.background);
      expect(svg).not.toMatch(/<script|<image|href=/);
    }
  });
});
