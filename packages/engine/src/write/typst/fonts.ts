/**
 * Fonts shipped with Quire for the print PDF.
 *
 * The Typst compiler always sees the host's system fonts as well and cannot be told to ignore them
 * (typst-ts `CompileArgs` has only `fontArgs`), so the template names only families listed here and
 * sets `text(fallback: false)`: a glyph missing from our font prints as a blank box instead of
 * silently pulling in a host font. `pdffonts` on every test PDF checks that only these are embedded.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * Font files per family name, as module specifiers resolved from `node_modules`.
 * Tinos (Apache 2.0, from `@expo-google-fonts/tinos`) is metric-compatible with Times New Roman,
 * the face named by the KDP 6x9 template of the product spec.
 */
const FONT_FILES: Readonly<Record<string, readonly string[]>> = {
  Tinos: [
    '@expo-google-fonts/tinos/400Regular/Tinos_400Regular.ttf',
    '@expo-google-fonts/tinos/400Regular_Italic/Tinos_400Regular_Italic.ttf',
    '@expo-google-fonts/tinos/700Bold/Tinos_700Bold.ttf',
    '@expo-google-fonts/tinos/700Bold_Italic/Tinos_700Bold_Italic.ttf',
  ],
};

/** Family names the print template may use (`Layout.fontFamily` must be one of them). */
export const SHIPPED_FONT_FAMILIES: readonly string[] = Object.keys(FONT_FILES);

/** Absolute paths of every shipped font file (TTF), resolved from `node_modules`. */
export function shippedFontPaths(): string[] {
  return Object.values(FONT_FILES).flatMap((specs) => specs.map((spec) => require.resolve(spec)));
}

let blobs: Buffer[] | undefined;

/**
 * The bytes of every shipped font file, read once per process (about 2.6 MB for Tinos), for the
 * compiler's `fontArgs: [{ fontBlobs }]`.
 * @throws Error from `require.resolve` or `readFileSync` when a font package is not installed.
 */
export function shippedFontBlobs(): Buffer[] {
  blobs ??= shippedFontPaths().map((path) => readFileSync(path));
  return blobs;
}
