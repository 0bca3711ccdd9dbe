import { z } from 'zod';
import { ID_MAX_CHARS } from './limits.ts';

/** Text cover templates (workspace spec sections 2 and 7). */
export const COVER_TEMPLATES = ['elegant', 'bold', 'academic', 'classic'] as const;
export const CoverTemplateSchema = z.enum(COVER_TEMPLATES);
export type CoverTemplate = z.infer<typeof CoverTemplateSchema>;

/** AI cover styles (workspace spec sections 2 and 7). */
export const COVER_STYLES = ['classic', 'modern', 'minimalist', 'vintage'] as const;
export const CoverStyleSchema = z.enum(COVER_STYLES);
export type CoverStyle = z.infer<typeof CoverStyleSchema>;

/** How a cover was made: one of the text templates, one of the AI styles, or around the user's own artwork. */
export const COVER_TYPES = ['text-only', 'ai', 'upload'] as const;
export const CoverTypeSchema = z.enum(COVER_TYPES);
export type CoverType = z.infer<typeof CoverTypeSchema>;

/** KDP paper types for a paperback (KDP help, "Paper and ink"): they set the spine width and the page limit. */
export const PAPER_TYPES = ['white', 'cream'] as const;
export const PaperTypeSchema = z.enum(PAPER_TYPES);
export type PaperType = z.infer<typeof PaperTypeSchema>;

/**
 * POST /api/books/:id/covers body (workspace spec section 7): a text cover with one of the four templates, or an
 * AI-style cover with one of the four styles. 400 with a message naming the allowed values otherwise.
 */
export const CoverCreateBodySchema = z.discriminatedUnion('coverType', [
  z.object({ coverType: z.literal('text-only'), template: CoverTemplateSchema }),
  z.object({ coverType: z.literal('ai'), style: CoverStyleSchema }),
]);
export type CoverCreateBody = z.infer<typeof CoverCreateBodySchema>;

const hexColor = z
  .string()
  .max(7, { error: 'Colours are written as #rrggbb' })
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'Colours are written as #rrggbb' });

/** A cover's colours, `#rrggbb`: the ground, the type, and the accent (rules, ornaments, spine band). */
export const CoverPaletteSchema = z.object({
  background: hexColor,
  text: hexColor,
  accent: hexColor,
});
export type CoverPalette = z.infer<typeof CoverPaletteSchema>;

/** Most characters of each cover text (longer titles do not fit a cover legibly; a back-cover blurb of about 180 words). */
export const COVER_TEXT_LIMITS = { title: 200, subtitle: 200, author: 120, blurb: 1200 } as const;

/**
 * The words on a cover, as the user edits them: title, subtitle and author on the front and spine, the blurb on the
 * back (from the book's description until edited). Empty subtitle or blurb: none printed.
 */
const coverTextFields = {
  title: z
    .string()
    .trim()
    .min(1, { error: 'The cover needs a title' })
    .max(COVER_TEXT_LIMITS.title, { error: `Title must be at most ${COVER_TEXT_LIMITS.title} characters` }),
  subtitle: z
    .string()
    .trim()
    .max(COVER_TEXT_LIMITS.subtitle, { error: `Subtitle must be at most ${COVER_TEXT_LIMITS.subtitle} characters` }),
  author: z
    .string()
    .trim()
    .max(COVER_TEXT_LIMITS.author, { error: `Author must be at most ${COVER_TEXT_LIMITS.author} characters` }),
  blurb: z
    .string()
    .trim()
    .max(COVER_TEXT_LIMITS.blurb, { error: `Back-cover text must be at most ${COVER_TEXT_LIMITS.blurb} characters` }),
};

export const CoverTextSchema = z.object({
  title: coverTextFields.title,
  subtitle: coverTextFields.subtitle.default(''),
  author: coverTextFields.author.default(''),
  blurb: coverTextFields.blurb.default(''),
});
/** Some of a cover's words, as an edit sends them: a field left out keeps its value (no defaults fill it). */
export const CoverTextPatchSchema = z.object(coverTextFields).partial();
export type CoverText = z.infer<typeof CoverTextSchema>;

/**
 * Where a cover's front artwork comes from: none (a text cover), drawn by Quire's own generative renderer (AI styles
 * when no image model is configured), made by an AI image model, or uploaded by the user. KDP asks at upload whether
 * a cover contains AI-generated images: `aiGenerated` answers it.
 */
export const CoverArtworkSchema = z.object({
  source: z.enum(['none', 'generated', 'ai-model', 'upload']),
  aiGenerated: z.boolean(),
  /** The image model that made it (`ai-model` only). */
  model: z.string().nullable(),
  widthPx: z.number().int().nullable(),
  heightPx: z.number().int().nullable(),
});
export type CoverArtwork = z.infer<typeof CoverArtworkSchema>;

/**
 * A cover as the API answers it (the spec's entity `id, bookId, prompt, imageUrl, createdAt` and Quire's fields).
 * `imageUrl`: the e-book cover JPEG (1600 x 2560 px), served to the book's owner only; `wrapUrl`: the paperback
 * full-wrap PDF, set from the book's current page count when requested.
 */
export const CoverSchema = z.object({
  id: z.string(),
  bookId: z.string(),
  coverType: CoverTypeSchema,
  template: CoverTemplateSchema.nullable(),
  style: CoverStyleSchema.nullable(),
  /** The prompt sent to the image model (AI covers made by a model); null otherwise. */
  prompt: z.string().nullable(),
  imageUrl: z.string(),
  wrapUrl: z.string(),
  chosen: z.boolean(),
  text: CoverTextSchema,
  palette: CoverPaletteSchema,
  artwork: CoverArtworkSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Cover = z.infer<typeof CoverSchema>;

/** GET /api/books/:id/covers: the book's covers, newest first. */
export const CoverListSchema = z.array(CoverSchema);

/** Path parameters of one cover's routes. */
export const CoverParamsSchema = z.object({ id: z.string().min(1).max(ID_MAX_CHARS), coverId: z.string().min(1).max(ID_MAX_CHARS) });

/**
 * PATCH /api/books/:id/covers/:coverId body: new text (any field), palette, or `chosen: true` to make it the book's
 * cover (the others are unchosen). 400 naming the field when a value is out of bounds; nothing is saved then.
 */
export const CoverUpdateBodySchema = z
  .object({
    text: CoverTextPatchSchema.optional(),
    palette: CoverPaletteSchema.optional(),
    chosen: z.literal(true).optional(),
  })
  .refine((b) => b.text !== undefined || b.palette !== undefined || b.chosen !== undefined, {
    error: 'Nothing to change: send text, palette or chosen',
  });
export type CoverUpdateBody = z.input<typeof CoverUpdateBodySchema>;

/** A rectangle on the full wrap, inches from its top-left corner (bleed included). */
export const WrapRectSchema = z.object({ xIn: z.number(), yIn: z.number(), widthIn: z.number(), heightIn: z.number() });
export type WrapRect = z.infer<typeof WrapRectSchema>;

/**
 * The geometry of a paperback's full-wrap cover (KDP help, "Create a Paperback Cover"): bleed, back cover, spine,
 * front cover, sized from the book's trim, its current print page count (rounded up to even) and its paper. All in
 * inches from the wrap's top-left corner. `spineText`: whether KDP allows text on this spine (79 pages or more) and
 * type of 7 pt fits between the folds' margins.
 */
export const WrapGeometrySchema = z.object({
  trimWidthIn: z.number(),
  trimHeightIn: z.number(),
  bleedIn: z.number(),
  pageCount: z.number().int(),
  paperType: PaperTypeSchema,
  spineWidthIn: z.number(),
  widthIn: z.number(),
  heightIn: z.number(),
  spineText: z.boolean(),
  back: WrapRectSchema,
  spine: WrapRectSchema,
  front: WrapRectSchema,
  /** Where text may stand on the back and front (0.125 in inside the trim) and on the spine (0.0625 in from each fold). */
  safe: z.object({ back: WrapRectSchema, spine: WrapRectSchema, front: WrapRectSchema }),
  /** The area kept empty for KDP's barcode, lower right of the back cover. */
  barcode: WrapRectSchema,
});
export type WrapGeometry = z.infer<typeof WrapGeometrySchema>;

/**
 * GET /api/books/:id/cover-options: what the Covers tab offers for this book: whether an AI image model is configured
 * (else the AI styles are drawn by Quire's generative renderer, and the UI says so), the palettes suggested for the
 * book's genre, the wrap's geometry from the current page count (null before the book is formatted), and the pixels
 * an uploaded front artwork needs for 300 dpi at the trim with bleed.
 */
export const CoverOptionsSchema = z.object({
  aiConfigured: z.boolean(),
  aiModel: z.string().nullable(),
  palettes: z.array(z.object({ name: z.string(), palette: CoverPaletteSchema })),
  geometry: WrapGeometrySchema.nullable(),
  artworkMinPx: z.object({ widthPx: z.number().int(), heightPx: z.number().int() }).nullable(),
});
export type CoverOptions = z.infer<typeof CoverOptionsSchema>;

/** The e-book cover KDP recommends (KDP help, "Create Your eBook Cover"): 1600 x 2560 px, 1:1.6. */
export const EBOOK_COVER_PX = { widthPx: 1600, heightPx: 2560 } as const;

/**
 * Download names of the cover files (issue: `<Title>_Cover_Ebook.jpg`, `<Title>_Cover_Paperback.pdf`), the title's
 * non-alphanumeric characters replaced by `_` as for the other exports (workspace spec section 7).
 */
export function coverFileName(title: string, kind: 'ebook' | 'paperback'): string {
  const base = title.replace(/[^a-zA-Z0-9]/g, '_') || 'book';
  return kind === 'ebook' ? `${base}_Cover_Ebook.jpg` : `${base}_Cover_Paperback.pdf`;
}
