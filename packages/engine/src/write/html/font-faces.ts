/**
 * `@font-face` rules embedding the layout's shipped fonts (`layout/fonts.ts`) in the print HTML as `data:`
 * URIs, so a print engine (WeasyPrint, Prince, Paged.js) sets the book in the same faces, with the same
 * metrics, as the PDF — whatever fonts its machine has. Base64 grows each TTF by a third: Tinos's four styles
 * add about 2.6 MB, EB Garamond's about 2.5 MB.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { getShippedFont, type FontStyleName } from '../../layout/fonts.ts';
import type { Layout } from '../../layout/layout.ts';

const require = createRequire(import.meta.url);

/** CSS `font-weight` and `font-style` of each shipped style. */
const STYLE_DESCRIPTORS: Readonly<Record<FontStyleName, string>> = {
  regular: 'font-weight: 400; font-style: normal;',
  italic: 'font-weight: 400; font-style: italic;',
  bold: 'font-weight: 700; font-style: normal;',
  boldItalic: 'font-weight: 700; font-style: italic;',
};

/** Base64 of each font file read so far (the files never change while the process runs). */
const cache = new Map<string, string>();

function fileBase64(specifier: string): string {
  let data = cache.get(specifier);
  if (data === undefined) {
    data = readFileSync(require.resolve(specifier)).toString('base64');
    cache.set(specifier, data);
  }
  return data;
}

/** The distinct text families of a layout: body, then headings when different (monospace is not embedded). */
export function layoutTextFamilies(layout: Pick<Layout, 'fontFamily' | 'headingFontFamily'>): string[] {
  return [...new Set([layout.fontFamily, layout.headingFontFamily])];
}

/**
 * One `@font-face` rule per style (regular, italic, bold, bold italic) of the layout's body and heading
 * families, each with its TTF as a `data:font/ttf;base64,` URI.
 * @throws EngineError `WRITE_FAILED` when a family is not shipped; Error from `require.resolve` when its npm
 *   package is not installed.
 */
export function embeddedFontFaces(layout: Pick<Layout, 'fontFamily' | 'headingFontFamily'>): string {
  const rules: string[] = [];
  for (const family of layoutTextFamilies(layout)) {
    const font = getShippedFont(family);
    for (const [style, file] of Object.entries(font.files) as [FontStyleName, string][]) {
      const url = `data:font/ttf;base64,${fileBase64(`${font.package}/${file}`)}`;
      rules.push(`@font-face { font-family: "${font.family}"; ${STYLE_DESCRIPTORS[style]} src: url(${url}) format("truetype"); }`);
    }
  }
  return `${rules.join('\n')}\n`;
}
