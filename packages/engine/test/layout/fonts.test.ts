import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { describeFont, fontFileSpecifiers, getShippedFont, shippedFonts } from '../../src/layout/fonts.ts';
import { layouts } from '../../src/layout/index.ts';
import { EngineError } from '../../src/errors.ts';
import { fontHasGlyphs } from './cmap.ts';

const require = createRequire(import.meta.url);

describe('shipped fonts', () => {
  it.each(Object.keys(shippedFonts))('every file of %s exists on disk', (family) => {
    const paths = fontFileSpecifiers(family).map((spec) => require.resolve(spec));
    expect(paths).toHaveLength(4);
    for (const path of paths) expect(existsSync(path), path).toBe(true);
  });

  it.each(Object.keys(shippedFonts))('the single line spacing of %s is the one its regular face declares (hhea)', (family) => {
    const font = shippedFonts[family]!;
    const bytes = readFileSync(require.resolve(`${font.package}/${font.files.regular}`));
    const tables = new Map<string, number>();
    for (let i = 0; i < bytes.readUInt16BE(4); i++) tables.set(bytes.toString('latin1', 12 + 16 * i, 16 + 16 * i), bytes.readUInt32BE(20 + 16 * i));
    const unitsPerEm = bytes.readUInt16BE(tables.get('head')! + 18);
    const hhea = tables.get('hhea')!;
    const lineEm = (bytes.readInt16BE(hhea + 4) - bytes.readInt16BE(hhea + 6) + bytes.readInt16BE(hhea + 8)) / unitsPerEm;
    expect(font.singleLineEm).toBeCloseTo(lineEm, 3);
  });

  it('names the commercial font each stands in for, for the UI', () => {
    expect(describeFont('Tinos')).toBe('Times New Roman (set in Tinos, metric-compatible)');
    expect(describeFont('EB Garamond')).toBe('Garamond (set in EB Garamond, a similar design)');
    expect(describeFont('Crimson Pro')).toBe('Minion Pro (set in Crimson Pro, a similar design)');
    expect(describeFont('Inter')).toBe('Inter');
    expect(() => getShippedFont('Times New Roman')).toThrow(EngineError);
  });

  it.each(Object.keys(layouts))('%s names only shipped families, of the generic it declares', (id) => {
    const layout = layouts[id]!;
    expect(getShippedFont(layout.fontFamily).generic).toBe(layout.fontFallback);
    expect(getShippedFont(layout.headingFontFamily)).toBeDefined();
    expect(getShippedFont(layout.monoFontFamily).generic).toBe('monospace');
  });

  // The Typst writer never falls back to a host font, so a glyph missing from the font prints as a box.
  it.each(Object.keys(layouts))('the ornament of %s exists in its body and heading fonts', (id) => {
    const layout = layouts[id]!;
    for (const family of [layout.fontFamily, layout.headingFontFamily]) {
      const regular = require.resolve(`${getShippedFont(family).package}/${getShippedFont(family).files.regular}`);
      expect(fontHasGlyphs(regular, layout.ornament), `${layout.ornament} in ${family}`).toBe(true);
    }
  });

  it('the glyph check can fail: Tinos has no fleuron', () => {
    const tinos = require.resolve(`@expo-google-fonts/tinos/${shippedFonts.Tinos!.files.regular}`);
    expect(fontHasGlyphs(tinos, '❦')).toBe(false);
    expect(fontHasGlyphs(tinos, '*')).toBe(true);
  });
});
