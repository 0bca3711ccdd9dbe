import { z } from 'zod';
import { FormattingSettingsSchema } from './layout.ts';
import { ID_MAX_CHARS } from './limits.ts';
import { DiagnosticSchema } from './diagnostics.ts';

/**
 * One margin the KDP rules raised over what the layout asked for (Amazon KDP help, "Set Trim Size, Bleed,
 * and Margins": gutter by page count, 0.25 in outside/top/bottom, 0.375 in with bleed), in inches.
 */
export const LayoutAdjustmentSchema = z.object({
  /** Layout field raised, e.g. `marginInsideIn`. */
  field: z.string(),
  /** The field in words, e.g. `Inside (gutter) margin`. */
  label: z.string(),
  fromIn: z.number(),
  toIn: z.number(),
  /** Why, in a sentence a person understands ('KDP asks for at least 0.625 in for 301-500 pages.'). */
  reason: z.string(),
});
export type LayoutAdjustment = z.infer<typeof LayoutAdjustmentSchema>;

/**
 * What setting the whole book in its layout showed, stored on the book after each format (the server sets
 * the full PDF in its Typst pool to count pages): page count, the trim's KDP page limit, the margins the KDP
 * rules raised and warnings (past the page limit, kindle trim for print). `null` before the first format.
 */
export const LayoutReportSchema = z.object({
  layoutId: z.string(),
  trimSizeId: z.string(),
  /** Pages of the print PDF, front matter included. */
  pageCount: z.number().int(),
  /** KDP's most pages for this trim and paper (828 for 6x9 on white paper); null for non-KDP trims. */
  pageLimit: z.number().int().nullable(),
  adjustments: z.array(LayoutAdjustmentSchema),
  warnings: z.array(z.string()),
  /** The body font actually used, e.g. `Times New Roman (set in Tinos, metric-compatible)`. */
  fontLabel: z.string(),
  /** ISO time of the measurement. */
  measuredAt: z.string(),
  /**
   * What the PDF could not keep or had to change in the content (a table set smaller, an image too small for
   * 300 dpi, an unresolved cross-reference), shown before download; absent when nothing.
   */
  contentNotes: z.array(DiagnosticSchema).optional(),
});
export type LayoutReport = z.infer<typeof LayoutReportSchema>;

/** How much of the book a preview shows: its opening pages (fast, about a second) or every page. */
export const PREVIEW_SCOPES = ['opening', 'book'] as const;

/**
 * POST /api/books/:id/preview body: the layout to preview (a built-in template or style-guide id, an uploaded
 * style guide's id, or a custom template id; default the book's own layout) with optional settings over it
 * (Advanced Custom, validated with their bounds: 400 naming the field), the scope, and for `book` the page range
 * wanted (1-based, at most 40 pages per call; `toPage` defaults to `fromPage` + 39; pages past the end are left
 * out). 409 before the text is cleaned.
 */
export const PreviewBodySchema = z.object({
  layoutId: z.string().min(1).max(ID_MAX_CHARS).optional(),
  settings: FormattingSettingsSchema.optional(),
  scope: z.enum(PREVIEW_SCOPES).default('opening'),
  fromPage: z.number().int().min(1).default(1),
  toPage: z.number().int().min(1).optional(),
});
export type PreviewBody = z.input<typeof PreviewBodySchema>;

/**
 * One rendered page as an image data URL (the bearer token cannot ride on an `<img>` request): an `opening`
 * preview's pages are SVG (`data:image/svg+xml;base64,...`, text as glyph outlines, no fonts needed), a `book`
 * preview's pages WebP (`data:image/webp;base64,...`, 640 px wide). `widthPx` x `heightPx` is the page's size at
 * 96 px per inch for SVG, the image's pixels for WebP; either way in the trim's proportions.
 */
export const PreviewPageSchema = z.object({
  /** Physical page number in the PDF, 1-based. */
  pageNumber: z.number().int(),
  /** `recto` (odd) or `verso` (even) for two-sided layouts; `single` for one-sided ones. */
  side: z.enum(['recto', 'verso', 'single']),
  widthPx: z.number().int(),
  heightPx: z.number().int(),
  imageDataUrl: z.string(),
});
export type PreviewPage = z.infer<typeof PreviewPageSchema>;

/** POST /api/books/:id/preview answer. */
export const PreviewSchema = z.object({
  layoutId: z.string(),
  scope: z.enum(PREVIEW_SCOPES),
  pages: z.array(PreviewPageSchema),
  /** Pages of the whole book when `scope` was `book`; null for an opening preview (not all set). */
  totalPages: z.number().int().nullable(),
  /** Trim of the page, inches, so the UI can draw it to scale. */
  trimWidthIn: z.number(),
  trimHeightIn: z.number(),
  /** The body font actually used. */
  fontLabel: z.string(),
  /** Milliseconds the server took to set and render the pages. */
  renderMs: z.number().int(),
  /** The settings the preview used, after the layout's defaults were applied. */
  settings: FormattingSettingsSchema,
});
export type Preview = z.infer<typeof PreviewSchema>;
