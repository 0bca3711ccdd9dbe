/**
 * Fonts of the print PDF: every family of the layout fonts registry (`layout/fonts.ts`).
 *
 * The Typst compiler always sees the host's system fonts as well and cannot be told to ignore them
 * (typst-ts `CompileArgs` has only `fontArgs`), so the template names only registry families and sets
 * `text(fallback: false)`: a glyph missing from our font prints as a blank box instead of silently
 * pulling in a host font. `pdffonts` on the test PDFs checks that only registry families are embedded.
 *
 * The compiler is given the TTF files as paths, not bytes: at creation it reads each file's name table
 * (the 20 files of the five families add no measurable time to the compiler's start, about 12 ms with
 * the host's fonts), and it reads a face's bytes only when a document first uses it, once per process: a
 * process that typesets only EB Garamond books never loads Inter.
 */
import { createRequire } from 'node:module';
import { fontFileSpecifiers, shippedFonts } from '../../layout/fonts.ts';
import type { Layout } from '../../layout/layout.ts';

const require = createRequire(import.meta.url);

/** Family names the print template may use: every family of the registry. */
export const SHIPPED_FONT_FAMILIES: readonly string[] = Object.keys(shippedFonts);

/** The layout fields that name a font family, each of which must be a registry family. */
export const LAYOUT_FONT_FIELDS = ['fontFamily', 'headingFontFamily', 'monoFontFamily'] as const satisfies readonly (keyof Layout)[];

/** Whether `family` is a family of the registry (exact name, as in the font's name table). */
export function isShippedFamily(family: string): boolean {
  return Object.hasOwn(shippedFonts, family);
}

let paths: string[] | undefined;

/**
 * Absolute paths of the TTF file of every style of every registry family, resolved from `node_modules`
 * once per process, for the compiler's `fontArgs: [{ fontPaths }]`.
 * @throws Error from `require.resolve` when a font package is not installed.
 */
export function shippedFontPaths(): string[] {
  paths ??= SHIPPED_FONT_FAMILIES.flatMap((family) => fontFileSpecifiers(family).map((spec) => require.resolve(spec)));
  return paths;
}

/**
 * The OpenType math font of equations: New Computer Modern Math, which the Typst compiler embeds (typst-assets;
 * `pdffonts` on a PDF with math lists `NewCMMath-Book`), so it needs no file of ours and no host font. The npm
 * packages of math fonts checked (`@fontsource/stix-two-math`, `@fontsource/libertinus-math`) ship WOFF/WOFF2
 * only, which Typst cannot load. A test compiles an equation and checks the font embedded.
 */
export const MATH_FONT_FAMILY = 'New Computer Modern Math';
