/**
 * Fonts shipped with Quire: the registry every layout's `fontFamily`, `headingFontFamily` and
 * `monoFontFamily` must name, with the npm package and the TTF file of each style, and the commercial font
 * each family stands in for, so the UI can say which font is actually used ("Times New Roman (set in Tinos,
 * metric-compatible)").
 *
 * All families are OFL or Apache 2.0 and ship as TTF from `@expo-google-fonts/*` (the `@fontsource/*`
 * packages carry only WOFF/WOFF2, which Typst cannot load). Family names are the fonts' own name-table
 * family names (name ID 1), which Typst and CSS match on. A test checks every file listed here exists.
 */
import { EngineError } from '../errors.ts';

/** The four styles a writer needs. Files are paths inside `package`. */
export type FontStyleName = 'regular' | 'italic' | 'bold' | 'boldItalic';

/** One shipped family. */
export interface ShippedFont {
  /** Family name as in the font's name table (name ID 1), e.g. `EB Garamond`. */
  family: string;
  /** npm package that ships the TTF files. */
  package: string;
  /** TTF file of each style, relative to the package root. */
  files: Readonly<Record<FontStyleName, string>>;
  /** The commercial font this family stands in for in a spec or style guide, or `null` if none. */
  standsInFor: string | null;
  /** How the two relate: same metrics (line breaks match), or a similar design. */
  relation: 'metric-compatible' | 'similar-design' | 'original';
  /** CSS generic family. */
  generic: 'serif' | 'sans-serif' | 'monospace';
  /** Real small capitals (OpenType `smcp`); without them writers synthesise small caps from scaled capitals. */
  smallCaps: boolean;
  /**
   * The family's "single" line spacing, in em: (hhea ascender - descender + lineGap) / unitsPerEm of the regular
   * face, what Word and LibreOffice call single spacing (Times New Roman and Tinos: 1.15, so "double" at 12 pt
   * puts baselines 27.6 pt apart). A test reads it back from the TTF.
   */
  singleLineEm: number;
  licence: 'OFL-1.1' | 'Apache-2.0';
}

function files(prefix: string, dir: string): Record<FontStyleName, string> {
  return {
    regular: `400Regular/${prefix}_400Regular.ttf`,
    italic: `400Regular_Italic/${prefix}_400Regular_Italic.ttf`,
    bold: `${dir}/${prefix}_${dir}.ttf`,
    boldItalic: `${dir}_Italic/${prefix}_${dir}_Italic.ttf`,
  };
}

/** Every shipped family by family name. */
export const shippedFonts: Readonly<Record<string, ShippedFont>> = {
  // Tinos (Steve Matteson, Apache 2.0) shares Times New Roman's metrics: the face the spec's KDP 6x9 and all
  // four academic style guides name.
  Tinos: {
    family: 'Tinos',
    package: '@expo-google-fonts/tinos',
    files: files('Tinos', '700Bold'),
    standsInFor: 'Times New Roman',
    relation: 'metric-compatible',
    generic: 'serif',
    smallCaps: false,
    singleLineEm: 1.1499,
    licence: 'Apache-2.0',
  },
  // EB Garamond (Georg Duffner, OFL): a revival of Claude Garamont's roman, for the spec's KDP Fiction
  // "Garamond"; it has real small caps and fleurons (❦ ❧ ☙).
  'EB Garamond': {
    family: 'EB Garamond',
    package: '@expo-google-fonts/eb-garamond',
    files: files('EBGaramond', '700Bold'),
    standsInFor: 'Garamond',
    relation: 'similar-design',
    generic: 'serif',
    smallCaps: true,
    singleLineEm: 1.305,
    licence: 'OFL-1.1',
  },
  // Crimson Pro (Jacques Le Bailly, OFL): an old-style book face in the tradition of Minion, for the spec's
  // KDP Non-Fiction "Minion Pro" (Minion's metrics differ, so line breaks will not match Minion's).
  'Crimson Pro': {
    family: 'Crimson Pro',
    package: '@expo-google-fonts/crimson-pro',
    files: files('CrimsonPro', '700Bold'),
    standsInFor: 'Minion Pro',
    relation: 'similar-design',
    generic: 'serif',
    smallCaps: false,
    singleLineEm: 1.1113,
    licence: 'OFL-1.1',
  },
  // Inter (Rasmus Andersson, OFL): the sans for headings of modern designs and for sans-serif settings.
  Inter: {
    family: 'Inter',
    package: '@expo-google-fonts/inter',
    files: files('Inter', '700Bold'),
    standsInFor: null,
    relation: 'original',
    generic: 'sans-serif',
    smallCaps: false,
    singleLineEm: 1.21,
    licence: 'OFL-1.1',
  },
  // JetBrains Mono (OFL): code and monospaced settings.
  'JetBrains Mono': {
    family: 'JetBrains Mono',
    package: '@expo-google-fonts/jetbrains-mono',
    files: files('JetBrainsMono', '700Bold'),
    standsInFor: null,
    relation: 'original',
    generic: 'monospace',
    smallCaps: false,
    singleLineEm: 1.32,
    licence: 'OFL-1.1',
  },
};

/** The family used when the spec's settings ask for a generic family the current layout does not use. */
export const DEFAULT_FAMILY_FOR_GENERIC: Readonly<Record<ShippedFont['generic'], string>> = {
  serif: 'Tinos',
  'sans-serif': 'Inter',
  monospace: 'JetBrains Mono',
};

/**
 * The shipped family with this name.
 * @throws EngineError `WRITE_FAILED` when the family is not shipped (a layout naming it is a bug on our side;
 *   tests check every built-in layout).
 */
export function getShippedFont(family: string): ShippedFont {
  const font = shippedFonts[family];
  if (!font) throw new EngineError('WRITE_FAILED', `Font family "${family}" is not shipped with Quire`);
  return font;
}

/**
 * How the UI names a family: the commercial font it replaces and the font actually used, e.g.
 * `Times New Roman (set in Tinos, metric-compatible)`, or the family alone (`Inter`).
 * @throws EngineError `WRITE_FAILED` when the family is not shipped.
 */
export function describeFont(family: string): string {
  const font = getShippedFont(family);
  if (!font.standsInFor) return font.family;
  const how = font.relation === 'metric-compatible' ? 'metric-compatible' : 'a similar design';
  return `${font.standsInFor} (set in ${font.family}, ${how})`;
}

/**
 * Module specifiers (`<package>/<file>`) of every style of a family, for `require.resolve`.
 * @throws EngineError `WRITE_FAILED` when the family is not shipped.
 */
export function fontFileSpecifiers(family: string): string[] {
  const font = getShippedFont(family);
  return Object.values(font.files).map((file) => `${font.package}/${file}`);
}
