/**
 * User preferences (accounts spec sections 2 "Preferences card", 3 "user_preferences", 4 "Every change saves the
 * whole preferences object at once"): read with the contracts' defaults when nothing is saved, saved whole.
 */
import { eq } from 'drizzle-orm';
import { PreferencesSchema, type Preferences } from '@quire/contracts';
import type { Db } from '../db/client.ts';
import { userPreferences, type UserPreferencesRow } from '../db/schema/index.ts';

/** Preferences of a user who never saved any (PreferencesSchema's defaults; autoCleanImports true). */
export const DEFAULT_PREFERENCES: Preferences = PreferencesSchema.parse({});

/**
 * The API shape of a stored row. A value the contract no longer accepts (an enum value removed since it was
 * saved) falls back to that field's default instead of failing the whole read.
 */
export function toPreferences(row: UserPreferencesRow): Preferences {
  const fields: (keyof Preferences)[] = ['defaultGenre', 'preferredCoverStyle', 'defaultExportFormat', 'autoCleanImports'];
  const out: Record<string, unknown> = {};
  for (const key of fields) {
    const one = PreferencesSchema.shape[key].safeParse(row[key]);
    out[key] = one.success ? one.data : DEFAULT_PREFERENCES[key];
  }
  return out as Preferences;
}

/** Dependencies of {@link createPreferencesService}. */
export interface PreferencesServiceDeps {
  db: Db;
}

/** Preference operations of signed-in users. */
export function createPreferencesService({ db }: PreferencesServiceDeps) {
  return {
    /** The caller's preferences, or {@link DEFAULT_PREFERENCES} when none are saved (GET /api/user/preferences). */
    async get(userId: string): Promise<Preferences> {
      const [row] = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId)).limit(1);
      return row ? toPreferences(row) : { ...DEFAULT_PREFERENCES };
    },

    /**
     * Saves the whole preferences object (POST /api/user/preferences): insert on the first save, update after.
     * `input` is already validated by the route (PreferencesSchema: missing fields take their defaults).
     */
    async save(userId: string, input: Preferences): Promise<Preferences> {
      const values = PreferencesSchema.parse(input);
      const [row] = await db
        .insert(userPreferences)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: userPreferences.userId, set: { ...values, updatedAt: new Date() } })
        .returning();
      return row ? toPreferences(row) : values;
    },

    /** Whether cleanup runs at import time for this user (preference `autoCleanImports`, default true). */
    async autoCleanImports(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ autoCleanImports: userPreferences.autoCleanImports })
        .from(userPreferences)
        .where(eq(userPreferences.userId, userId))
        .limit(1);
      return row?.autoCleanImports ?? true;
    },
  };
}

/** The service's type. */
export type PreferencesService = ReturnType<typeof createPreferencesService>;
