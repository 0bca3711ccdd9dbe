/**
 * Test helper: whether a TrueType font maps a code point to a glyph (its `cmap` table, formats 4 and 12;
 * OpenType spec, "cmap — Character to Glyph Index Mapping Table").
 */
import { readFileSync } from 'node:fs';

/** Whether the TTF at `path` has a glyph for every character of `text` (spaces excepted). */
export function fontHasGlyphs(path: string, text: string): boolean {
  const bytes = readFileSync(path);
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let cmap = -1;
  for (let i = 0; i < dv.getUint16(4); i++) {
    const rec = 12 + i * 16;
    if (bytes.toString('latin1', rec, rec + 4) === 'cmap') cmap = dv.getUint32(rec + 8);
  }
  if (cmap < 0) return false;
  const subtables = Array.from({ length: dv.getUint16(cmap + 2) }, (_, i) => cmap + dv.getUint32(cmap + 8 + i * 8));
  const glyph = (cp: number): number => {
    for (const st of subtables) {
      if (dv.getUint16(st) !== 12) continue;
      for (let k = 0; k < dv.getUint32(st + 12); k++) {
        const g = st + 16 + k * 12;
        if (cp >= dv.getUint32(g) && cp <= dv.getUint32(g + 4)) return dv.getUint32(g + 8) + cp - dv.getUint32(g);
      }
      return 0;
    }
    for (const st of subtables) {
      if (dv.getUint16(st) !== 4 || cp > 0xffff) continue;
      const segX2 = dv.getUint16(st + 6);
      const ends = st + 14;
      const starts = ends + segX2 + 2;
      const deltas = starts + segX2;
      const ranges = deltas + segX2;
      for (let k = 0; k < segX2 / 2; k++) {
        const start = dv.getUint16(starts + k * 2);
        if (cp < start || cp > dv.getUint16(ends + k * 2)) continue;
        const delta = dv.getInt16(deltas + k * 2);
        const range = dv.getUint16(ranges + k * 2);
        if (range === 0) return (cp + delta) & 0xffff;
        const g = dv.getUint16(ranges + k * 2 + range + (cp - start) * 2);
        return g === 0 ? 0 : (g + delta) & 0xffff;
      }
      return 0;
    }
    return 0;
  };
  return [...text].filter((c) => c.trim() !== '').every((c) => glyph(c.codePointAt(0)!) !== 0);
}
