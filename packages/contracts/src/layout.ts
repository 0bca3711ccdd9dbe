import { z } from 'zod';
import { StyleGuideFindingsSchema } from './style-guide-uploads.ts';
import { GENRES } from './genres.ts';
import { ID_MAX_CHARS } from './limits.ts';

/**
 * Formatting settings, templates and style-guide requirements (workspace spec section 3, "Settings fields",
 * "Formatting template", "Style-guide template"; bounds in section 5, "Advanced settings bounds").
 * The engine's `FormattingSettings` (`layout/settings.ts`) has the same shape and maps it onto a layout.
 * Slider steps (font size 1, line height 0.1, margins and paragraph indent 0.125, paragraph spacing 1) are the
 * UI's increments and are not enforced here: the built-in KDP 6x9 layout's 0.76 in margin is off the step.
 */

/** Bounds of each numeric setting (section 5), with its unit and the slider step of the UI. */
export const SETTINGS_BOUNDS = {
  fontSize: { min: 8, max: 20, step: 1, unit: 'pt', label: 'Font size' },
  lineHeight: { min: 1, max: 3, step: 0.1, unit: '', label: 'Line height' },
  marginTop: { min: 0.25, max: 2, step: 0.125, unit: 'in', label: 'Top margin' },
  marginBottom: { min: 0.25, max: 2, step: 0.125, unit: 'in', label: 'Bottom margin' },
  marginLeft: { min: 0.25, max: 2, step: 0.125, unit: 'in', label: 'Left margin' },
  marginRight: { min: 0.25, max: 2, step: 0.125, unit: 'in', label: 'Right margin' },
  paragraphIndent: { min: 0, max: 1, step: 0.125, unit: 'in', label: 'Paragraph indent' },
  paragraphSpacing: { min: 0, max: 20, step: 1, unit: 'pt', label: 'Paragraph spacing' },
  quoteIndent: { min: 0, max: 2, step: 0.125, unit: 'in', label: 'Quote indent' },
  // KDP's custom trim range (KDP Help "Print Options"): width 4-8.5 in, height 6-11.69 in.
  pageWidth: { min: 4, max: 8.5, step: 0.01, unit: 'in', label: 'Page width' },
  pageHeight: { min: 6, max: 11.69, step: 0.01, unit: 'in', label: 'Page height' },
} as const;

type BoundedField = keyof typeof SETTINGS_BOUNDS;

/** A number within the field's bounds; every message names the field, e.g. 'Font size must be between 8 and 20 pt'. */
function bounded(field: BoundedField) {
  const { min, max, unit, label } = SETTINGS_BOUNDS[field];
  const message = `${label} must be between ${min} and ${max}${unit ? ` ${unit}` : ''}`;
  return z.number({ error: message }).refine(Number.isFinite, { error: message }).min(min, { error: message }).max(max, { error: message });
}

/** An enum whose message names the field and lists the allowed values. */
function oneOf<const T extends readonly [string, ...string[]]>(label: string, values: T) {
  return z.enum(values, { error: `${label} must be one of: ${values.join(', ')}` });
}

function flag(label: string) {
  return z.boolean({ error: `${label} must be true or false` });
}

export const PAGE_SIZES = ['letter', 'a4', 'kindle', 'custom'] as const;
/** KDP paperback trims offered with `pageSize: 'custom'` (inches, width x height). */
export const KDP_TRIM_SIZES = ['5x8', '5.25x8', '5.5x8.5', '6x9', '6.14x9.21', '6.69x9.61', '7x10', '7.44x9.69', '7.5x9.25', '8x10', '8.5x11'] as const;
export const FONT_GENERICS = ['serif', 'sans-serif', 'monospace'] as const;
export const CHAPTER_BREAK_TYPES = ['page-break', 'line-break', 'decorative'] as const;
export const CHAPTER_TITLE_FORMATS = ['centered', 'left', 'decorated'] as const;
export const CHAPTER_NUMBER_STYLES = ['roman', 'arabic', 'none'] as const;
export const DIALOGUE_FORMATS = ['standard', 'french', 'minimal'] as const;
export const EMPHASIS_STYLES = ['italic', 'bold', 'underline'] as const;
/** The spec's three positions, then the outside ones print books use. */
export const PAGE_NUMBER_POSITIONS = ['top-center', 'bottom-center', 'bottom-right', 'top-right', 'bottom-outside', 'top-outside'] as const;

/**
 * The settings of a formatting template (section 3) with the bounds of section 5. Extensions, optional:
 * `trimSize` (a KDP trim) or `pageWidth` + `pageHeight` (inches) when `pageSize` is `custom`.
 */
export const FormattingSettingsSchema = z
  .object({
    fontSize: bounded('fontSize'),
    lineHeight: bounded('lineHeight'),
    fontFamily: oneOf('Font family', FONT_GENERICS),
    marginTop: bounded('marginTop'),
    marginBottom: bounded('marginBottom'),
    marginLeft: bounded('marginLeft'),
    marginRight: bounded('marginRight'),
    pageSize: oneOf('Page size', PAGE_SIZES),
    trimSize: oneOf('Trim size', KDP_TRIM_SIZES).optional(),
    pageWidth: bounded('pageWidth').optional(),
    pageHeight: bounded('pageHeight').optional(),
    chapterBreakType: oneOf('Chapter break type', CHAPTER_BREAK_TYPES),
    chapterTitleFormat: oneOf('Chapter title format', CHAPTER_TITLE_FORMATS),
    chapterNumberStyle: oneOf('Chapter number style', CHAPTER_NUMBER_STYLES),
    paragraphIndent: bounded('paragraphIndent'),
    paragraphSpacing: bounded('paragraphSpacing'),
    dropCapital: flag('Drop capital'),
    justifyText: flag('Justify text'),
    quoteIndent: bounded('quoteIndent'),
    dialogueFormat: oneOf('Dialogue format', DIALOGUE_FORMATS),
    emphasisStyle: oneOf('Emphasis style', EMPHASIS_STYLES),
    includeHeaders: flag('Include headers'),
    includeFooters: flag('Include footers'),
    includePageNumbers: flag('Include page numbers'),
    pageNumberPosition: oneOf('Page number position', PAGE_NUMBER_POSITIONS),
  })
  .superRefine((s, ctx) => {
    if (s.pageSize !== 'custom' && (s.trimSize !== undefined || s.pageWidth !== undefined || s.pageHeight !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['trimSize'], message: 'Trim size and page width/height apply only when the page size is custom' });
    }
    if ((s.pageWidth === undefined) !== (s.pageHeight === undefined)) {
      ctx.addIssue({ code: 'custom', path: [s.pageWidth === undefined ? 'pageWidth' : 'pageHeight'], message: 'Page width and page height must be given together' });
    }
    if (s.trimSize !== undefined && s.pageWidth !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['trimSize'], message: 'Give either a trim size or a page width and height, not both' });
    }
  });
export type FormattingSettings = z.infer<typeof FormattingSettingsSchema>;

/**
 * GET /api/fonts: for each generic family of the settings (`serif`, `sans-serif`, `monospace`), the shipped family
 * a layout is set in when the user picks that generic over the layout's own, and its label naming the font it stands
 * in for (`Times New Roman (set in Tinos, metric-compatible)`).
 */
export const FontDefaultSchema = z.object({
  generic: z.enum(FONT_GENERICS),
  family: z.string(),
  label: z.string(),
});
export type FontDefault = z.infer<typeof FontDefaultSchema>;
export const FontDefaultListSchema = z.array(FontDefaultSchema);

/** A formatting template as listed and as sent to `format-advanced` (section 3 and section 7). */
export const FormattingTemplateSchema = z.object({
  id: z.string().min(1),
  name: z.string().trim().min(1, { error: 'Please enter a name for your custom template.' }),
  description: z.string().default(''),
  genre: oneOf('Genre', GENRES),
  settings: FormattingSettingsSchema,
});
export type FormattingTemplate = z.infer<typeof FormattingTemplateSchema>;

/** Where page numbers sit in a style guide's requirements (`none`: no page numbers). */
export const REQUIREMENT_PAGE_NUMBER_POSITIONS = [...PAGE_NUMBER_POSITIONS, 'none'] as const;

/** A style guide's requirements (section 3, "Requirements"); margins in inches, font size in points. */
export const StyleGuideRequirementsSchema = z.object({
  margins: z.object({ top: z.number(), bottom: z.number(), left: z.number(), right: z.number() }),
  font: z.object({ family: z.string(), size: z.number(), lineHeight: z.number() }),
  spacing: z.object({ paragraph: z.number(), line: z.number() }),
  headers: z.object({ style: z.string(), numbering: z.boolean() }),
  citations: z.object({ style: z.string(), inText: z.string(), bibliography: z.string() }),
  pageNumbers: z.object({
    position: z.enum(REQUIREMENT_PAGE_NUMBER_POSITIONS),
    format: z.enum(['arabic', 'roman-then-arabic', 'surname-arabic']),
  }),
  titlePage: z.boolean(),
  tableOfContents: z.boolean(),
  abstract: z.boolean(),
  acknowledgments: z.boolean(),
  appendices: z.boolean(),
});
export type StyleGuideRequirements = z.infer<typeof StyleGuideRequirementsSchema>;

/** A style-guide template as listed (section 3). */
export const StyleGuideTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  styleGuide: z.string(),
  category: z.enum(['academic', 'publishing']),
  university: z.string().optional(),
  isBuiltIn: z.boolean(),
  requirements: StyleGuideRequirementsSchema,
  /** The font the layout is actually set in, e.g. `Times New Roman (set in Tinos, metric-compatible)`. */
  fontLabel: z.string(),
  /** Uploaded style guides only: the file it was read from and what was found in it. */
  originalFileName: z.string().optional(),
  findings: StyleGuideFindingsSchema.optional(),
});
export type StyleGuideTemplate = z.infer<typeof StyleGuideTemplateSchema>;

/**
 * A template as GET /api/templates lists it: the six built-in formatting templates (`isBuiltIn: true`, ids
 * such as `classic-literature`) and the caller's custom templates (`isBuiltIn: false`, uuid ids).
 */
export const TemplateListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  genre: z.enum(GENRES),
  settings: FormattingSettingsSchema,
  isBuiltIn: z.boolean(),
  /** The font the template is actually set in, e.g. `Garamond (set in EB Garamond, a similar design)`. */
  fontLabel: z.string(),
});
export type TemplateListItem = z.infer<typeof TemplateListItemSchema>;
export const TemplateListSchema = z.array(TemplateListItemSchema);

/** GET /api/style-guides: the seven built-in style-guide templates, academic first. */
export const StyleGuideListSchema = z.array(StyleGuideTemplateSchema);

/** Longest name of a custom template, in characters (a template list shows it on one line). */
export const TEMPLATE_NAME_MAX_CHARS = 200;

/** Longest description of a custom template, in characters. */
export const TEMPLATE_DESCRIPTION_MAX_CHARS = 2000;

/**
 * Body of POST /api/templates (save a custom template; workspace spec section 3 "custom_templates"): a name
 * ('Please enter a name for your custom template.' when blank, section 5), an optional description, the genre
 * (default `general`) and the settings, validated with their bounds.
 */
export const CreateCustomTemplateBodySchema = z.object({
  name: z
    .string({ error: 'Please enter a name for your custom template.' })
    .trim()
    .min(1, { error: 'Please enter a name for your custom template.' })
    .max(TEMPLATE_NAME_MAX_CHARS, { error: `Template name must be at most ${TEMPLATE_NAME_MAX_CHARS} characters` }),
  description: z
    .string()
    .max(TEMPLATE_DESCRIPTION_MAX_CHARS, { error: `Description must be at most ${TEMPLATE_DESCRIPTION_MAX_CHARS} characters` })
    .default(''),
  genre: oneOf('Genre', GENRES).default('general'),
  settings: FormattingSettingsSchema,
});
export type CreateCustomTemplateBody = z.input<typeof CreateCustomTemplateBodySchema>;

/** Path parameters of DELETE /api/templates/:id. */
export const TemplateIdParamsSchema = z.object({ id: z.string().max(ID_MAX_CHARS) });

/**
 * Body of POST /api/books/:id/format-template (section 7: templateId, requirements): a built-in template or
 * style-guide id (`apa-7`, `kdp-fiction`, ...) or the id of one of the caller's custom templates. The layout of
 * the template defines what the style guide requires, so `requirements` is accepted and not used.
 */
export const FormatTemplateBodySchema = z.object({
  templateId: z
    .string({ error: 'Please select a template' })
    .min(1, { error: 'Please select a template' })
    .max(ID_MAX_CHARS, { error: `Template id must be at most ${ID_MAX_CHARS} characters` }),
  requirements: z.unknown().optional(),
});
export type FormatTemplateBody = z.input<typeof FormatTemplateBodySchema>;

/**
 * Body of POST /api/books/:id/format-advanced (section 7: template with id, name, genre, settings). `template.id`
 * names the layout the settings start from when it is a built-in one; `settings` are validated with their
 * bounds (400 naming the field, e.g. 'Font size must be between 8 and 20 pt').
 */
export const FormatAdvancedBodySchema = z.object({
  template: z.object({
    id: z.string().max(ID_MAX_CHARS, { error: `Template id must be at most ${ID_MAX_CHARS} characters` }).default(''),
    name: z
      .string()
      .max(TEMPLATE_NAME_MAX_CHARS, { error: `Template name must be at most ${TEMPLATE_NAME_MAX_CHARS} characters` })
      .default(''),
    genre: oneOf('Genre', GENRES).optional(),
    settings: FormattingSettingsSchema,
  }, { error: 'Please select a template or customize settings first.' }),
});
export type FormatAdvancedBody = z.input<typeof FormatAdvancedBodySchema>;
