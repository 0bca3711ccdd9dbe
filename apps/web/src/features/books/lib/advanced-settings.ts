/**
 * The Advanced Custom form's vocabulary (workspace spec section 3, "Settings fields"; bounds in section 5): labels of
 * each choice, the page-size choice that joins `pageSize` with a KDP trim or a custom page, and margin wording that
 * says inside/outside for print layouts (their margins are mirrored: `marginLeft` is the inside, `marginRight` the
 * outside margin, engine `settingsToLayout`).
 */
import {
  KDP_TRIM_SIZES,
  SETTINGS_BOUNDS,
  type FontDefault,
  type FormattingSettings,
} from '@quire/contracts';

/** Labels of the choices of each enum setting, in the contracts' order. */
export const CHOICE_LABELS = {
  chapterBreakType: { 'page-break': 'New page', 'line-break': 'Extra space', decorative: 'Ornament' },
  chapterTitleFormat: { centered: 'Centred', left: 'Flush left', decorated: 'Decorated' },
  chapterNumberStyle: { roman: 'Roman (IV)', arabic: 'Arabic (4)', none: 'No number' },
  dialogueFormat: { standard: 'Standard “quotes”', french: 'French «guillemets»', minimal: 'Minimal — dashes' },
  emphasisStyle: { italic: 'Italic', bold: 'Bold', underline: 'Underline' },
  pageNumberPosition: {
    'top-center': 'Top centre',
    'bottom-center': 'Bottom centre',
    'bottom-right': 'Bottom right',
    'top-right': 'Top right',
    'bottom-outside': 'Bottom outside',
    'top-outside': 'Top outside',
  },
} as const satisfies { [K in keyof FormattingSettings]?: Record<FormattingSettings[K] & string, string> };

export type ChoiceField = keyof typeof CHOICE_LABELS;

/** Generic names of the font families. */
export const FONT_GENERIC_LABEL: Readonly<Record<FormattingSettings['fontFamily'], string>> = {
  serif: 'Serif',
  'sans-serif': 'Sans-serif',
  monospace: 'Monospace',
};

/**
 * The label of a font-family choice, naming the font used: `Serif — Garamond (set in EB Garamond, a similar
 * design)` when `generic` is the starting layout's own (`base`), else the font the server sets that generic in
 * (`GET /api/fonts`); only the generic's name while those are not known.
 */
export function fontChoiceLabel(
  generic: FormattingSettings['fontFamily'],
  base: { generic: FormattingSettings['fontFamily']; fontLabel: string } | null,
  defaults: readonly FontDefault[] | undefined,
): string {
  const font = base && base.generic === generic ? base.fontLabel : defaults?.find((f) => f.generic === generic)?.label;
  return font ? `${FONT_GENERIC_LABEL[generic]} — ${font}` : FONT_GENERIC_LABEL[generic];
}

/** The page choices of the form: the spec's sizes, each KDP paperback trim, and a custom page. */
export type PageChoice = 'letter' | 'a4' | 'kindle' | `trim:${(typeof KDP_TRIM_SIZES)[number]}` | 'custom-size';

/** The page choices in the order the select lists them, grouped, with their labels. */
export const PAGE_CHOICE_GROUPS: readonly { label: string; choices: readonly { value: PageChoice; label: string }[] }[] = [
  {
    label: 'Documents and e-books',
    choices: [
      { value: 'letter', label: 'US Letter (8.5 x 11 in)' },
      { value: 'a4', label: 'A4 (8.27 x 11.69 in)' },
      { value: 'kindle', label: 'Kindle (reflowable e-book)' },
    ],
  },
  {
    label: 'KDP paperback trims',
    choices: KDP_TRIM_SIZES.map((trim) => ({ value: `trim:${trim}` as const, label: `${trim.replace('x', ' x ')} in` })),
  },
  { label: 'Custom', choices: [{ value: 'custom-size', label: 'Custom size…' }] },
];

/** The page choice the settings stand for. A `custom` page with neither trim nor size keeps the layout's trim. */
export function pageChoiceOf(settings: FormattingSettings): PageChoice {
  if (settings.pageSize !== 'custom') return settings.pageSize;
  if (settings.trimSize) return `trim:${settings.trimSize}`;
  return 'custom-size';
}

/**
 * The settings with another page: `pageSize` and, for `custom`, a KDP `trimSize` or `pageWidth`/`pageHeight`
 * (inches; starting from 6 x 9 in). Fields of the other kinds are dropped, as the contract requires
 * (`trimSize` and the page size apply only when the page size is custom).
 */
export function withPageChoice(settings: FormattingSettings, choice: PageChoice): FormattingSettings {
  const { trimSize: _t, pageWidth: _w, pageHeight: _h, ...rest } = settings;
  if (choice === 'letter' || choice === 'a4' || choice === 'kindle') return { ...rest, pageSize: choice };
  if (choice === 'custom-size') {
    return { ...rest, pageSize: 'custom', pageWidth: settings.pageWidth ?? 6, pageHeight: settings.pageHeight ?? 9 };
  }
  return { ...rest, pageSize: 'custom', trimSize: choice.slice('trim:'.length) as FormattingSettings['trimSize'] };
}

/** Whether the settings describe a printed book with mirrored margins (a KDP or custom trim): inside/outside wording. */
export function isPrintLayout(settings: Pick<FormattingSettings, 'pageSize'>): boolean {
  return settings.pageSize === 'custom';
}

/** The four margin fields with their labels: inside/outside (gutter) for print layouts, left/right otherwise. */
export function marginFields(settings: Pick<FormattingSettings, 'pageSize'>): { field: 'marginTop' | 'marginBottom' | 'marginLeft' | 'marginRight'; label: string }[] {
  const print = isPrintLayout(settings);
  return [
    { field: 'marginTop', label: SETTINGS_BOUNDS.marginTop.label },
    { field: 'marginBottom', label: SETTINGS_BOUNDS.marginBottom.label },
    { field: 'marginLeft', label: print ? 'Inside (gutter) margin' : SETTINGS_BOUNDS.marginLeft.label },
    { field: 'marginRight', label: print ? 'Outside margin' : SETTINGS_BOUNDS.marginRight.label },
  ];
}

/** A number as the form shows it, with the bound's unit: `11 pt`, `1.2`, `0.625 in`. */
export function formatSetting(value: number, unit: string): string {
  const n = Number(value.toFixed(3));
  return unit ? `${n} ${unit}` : String(n);
}
