/**
 * Style guides (workspace spec section 3, "Style-guide template", "user_style_guides"; section 5, "Upload style
 * guide"): the engine's seven built-in guides and the guides each user uploads. An upload is read in a worker
 * thread (text, then the requirements it states), and only then stored: the file under
 * `style-guides/<userId>/<id><ext>` and its row; a failure at any step leaves nothing behind. Uploaded guides are
 * scoped by the caller's id: another user's guide is "not found" (DESIGN.md section 3).
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { STYLE_GUIDE_UPLOAD_EXTENSIONS, type StyleGuideTemplate } from '@quire/contracts';
import { describeFont, styleGuideLayout, type Layout, type StyleGuideBase } from '@quire/engine';
import type { Db } from '../db/client.ts';
import { books, userStyleGuides, type UserStyleGuideRow } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { JobRunner } from '../workers/pool.ts';
import type { Storage } from './storage.ts';
import { builtInStyleGuideItems } from './template-service.ts';
import { UUID } from '../db/uuid.ts';

/** Message of a style guide that does not exist or is not the caller's. */
export const STYLE_GUIDE_NOT_FOUND = 'Style guide not found';

/** Message of an upload of another type (workspace spec section 5: accepts .pdf, .doc, .docx). */
export const STYLE_GUIDE_TYPE_MESSAGE = 'This file type is not supported for style guides. Supported types: .pdf, .doc and .docx.';

/** Dependencies of {@link createStyleGuideService}. */
export interface StyleGuideServiceDeps {
  db: Db;
  storage: Storage;
  jobs: Pick<JobRunner, 'readStyleGuide'>;
}

/** An uploaded file and the optional form fields. */
export interface StyleGuideUpload {
  bytes: Uint8Array;
  fileName: string;
  name?: string;
  university?: string;
}

/** The layout of an uploaded guide row (engine `styleGuideLayout` over its base guide). */
export function uploadedGuideLayout(row: UserStyleGuideRow): Layout {
  return styleGuideLayout(row.extractedRequirements, row.baseLayoutId as StyleGuideBase, { id: row.id, name: row.name });
}

/** An uploaded guide as the API lists it (contracts StyleGuideTemplate, `isBuiltIn: false`). */
function toTemplate(row: UserStyleGuideRow): StyleGuideTemplate {
  return {
    id: row.id,
    name: row.name,
    styleGuide: row.styleGuide,
    category: row.category,
    ...(row.university ? { university: row.university } : {}),
    isBuiltIn: false,
    requirements: row.extractedRequirements,
    fontLabel: describeFont(uploadedGuideLayout(row).fontFamily),
    originalFileName: row.originalFileName,
    findings: row.findings,
  };
}

/** A form field as stored: trimmed, at most 200 characters, undefined when blank. */
function field(value: string | undefined): string | undefined {
  const v = value?.trim().slice(0, 200);
  return v ? v : undefined;
}

/** Style-guide operations. */
export function createStyleGuideService({ db, storage, jobs }: StyleGuideServiceDeps) {
  async function findRow(userId: string, id: string): Promise<UserStyleGuideRow | undefined> {
    if (!UUID.test(id)) return undefined;
    const [row] = await db
      .select()
      .from(userStyleGuides)
      .where(and(eq(userStyleGuides.id, id), eq(userStyleGuides.userId, userId)))
      .limit(1);
    return row;
  }

  return {
    /** The seven built-in guides, then the caller's uploaded ones, oldest first (GET /api/style-guides). */
    async list(userId: string): Promise<StyleGuideTemplate[]> {
      const rows = await db
        .select()
        .from(userStyleGuides)
        .where(eq(userStyleGuides.userId, userId))
        .orderBy(asc(userStyleGuides.createdAt), asc(userStyleGuides.id));
      return [...builtInStyleGuideItems(), ...rows.map(toTemplate)];
    },

    /** The layout of one of the caller's uploaded guides, or null when `id` is not one of them. */
    async findLayout(userId: string, id: string): Promise<Layout | null> {
      const row = await findRow(userId, id);
      return row ? uploadedGuideLayout(row) : null;
    },

    /**
     * Reads and stores an uploaded guide (POST /api/style-guides). The name defaults to the file's name without
     * its extension.
     * @throws AppError `UNSUPPORTED_FORMAT` (415) for a file that is not .pdf, .doc or .docx; `UNREADABLE_INPUT`
     *   (422) when no text can be read from it.
     */
    async upload(userId: string, upload: StyleGuideUpload): Promise<StyleGuideTemplate> {
      const ext = path.extname(upload.fileName).toLowerCase();
      if (!(STYLE_GUIDE_UPLOAD_EXTENSIONS as readonly string[]).includes(ext)) throw new AppError('UNSUPPORTED_FORMAT', STYLE_GUIDE_TYPE_MESSAGE);
      const extracted = await jobs.readStyleGuide({ bytes: upload.bytes, fileName: upload.fileName });
      const id = randomUUID();
      const key = `style-guides/${userId}/${id}${ext}`;
      const originalFileName = path.basename(upload.fileName).slice(0, 255);
      await storage.put(key, upload.bytes);
      try {
        const [row] = await db
          .insert(userStyleGuides)
          .values({
            id,
            userId,
            name: field(upload.name) ?? (path.basename(originalFileName, path.extname(originalFileName)) || 'Uploaded style guide'),
            university: field(upload.university) ?? null,
            originalFileName,
            filePath: key,
            extractedRequirements: extracted.requirements,
            findings: extracted.findings,
            baseLayoutId: extracted.baseLayoutId,
            category: extracted.category,
            styleGuide: extracted.styleGuide,
            isProcessed: true,
          })
          .returning();
        if (!row) throw new AppError('INTERNAL', undefined, { cause: new Error('insert returned no style guide') });
        return toTemplate(row);
      } catch (err) {
        await storage.delete(key).catch(() => {});
        throw err;
      }
    },

    /**
     * Deletes one of the caller's uploaded guides and its file (DELETE /api/style-guides/:id). The caller's books
     * formatted with it keep its base built-in layout.
     * @throws AppError `NOT_FOUND` (404, 'Style guide not found') for a built-in id, another user's guide or none.
     */
    async remove(userId: string, id: string): Promise<void> {
      const row = await findRow(userId, id);
      if (!row) throw new AppError('NOT_FOUND', STYLE_GUIDE_NOT_FOUND);
      await db.transaction(async (tx) => {
        await tx
          .update(books)
          .set({ layoutId: row.baseLayoutId, layoutReport: null })
          .where(and(eq(books.userId, userId), eq(books.layoutId, row.id)));
        await tx.delete(userStyleGuides).where(and(eq(userStyleGuides.id, id), eq(userStyleGuides.userId, userId)));
      });
      await storage.delete(row.filePath).catch(() => {});
    },
  };
}

/** The service's type, for routes and tests. */
export type StyleGuideService = ReturnType<typeof createStyleGuideService>;
