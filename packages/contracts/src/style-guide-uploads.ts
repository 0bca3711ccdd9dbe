import { z } from 'zod';

/**
 * POST /api/style-guides (multipart): a university's or publisher's style guide as `.pdf`, `.doc` or `.docx`
 * (workspace spec section 5), at most 10 MB, with optional text fields `name` and `university`. The server reads
 * the document's text, finds what it requires (margins, font and size, line spacing, page-number position,
 * title page, abstract, contents...) and answers 201 with a `StyleGuideTemplate` (`isBuiltIn: false`) that the
 * Template Formatting list shows and `format-template` applies. 415 for other file types, 413 over the size,
 * 422 when no text could be read.
 */
export const STYLE_GUIDE_UPLOAD_EXTENSIONS = ['.pdf', '.doc', '.docx'] as const;

/** Largest style-guide document accepted, bytes (10 MB, the upload limit of the accounts spec). */
export const STYLE_GUIDE_MAX_BYTES = 10 * 1024 * 1024;

/** What was read from an uploaded style guide: each requirement found, in words, and what fell back to defaults. */
export const StyleGuideFindingsSchema = z.object({
  /** Sentences such as `Margins: 1 in on every side ("one-inch margins", page 3)`. */
  found: z.array(z.string()),
  /** Requirements not stated in the document, kept at the default named, e.g. `Font size: 12 pt (default)`. */
  defaulted: z.array(z.string()),
});
export type StyleGuideFindings = z.infer<typeof StyleGuideFindingsSchema>;
