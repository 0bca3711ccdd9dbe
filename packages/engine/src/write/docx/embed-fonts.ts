/**
 * Embedding the layout's shipped fonts (`layout/fonts.ts`) in the DOCX, so that Word and LibreOffice set the
 * text in the same faces, with the same metrics and line breaks, as the PDF — on machines without them too.
 *
 * ECMA-376 Part 1 §17.8.1 (font embedding) and Part 2 §11.1 (obfuscation): each face is a part
 * `word/fonts/fontN.odttf` of content type `application/vnd.openxmlformats-officedocument.obfuscatedFont`,
 * related from the font table, whose `w:font` entry names it in `w:embedRegular` / `w:embedBold` /
 * `w:embedItalic` / `w:embedBoldItalic` with the GUID key (`w:fontKey`) that obfuscates its first 32 bytes;
 * `w:embedTrueTypeFonts` in the settings tells Word to keep them when it saves.
 *
 * The keys are name-based UUIDs (v5) of family and style, not random, so the same book gives the same bytes.
 * Cost, measured on the proof books: about 0.9 MB a family once deflated (four styles of Tinos or EB Garamond).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { getShippedFont, type FontStyleName } from '../../layout/fonts.ts';
import { escapeXml } from '../html/escape.ts';
import { uuidV5 } from '../epub/identifier.ts';

const require = createRequire(import.meta.url);

/** The font-table element of each style, in CT_Font's schema order (§17.8.3.10). */
const EMBED_ELEMENTS: ReadonlyArray<readonly [FontStyleName, string]> = [
  ['regular', 'w:embedRegular'],
  ['bold', 'w:embedBold'],
  ['italic', 'w:embedItalic'],
  ['boldItalic', 'w:embedBoldItalic'],
];

/** Metric-compatible alternatives of shipped fonts, for Word on a system without them (`w:altName`). */
const ALT_NAMES: Readonly<Record<string, { alt: string; family: 'roman' | 'swiss' | 'modern' }>> = {
  Tinos: { alt: 'Times New Roman', family: 'roman' },
  // Not metric-compatible, but the monospace face every Word has, so a listing keeps its columns.
  'JetBrains Mono': { alt: 'Courier New', family: 'modern' },
};

/** One embedded face: its part name, relationship id, key and obfuscated bytes. */
export interface EmbeddedFace {
  family: string;
  element: string;
  part: string;
  relId: string;
  /** `{XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX}`, upper case, as `w:fontKey` writes it. */
  key: string;
  bytes: Uint8Array;
}

/**
 * Obfuscate a font file with a GUID key (ECMA-376 Part 2 §11.1.2): the key's 16 bytes, taken from its hex digits
 * in reverse order, are XORed over the first 32 bytes of the file. The same operation undoes it.
 * @param key a GUID with or without braces and dashes.
 * @throws Error when the key does not have 32 hex digits.
 */
export function obfuscateFont(font: Uint8Array, key: string): Uint8Array {
  const hex = key.replace(/[{}-]/g, '');
  if (!/^[0-9a-fA-F]{32}$/.test(hex)) throw new Error(`Not a GUID: ${key}`);
  const keyBytes = (hex.match(/../g) as string[]).map((h) => parseInt(h, 16)).reverse();
  const out = new Uint8Array(font);
  for (let i = 0; i < Math.min(32, out.length); i++) out[i] = (out[i] as number) ^ (keyBytes[i % 16] as number);
  return out;
}

/** Obfuscated bytes of each face read so far, by family and style (the files never change while the process runs). */
const cache = new Map<string, Uint8Array>();

/** Every face of `families` to embed, numbered `font1.odttf`... in order. */
export function embeddedFaces(families: readonly string[]): EmbeddedFace[] {
  const out: EmbeddedFace[] = [];
  for (const family of families) {
    const font = getShippedFont(family);
    for (const [style, element] of EMBED_ELEMENTS) {
      const n = out.length + 1;
      const key = `{${uuidV5(`${font.family}\n${style}`).toUpperCase()}}`;
      let bytes = cache.get(key);
      if (!bytes) {
        bytes = obfuscateFont(readFileSync(require.resolve(`${font.package}/${font.files[style]}`)), key);
        cache.set(key, bytes);
      }
      out.push({ family: font.family, element, part: `fonts/font${n}.odttf`, relId: `rIdFont${n}`, key, bytes });
    }
  }
  return out;
}

/**
 * The font table's `w:font` entry of a family: metric-compatible `w:altName` when known, pitch, and the embedded
 * faces' relationships.
 */
export function fontEntry(family: string, faces: readonly EmbeddedFace[]): string {
  const known = ALT_NAMES[family];
  const embeds = faces.filter((f) => f.family === family).map((f) => `<${f.element} r:id="${f.relId}" w:fontKey="${f.key}"/>`);
  return (
    `<w:font w:name="${escapeXml(family)}">` +
    (known ? `<w:altName w:val="${escapeXml(known.alt)}"/><w:family w:val="${known.family}"/>` : '') +
    `<w:pitch w:val="${known?.family === 'modern' ? 'fixed' : 'variable'}"/>${embeds.join('')}</w:font>`
  );
}

/**
 * The font table with an entry for each family (replacing the library's own entry of that name, if any).
 * @param xml the text of `word/fontTable.xml` (its root declares the `r:` namespace).
 */
export function withFontEntries(xml: string, families: readonly string[], faces: readonly EmbeddedFace[]): string {
  let out = xml;
  for (const family of families) {
    const name = escapeXml(family).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    out = out.replace(new RegExp(`<w:font w:name="${name}">.*?</w:font>`), '');
    const entry = fontEntry(family, faces);
    out = /<w:fonts\b[^>]*\/>/.test(out) ? out.replace(/<w:fonts\b([^>]*)\/>/, `<w:fonts$1>${entry}</w:fonts>`) : out.replace('</w:fonts>', `${entry}</w:fonts>`);
  }
  return out;
}

/** The font table's relationships part, one relationship per embedded face. */
export function fontTableRels(faces: readonly EmbeddedFace[]): string {
  const rels = faces.map(
    (f) => `<Relationship Id="${f.relId}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/font" Target="${f.part}"/>`,
  );
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>`;
}

/** `[Content_Types].xml` with the default content type of `.odttf` parts, added when missing. */
export function withOdttfContentType(xml: string): string {
  if (/Extension="odttf"/.test(xml)) return xml;
  return xml.replace(/<Types\b[^>]*>/, (m) => `${m}<Default Extension="odttf" ContentType="application/vnd.openxmlformats-officedocument.obfuscatedFont"/>`);
}
