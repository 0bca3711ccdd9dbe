/**
 * @quire/engine: the book pipeline, the only public surface of this package.
 * bytes --readText--> text --cleanText--> Markdown --parseMarkdown--> BookDocument --write*--> files.
 * A test (`test/public-api.test.ts`) pins these export names.
 */
export type { BookDocument, BookMeta, BookAsset, Block, Inline, Chapter, Part, Section, Division, DivisionKind } from './model/book-document.ts';
export { inlineText, allChapters, chapterHeadingText } from './model/book-document.ts';
export type { TableBlock, TableCell, TableRow, TableColumn, CellAlign, AuthorCredit, PaperDetails } from './model/book-document.ts';
export { Diagnostics, diagnosticLine, DIAGNOSTIC_CODES, type Diagnostic, type DiagnosticCode } from './model/diagnostics.ts';
export { numberDocument, type DocumentNumbering, type NumberedTarget } from './model/numbering.ts';
export { sniffImageType, imageDimensions, imagePixelProblem, MAX_IMAGE_PIXELS, type ImageDimensions } from './model/image-bytes.ts';
export { EngineError, type EngineErrorCode } from './errors.ts';
export type {
  Layout,
  AcademicLayout,
  FolioPosition,
  RunningHeadContent,
  ChapterBreak,
  ChapterTitleFormat,
  ChapterNumberStyle,
  DialogueFormat,
  EmphasisStyle,
  HeadingLevelStyle,
} from './layout/layout.ts';
export { getLayout, layouts, listTemplates, listStyleGuides } from './layout/index.ts';
export type { FormattingTemplate, TemplateGenre } from './layout/templates/types.ts';
export type { StyleGuideTemplate, StyleGuideRequirements } from './layout/style-guides/types.ts';
export {
  extractStyleGuideRequirements,
  styleGuideLayout,
  readWordDocText,
  type ExtractedStyleGuide,
  type StyleGuideFindings,
  type StyleGuideBase,
} from './layout/style-guide-reader/index.ts';
export { settingsToLayout, layoutToSettings, type FormattingSettings } from './layout/settings.ts';
export { trimSizes, pageSizeWithBleed, type TrimSize, type TrimSizeId, type PaperType } from './layout/trim-sizes.ts';
export {
  applyKdpRules,
  kdpMinimumGutterIn,
  KDP_GUTTER_TABLE,
  KDP_BLEED_IN,
  KDP_MIN_EDGE_MARGIN_IN,
  KDP_MIN_EDGE_MARGIN_BLEED_IN,
  type KdpRulesResult,
  type KdpAdjustment,
} from './layout/kdp-rules.ts';
export {
  settleKdpLayout,
  layoutReportOf,
  layoutReportLines,
  adjustmentsBetween,
  sameAdjustableFields,
  applyReport,
  sameReport,
  pageCountLowerBound,
  type LayoutReport,
  type LayoutAdjustment,
  type SetPages,
} from './layout/layout-report.ts';
export { shippedFonts, describeFont, DEFAULT_FAMILY_FOR_GENERIC, type ShippedFont } from './layout/fonts.ts';
export { readText, readBook, readProject, detectFormat, type ReadResult, type ReadOutput, type InputFormat } from './read/index.ts';
export type { ResourceResolver } from './read/resources.ts';
export { cleanText, countWords, type CleanResult, type CleanReport } from './clean/index.ts';
export { cutAtWordLimit, type WordLimitCut } from './clean/cut-at-word-limit.ts';
export {
  summarizeStructure,
  STRUCTURE_WARNING_CODES,
  type StructureSummary,
  type StructureSummaryOptions,
  type StructureCounts,
  type StructureSection,
  type StructureWarning,
  type StructureWarningCode,
} from './structure/structure-summary.ts';
export {
  planAiCleanup,
  buildAiCleanupMessages,
  reviewAiChunk,
  applyAiEdits,
  judgeAiEdit,
  type AiChunk,
  type AiCleanupPlan,
  type AiPlanOptions,
  type AiMessage,
  type AiEdit,
  type AiChunkReview,
  type AiEditVerdict,
} from './clean/ai/index.ts';
export { parseMarkdown } from './markdown/parse.ts';
export { serializeMarkdown } from './markdown/serialize.ts';
export { writeTypst } from './write/typst/index.ts';
export { writePdf, compileTypstToPdf, PdfProcessPool, type PdfJobBudget, type PdfJobOptions, type PdfProcessPoolOptions } from './write/typst/pdf.ts';
export type { TypesetPdf } from './write/typst/compile.ts';
export {
  openingExcerpt,
  openingMarkdown,
  renderPreview,
  previewPagesFromSvg,
  previewPagesFromRaster,
  PREVIEW_WIDTH_PX,
  PREVIEW_MAX_PAGES,
  OPENING_PREVIEW_PAGES,
  type PreviewPageImage,
} from './write/preview/index.ts';
export type { SvgPage } from './write/preview/svg-pages.ts';
export type { RasterPage, RasterRequest } from './write/preview/raster-pages.ts';
export { writeEpub, type EpubWriteOptions } from './write/epub/index.ts';
export { writeDocx } from './write/docx/index.ts';
export { writeHtml, type HtmlVariant } from './write/html/index.ts';
export * from './cover/index.ts';
export {
  buildTopicIndex,
  searchTopic,
  passageText,
  compileExtraction,
  RELEVANCE_THRESHOLD,
  type TopicIndex,
} from './extract/index.ts';
export type { TopicSearchResult, SearchedTerm, PassageContent, ChosenPassage } from './extract/types.ts';
