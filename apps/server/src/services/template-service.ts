/**
 * Formatting templates and style guides (workspace spec section 3, "Formatting template", "Style-guide template",
 * "custom_templates"): the engine's built-in ones, and the custom templates each user saves. Custom templates are
 * scoped by the caller's id: another user's template is "not found" (DESIGN.md section 3).
 */
import { and, asc, eq } from 'drizzle-orm';
import {
  CreateCustomTemplateBodySchema,
  type CreateCustomTemplateBody,
  type FormattingSettings,
  type Genre,
  type StyleGuideTemplate,
  type TemplateListItem,
} from '@quire/contracts';
import { describeFont, getLayout, listStyleGuides, listTemplates, settingsToLayout } from '@quire/engine';
import type { Db } from '../db/client.ts';
import { customTemplates, type CustomTemplateRow } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { DEFAULT_LAYOUT_ID } from './book-service.ts';
import { UUID } from '../db/uuid.ts';

/** Message of a custom template that does not exist or is not the caller's. */
export const TEMPLATE_NOT_FOUND = 'Template not found';

/** Dependencies of {@link createTemplateService}. */
export interface TemplateServiceDeps {
  db: Db;
}

/** A custom template row as the API lists it. */
function toItem(row: CustomTemplateRow): TemplateListItem {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    genre: row.genre as Genre,
    settings: row.settings,
    isBuiltIn: false,
    // A custom template's family follows its generic choice over the default layout, as its exports do.
    fontLabel: describeFont(settingsToLayout(row.settings, getLayout(DEFAULT_LAYOUT_ID)).fontFamily),
  };
}

/** The six built-in formatting templates as the API lists them (engine `listTemplates`, the spec's order). */
export function builtInTemplateItems(): TemplateListItem[] {
  return listTemplates().map((t) => ({
    id: t.id,
    name: t.name,
    description: t.description,
    genre: t.genre,
    settings: t.settings,
    isBuiltIn: true,
    fontLabel: describeFont(t.layout.fontFamily),
  }));
}

/** The seven built-in style guides as the API lists them (engine `listStyleGuides`, academic first), without their layouts. */
export function builtInStyleGuideItems(): StyleGuideTemplate[] {
  return listStyleGuides().map((g) => ({
    id: g.id,
    name: g.name,
    styleGuide: g.styleGuide,
    category: g.category,
    ...(g.university !== undefined ? { university: g.university } : {}),
    isBuiltIn: true,
    requirements: g.requirements,
    fontLabel: describeFont(g.layout.fontFamily),
  }));
}

/** Template operations. */
export function createTemplateService({ db }: TemplateServiceDeps) {
  return {
    /** The built-in templates, then the caller's custom templates, oldest first (GET /api/templates). */
    async list(userId: string): Promise<TemplateListItem[]> {
      const rows = await db
        .select()
        .from(customTemplates)
        .where(eq(customTemplates.userId, userId))
        .orderBy(asc(customTemplates.createdAt), asc(customTemplates.id));
      return [...builtInTemplateItems(), ...rows.map(toItem)];
    },

    /**
     * Saves a custom template for the caller (POST /api/templates), `is_public` false.
     * @throws ZodError when the body is invalid (the route validates first: 400 naming the field).
     */
    async create(userId: string, input: CreateCustomTemplateBody): Promise<TemplateListItem> {
      const body = CreateCustomTemplateBodySchema.parse(input);
      const [row] = await db
        .insert(customTemplates)
        .values({ userId, name: body.name, description: body.description, genre: body.genre, settings: body.settings })
        .returning();
      if (!row) throw new AppError('INTERNAL', undefined, { cause: new Error('insert returned no template') });
      return toItem(row);
    },

    /**
     * The settings of one of the caller's custom templates, or null when `id` is not one of them (a built-in id,
     * another user's template, no such template).
     */
    async findSettings(userId: string, id: string): Promise<FormattingSettings | null> {
      if (!UUID.test(id)) return null;
      const [row] = await db
        .select({ settings: customTemplates.settings })
        .from(customTemplates)
        .where(and(eq(customTemplates.id, id), eq(customTemplates.userId, userId)))
        .limit(1);
      return row?.settings ?? null;
    },

    /**
     * Deletes one of the caller's custom templates (DELETE /api/templates/:id).
     * @throws AppError `NOT_FOUND` (404, 'Template not found') for a built-in id, another user's template or none.
     */
    async remove(userId: string, id: string): Promise<void> {
      if (!UUID.test(id)) throw new AppError('NOT_FOUND', TEMPLATE_NOT_FOUND);
      const deleted = await db
        .delete(customTemplates)
        .where(and(eq(customTemplates.id, id), eq(customTemplates.userId, userId)))
        .returning({ id: customTemplates.id });
      if (deleted.length === 0) throw new AppError('NOT_FOUND', TEMPLATE_NOT_FOUND);
    },
  };
}

/** The service's type, for routes and tests. */
export type TemplateService = ReturnType<typeof createTemplateService>;
