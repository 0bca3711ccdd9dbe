/**
 * Covers (issue "Covers a self-publisher can upload"): the geometry of KDP's full wrap, palettes, Quire's generative
 * artwork, the Typst designs of the four templates, and their rendering to an e-book JPEG and a wrap PDF.
 */
export type { CoverDesign, CoverTemplateName, CoverStyleName, CoverColours, CoverWords, CoverArtworkInput } from './design.ts';
export {
  wrapGeometry,
  artworkMinPx,
  checkArtworkSize,
  COVER_BLEED_IN,
  PAPER_THICKNESS_IN,
  SPINE_TEXT_MIN_PAGES,
  SPINE_FOLD_MARGIN_IN,
  MIN_COVER_TYPE_PT,
  COVER_SAFE_MARGIN_IN,
  BARCODE_AREA_IN,
  PRINT_DPI,
  SPINE_LINE_EM,
  EBOOK_COVER,
  EBOOK_COVER_LIMITS,
  type WrapGeometry,
  type WrapRect,
  type CoverPaper,
} from './geometry.ts';
export { defaultPalette, suggestedPalettes, coverTemplateForStyle, contrastRatio, ALL_PALETTES, type NamedPalette } from './palettes.ts';
export { generativeArtworkSvg } from './generative-art.ts';
export { coverTypst, EBOOK_PAGE_IN, type CoverTarget, type CoverSource } from './typst-cover.ts';
export { renderEbookCover, renderWrapCover, renderWrapPreview, renderCoverNow, type CoverJob, type CoverResult, type CoverRenderOptions } from './render.ts';
