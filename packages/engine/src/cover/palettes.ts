/**
 * Cover palettes: a few tested combinations per genre (workspace spec section 3 genre values), and the default of
 * each template and AI style. Every palette keeps the type readable on its ground: the contrast ratio of `text` on
 * `background` is at least 7:1 (WCAG 2.2 AAA, the bar for a title read as a 160 px thumbnail; a test checks it).
 */
import type { CoverColours, CoverStyleName, CoverTemplateName } from './design.ts';

/** A named palette offered to the user. */
export interface NamedPalette {
  name: string;
  palette: CoverColours;
}

const P = (name: string, background: string, text: string, accent: string): NamedPalette => ({ name, palette: { background, text, accent } });

/** Palettes by their role, shared by the genres. */
const PALETTES = {
  ivory: P('Ivory and ink', '#f6f0e1', '#1d1a16', '#8a6d3b'),
  oxblood: P('Oxblood and gold', '#5a1620', '#f7eedb', '#d4af5a'),
  forest: P('Forest cloth', '#1f3a2e', '#f3ecd9', '#c9a44c'),
  navy: P('Navy and brass', '#14213d', '#f5f1e6', '#d1a545'),
  slate: P('Slate', '#2b2f36', '#f2f2ee', '#e07a3f'),
  parchment: P('Parchment', '#ede3cc', '#2a1f14', '#7a2e1f'),
  midnight: P('Midnight violet', '#1c1533', '#f4efe6', '#b9a3e3'),
  sky: P('Morning sky', '#e8eef4', '#13233a', '#2f6690'),
  terracotta: P('Terracotta', '#f3e4d3', '#2b1a12', '#b5522e'),
  charcoal: P('Charcoal and lime', '#161616', '#f4f4f0', '#c6e14b'),
} as const;

type PaletteId = keyof typeof PALETTES;

/** The palettes offered for each genre, the first being the genre's default. */
const BY_GENRE: Readonly<Record<string, readonly PaletteId[]>> = {
  literature: ['oxblood', 'ivory', 'forest', 'navy', 'midnight', 'terracotta'],
  philosophy: ['ivory', 'slate', 'navy', 'parchment', 'charcoal', 'oxblood'],
  devotional: ['parchment', 'navy', 'ivory', 'oxblood', 'sky', 'forest'],
  history: ['parchment', 'forest', 'oxblood', 'navy', 'ivory', 'slate'],
  biography: ['navy', 'ivory', 'terracotta', 'slate', 'oxblood', 'sky'],
  general: ['navy', 'ivory', 'slate', 'terracotta', 'forest', 'charcoal'],
};

/** The ground each template is designed on: its default palette is the genre's first of that ground. */
const TEMPLATE_GROUND: Readonly<Record<CoverTemplateName, 'light' | 'dark' | 'any'>> = {
  elegant: 'light',
  bold: 'dark',
  academic: 'light',
  classic: 'dark',
};

/** Each AI style's palette family. */
const STYLE_PALETTES: Readonly<Record<CoverStyleName, PaletteId>> = {
  classic: 'oxblood',
  modern: 'charcoal',
  minimalist: 'ivory',
  vintage: 'parchment',
};

/** The text template that sets an AI style's words around its artwork. */
const STYLE_TEMPLATES: Readonly<Record<CoverStyleName, CoverTemplateName>> = {
  classic: 'classic',
  modern: 'bold',
  minimalist: 'elegant',
  vintage: 'academic',
};

/** Relative luminance of `#rrggbb` (WCAG 2.2, "relative luminance"). */
export function relativeLuminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** Contrast ratio of two `#rrggbb` colours, 1 to 21 (WCAG 2.2, "contrast ratio"). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const isLight = (hex: string) => relativeLuminance(hex) > 0.35;

/** The palettes offered for a genre (unknown or null genre: the general ones), copies the caller may keep. */
export function suggestedPalettes(genre: string | null | undefined): NamedPalette[] {
  const ids = BY_GENRE[genre ?? 'general'] ?? BY_GENRE.general!;
  return ids.map((id) => ({ name: PALETTES[id].name, palette: { ...PALETTES[id].palette } }));
}

/**
 * The palette a new cover starts with: an AI style's own family, else the first of the genre's palettes whose
 * ground suits the template (the elegant and academic designs are set on a light ground, bold and classic on a dark one).
 */
export function defaultPalette(template: CoverTemplateName, style: CoverStyleName | null, genre: string | null | undefined): CoverColours {
  if (style) return { ...PALETTES[STYLE_PALETTES[style]].palette };
  const ground = TEMPLATE_GROUND[template];
  const offered = suggestedPalettes(genre);
  const fit = offered.find((p) => ground === 'any' || (ground === 'light') === isLight(p.palette.background));
  return (fit ?? offered[0]!).palette;
}

/** The text template that sets the words of a cover in AI style `style`. */
export function coverTemplateForStyle(style: CoverStyleName): CoverTemplateName {
  return STYLE_TEMPLATES[style];
}

/** Every palette Quire offers (for the contrast test). */
export const ALL_PALETTES: readonly NamedPalette[] = Object.values(PALETTES);
