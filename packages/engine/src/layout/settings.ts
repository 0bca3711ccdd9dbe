/**
 * The spec's formatting settings (workspace spec section 3, "Settings fields"; bounds in section 5) and their
 * one-to-one mapping onto a {@link Layout}.
 *
 * The API validates settings with `FormattingSettingsSchema` of `@quire/contracts` (same shape, with the
 * bounds and messages); the engine takes them as already valid. Units: font size in points, line height as a
 * multiple, margins, paragraph indent and quote indent in inches, paragraph spacing in points.
 *
 * Extensions beyond the spec's fields, all optional: `trimSize` (a KDP trim when `pageSize` is `custom`),
 * `pageWidth`/`pageHeight` (inches, a custom trim), and the outside positions `top-right`, `bottom-outside`,
 * `top-outside` of `pageNumberPosition`.
 */
import { DEFAULT_FAMILY_FOR_GENERIC, getShippedFont } from './fonts.ts';
import type {
  ChapterBreak,
  ChapterNumberStyle,
  ChapterTitleFormat,
  DialogueFormat,
  EmphasisStyle,
  FolioPosition,
  Layout,
} from './layout.ts';
import { trimSizes, type KdpTrimId } from './trim-sizes.ts';

/** The spec's page sizes (section 9: letter, a4, kindle, custom). */
export type SettingsPageSize = 'letter' | 'a4' | 'kindle' | 'custom';

/** Page-number positions: the spec's three (top-center, bottom-center, bottom-right) and the outside ones. */
export type SettingsPageNumberPosition = Exclude<FolioPosition, 'none'>;

/** The spec's settings object of a formatting template (section 3), as the Format tab edits it. */
export interface FormattingSettings {
  /** Points, 8-20. */
  fontSize: number;
  /** Multiple of the font size, 1-3. */
  lineHeight: number;
  fontFamily: 'serif' | 'sans-serif' | 'monospace';
  /** Inches, 0.25-2 each. `marginLeft` is the inside margin of mirrored layouts, `marginRight` the outside. */
  marginTop: number;
  marginBottom: number;
  marginLeft: number;
  marginRight: number;
  pageSize: SettingsPageSize;
  /** With `pageSize: 'custom'`: a KDP trim. */
  trimSize?: KdpTrimId | undefined;
  /** With `pageSize: 'custom'` and no `trimSize`: the page, inches (KDP custom range 4-8.5 x 6-11.69). */
  pageWidth?: number | undefined;
  pageHeight?: number | undefined;
  chapterBreakType: ChapterBreak;
  chapterTitleFormat: ChapterTitleFormat;
  chapterNumberStyle: ChapterNumberStyle;
  /** First-line indent, inches, 0-1. */
  paragraphIndent: number;
  /** Space between paragraphs, points, 0-20. */
  paragraphSpacing: number;
  dropCapital: boolean;
  justifyText: boolean;
  /** Block-quotation indent, inches, 0-2. */
  quoteIndent: number;
  dialogueFormat: DialogueFormat;
  emphasisStyle: EmphasisStyle;
  includeHeaders: boolean;
  includeFooters: boolean;
  includePageNumbers: boolean;
  pageNumberPosition: SettingsPageNumberPosition;
}

const POINTS_PER_INCH = 72;

/** Drop capital height used when settings turn drop capitals on for a layout that had none, in lines. */
export const DEFAULT_DROP_CAP_LINES = 3;

/**
 * The settings view of a layout: what the Format tab shows for it. Lossless with `settingsToLayout`:
 * `settingsToLayout(layoutToSettings(l), l)` equals `l` (indents up to floating-point rounding).
 */
export function layoutToSettings(layout: Layout): FormattingSettings {
  const trim = trimSizes[layout.trimSizeId];
  const page: Pick<FormattingSettings, 'pageSize' | 'trimSize' | 'pageWidth' | 'pageHeight'> =
    layout.trimSizeId === 'letter' || layout.trimSizeId === 'a4' || layout.trimSizeId === 'kindle'
      ? { pageSize: layout.trimSizeId }
      : trim.kind === 'kdp'
        ? { pageSize: 'custom', trimSize: layout.trimSizeId as KdpTrimId }
        : { pageSize: 'custom', pageWidth: layout.trimWidthIn, pageHeight: layout.trimHeightIn };
  return {
    fontSize: layout.fontSizePt,
    lineHeight: layout.lineHeight,
    fontFamily: layout.fontFallback,
    marginTop: layout.marginTopIn,
    marginBottom: layout.marginBottomIn,
    marginLeft: layout.marginInsideIn,
    marginRight: layout.marginOutsideIn,
    ...page,
    chapterBreakType: layout.chapterBreak,
    chapterTitleFormat: layout.chapterTitleFormat,
    chapterNumberStyle: layout.chapterNumberStyle,
    paragraphIndent: (layout.paragraphIndentEm * layout.fontSizePt) / POINTS_PER_INCH,
    paragraphSpacing: layout.paragraphSpacingPt,
    dropCapital: layout.dropCapLines > 0,
    justifyText: layout.justify,
    quoteIndent: layout.quoteIndentIn,
    dialogueFormat: layout.dialogueFormat,
    emphasisStyle: layout.emphasisStyle,
    includeHeaders: layout.runningHeads,
    includeFooters: layout.runningFeet,
    includePageNumbers: layout.folioPosition !== 'none',
    pageNumberPosition: layout.folioPosition === 'none' ? 'bottom-center' : layout.folioPosition,
  };
}

/**
 * The page of the settings: the trim id and its dimensions. `custom` keeps `base`'s own trim when neither
 * `trimSize` nor `pageWidth`/`pageHeight` is given.
 */
function pageOf(settings: FormattingSettings, base: Layout): Pick<Layout, 'trimSizeId' | 'trimWidthIn' | 'trimHeightIn'> {
  if (settings.pageSize !== 'custom') {
    const trim = trimSizes[settings.pageSize];
    return { trimSizeId: trim.id, trimWidthIn: trim.widthIn, trimHeightIn: trim.heightIn };
  }
  if (settings.trimSize) {
    const trim = trimSizes[settings.trimSize];
    return { trimSizeId: trim.id, trimWidthIn: trim.widthIn, trimHeightIn: trim.heightIn };
  }
  if (settings.pageWidth !== undefined && settings.pageHeight !== undefined) {
    return { trimSizeId: 'custom', trimWidthIn: settings.pageWidth, trimHeightIn: settings.pageHeight };
  }
  const kept = trimSizes[base.trimSizeId].kind;
  return kept === 'kdp' || kept === 'custom'
    ? { trimSizeId: base.trimSizeId, trimWidthIn: base.trimWidthIn, trimHeightIn: base.trimHeightIn }
    : { trimSizeId: 'custom', trimWidthIn: base.trimWidthIn, trimHeightIn: base.trimHeightIn };
}

/**
 * Map the spec's settings onto `base`, field by field (workspace spec section 3):
 * fontSize -> fontSizePt; lineHeight -> lineHeight; fontFamily -> fontFallback (and `fontFamily`: base's
 * family when it is of that generic, else the shipped default: Tinos, Inter, JetBrains Mono);
 * marginTop/Bottom/Left/Right -> marginTopIn/BottomIn/InsideIn/OutsideIn; pageSize (+ trimSize, pageWidth,
 * pageHeight) -> trimSizeId, trimWidthIn, trimHeightIn (a Kindle page is one-sided, without bleed, and never
 * leaves blank versos); chapterBreakType -> chapterBreak; chapterTitleFormat, chapterNumberStyle ->
 * the same; paragraphIndent (in) -> paragraphIndentEm (at the new font size); paragraphSpacing ->
 * paragraphSpacingPt; dropCapital -> dropCapLines (base's height, or 3 lines); justifyText -> justify;
 * quoteIndent -> quoteIndentIn; dialogueFormat, emphasisStyle -> the same; includeHeaders -> runningHeads;
 * includeFooters -> runningFeet; includePageNumbers + pageNumberPosition -> folioPosition (`none` when off).
 * Every other field (fonts of headings, ornament, academic flags ...) is `base`'s. The result keeps `base`'s id
 * and name. Bounds are not checked here: the API validates with `FormattingSettingsSchema`.
 * @returns a new layout; `base` is not changed.
 */
export function settingsToLayout(settings: FormattingSettings, base: Layout): Layout {
  const page = pageOf(settings, base);
  const reflowable = trimSizes[page.trimSizeId].kind === 'reflowable';
  const generic = settings.fontFamily;
  const fontFamily = getShippedFont(base.fontFamily).generic === generic ? base.fontFamily : DEFAULT_FAMILY_FOR_GENERIC[generic];
  return {
    ...base,
    ...page,
    ...(reflowable ? { mirrorMargins: false, bleedIn: 0, chapterOpensRecto: false } : {}),
    fontSizePt: settings.fontSize,
    lineHeight: settings.lineHeight,
    fontFallback: generic,
    fontFamily,
    marginTopIn: settings.marginTop,
    marginBottomIn: settings.marginBottom,
    marginInsideIn: settings.marginLeft,
    marginOutsideIn: settings.marginRight,
    chapterBreak: settings.chapterBreakType,
    chapterTitleFormat: settings.chapterTitleFormat,
    chapterNumberStyle: settings.chapterNumberStyle,
    paragraphIndentEm: (settings.paragraphIndent * POINTS_PER_INCH) / settings.fontSize,
    paragraphSpacingPt: settings.paragraphSpacing,
    dropCapLines: settings.dropCapital ? base.dropCapLines || DEFAULT_DROP_CAP_LINES : 0,
    justify: settings.justifyText,
    quoteIndentIn: settings.quoteIndent,
    dialogueFormat: settings.dialogueFormat,
    emphasisStyle: settings.emphasisStyle,
    runningHeads: settings.includeHeaders,
    runningFeet: settings.includeFooters,
    folioPosition: settings.includePageNumbers ? settings.pageNumberPosition : 'none',
  };
}

/** A first-line indent given in inches, as em of a `fontSizePt` font (Layout's unit). */
export function indentEm(inches: number, fontSizePt: number): number {
  return (inches * POINTS_PER_INCH) / fontSizePt;
}
