import { z } from 'zod';
import { ID_MAX_CHARS } from './limits.ts';

/** The suggested topics shown as chips on the Extract tab (workspace spec section 9), in the spec's order. */
export const SUGGESTED_TOPICS = [
  'Christmas',
  'Easter',
  'Prayer',
  'Faith',
  'Salvation',
  'Grace',
  'Love',
  'Hope',
  'Redemption',
  'Forgiveness',
] as const;

/** Longest topic accepted, in characters (a word or a short phrase: "the Holy Spirit", "forgiveness of sins"). */
export const TOPIC_MAX_CHARS = 80;

/**
 * POST /api/books/:id/extract body (workspace spec sections 6 and 8): a non-empty topic. An empty or blank topic
 * answers 400 'Please enter a topic to search for' (the spec's 'Topic required' notice).
 */
export const ExtractBodySchema = z.object({
  topic: z
    .string({ error: 'Please enter a topic to search for' })
    .trim()
    .min(1, { error: 'Please enter a topic to search for' })
    .max(TOPIC_MAX_CHARS, { error: `A topic must be at most ${TOPIC_MAX_CHARS} characters` }),
});
export type ExtractBody = z.infer<typeof ExtractBodySchema>;

/** A span of matched words in a passage's `contentPreview`: UTF-16 offsets, `end` exclusive. */
export const HighlightSchema = z.object({ start: z.number().int().min(0), end: z.number().int().min(0) });
export type Highlight = z.infer<typeof HighlightSchema>;

/**
 * Where a passage stands in its book: the section (chapter, sermon, letter) it comes from, the part above it, the
 * author of that piece in a collection, its place ("section 3 of 28", "at 41 % of the book").
 * - `kind`: `section`, the whole section; `window`, some paragraphs of a long one (it can be widened to the section).
 * - `sectionIndex`: 1-based among the book's sections; `positionPercent`: 0-100, where the passage begins, by words.
 */
export const PassageSourceSchema = z.object({
  kind: z.enum(['section', 'window']),
  sectionTitle: z.string(),
  partTitle: z.string().optional(),
  author: z.string().optional(),
  sectionIndex: z.number().int().min(1),
  sectionCount: z.number().int().min(1),
  positionPercent: z.number().min(0).max(100),
  wordCount: z.number().int().min(0),
});
export type PassageSource = z.infer<typeof PassageSourceSchema>;

/**
 * One passage found (workspace spec section 3, "Each section: title, relevanceScore, contentPreview, themes"), plus
 * `passageId` (stable for one text version: `s12` a whole section, `s12:40-58` its blocks 40 to 57), the matched
 * words highlighted in the preview, and where it comes from. `relevanceScore` is calibrated in 0-1 (comparable across
 * topics and books; nothing under the threshold is returned).
 */
export const ExtractionSectionSchema = z.object({
  passageId: z.string(),
  title: z.string(),
  relevanceScore: z.number().min(0).max(1),
  contentPreview: z.string(),
  themes: z.array(z.string()),
  highlights: z.array(HighlightSchema),
  source: PassageSourceSchema,
});
export type ExtractionSection = z.infer<typeof ExtractionSectionSchema>;

/**
 * An extraction (workspace spec section 3; accounts spec section 3 "extractions"), as GET /api/books/:id/extractions
 * lists them and POST /api/books/:id/extract answers: the topic, the passages found (`sections`, best first), their
 * number, their mean relevance (0-1), the themes of the whole set, and the words searched besides the topic
 * (`searchedTerms`: synonyms and related words). `compiledTitle`/`compiledBookId` once a book was made from it;
 * `textChanged` when the book's text was cleaned or edited since (its passages no longer point into the text).
 */
export const ExtractionSchema = z.object({
  id: z.string(),
  bookId: z.string(),
  topic: z.string(),
  sectionsFound: z.number().int().min(0),
  averageRelevance: z.number().min(0).max(1),
  extractedThemes: z.array(z.string()),
  searchedTerms: z.array(z.string()),
  sections: z.array(ExtractionSectionSchema),
  compiledTitle: z.string().nullable(),
  compiledBookId: z.string().nullable(),
  textChanged: z.boolean(),
  createdAt: z.string(),
});
export type Extraction = z.infer<typeof ExtractionSchema>;

export const ExtractionListSchema = z.array(ExtractionSchema);

/** Path parameters of an extraction's routes. */
export const ExtractionParamsSchema = z.object({ id: z.string().min(1).max(ID_MAX_CHARS), extractionId: z.string().min(1).max(ID_MAX_CHARS) });

/** Path parameters of GET /api/books/:id/extractions/:extractionId/passages/:passageId. */
export const PassageParamsSchema = ExtractionParamsSchema.extend({ passageId: z.string().min(1).max(40) });

/** Query of the passage route: `widen=true` answers the whole section the passage is in. */
export const PassageQuerySchema = z.object({ widen: z.enum(['true', 'false']).optional() });

/**
 * A passage in full (GET .../passages/:passageId): its title and its paragraphs as plain text (verse lines joined by
 * newlines), for reading before choosing it.
 */
export const PassageTextSchema = z.object({
  passageId: z.string(),
  title: z.string(),
  widened: z.boolean(),
  paragraphs: z.array(z.string()),
  wordCount: z.number().int().min(0),
});
export type PassageText = z.infer<typeof PassageTextSchema>;

/** Most characters of a compiled book's title (as a cover's title). */
export const COMPILED_TITLE_MAX_CHARS = 200;

/** Most passages in one compiled book. */
export const COMPILE_MAX_PASSAGES = 200;

/**
 * POST /api/books/:id/extractions/:extractionId/book body: the new book's title and the chosen passages in the
 * user's order, each optionally widened to its whole section. 400 names what is wrong; 409 when the book's text
 * changed since the extraction.
 */
export const CompileBodySchema = z.object({
  title: z
    .string({ error: 'The new book needs a title' })
    .trim()
    .min(1, { error: 'The new book needs a title' })
    .max(COMPILED_TITLE_MAX_CHARS, { error: `Title must be at most ${COMPILED_TITLE_MAX_CHARS} characters` }),
  passages: z
    .array(z.object({ passageId: z.string().min(1).max(40), widen: z.boolean().default(false) }), {
      error: 'Choose at least one passage',
    })
    .min(1, { error: 'Choose at least one passage' })
    .max(COMPILE_MAX_PASSAGES, { error: `A book can gather at most ${COMPILE_MAX_PASSAGES} passages` }),
});
export type CompileBody = z.input<typeof CompileBodySchema>;

/** What POST .../book answers (201): the extraction, now with its compiled title, and the new book's id. */
export const CompileResultSchema = z.object({ extraction: ExtractionSchema, bookId: z.string() });
export type CompileResult = z.infer<typeof CompileResultSchema>;
