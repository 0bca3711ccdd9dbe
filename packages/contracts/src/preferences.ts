import { z } from 'zod';

/** User preferences (accounts spec section 3 "user_preferences"; section 4: saved whole at once). */
export const PreferencesSchema = z.object({
  defaultGenre: z.enum(['devotional', 'philosophy', 'literature', 'general']).default('general'),
  preferredCoverStyle: z.enum(['skip', 'minimalist', 'ai_generated']).default('skip'),
  defaultExportFormat: z.enum(['pdf', 'epub', 'both']).default('pdf'),
  /** Run cleanup at import time (default true; treated as true when unset). */
  autoCleanImports: z.boolean().default(true),
});
export type Preferences = z.infer<typeof PreferencesSchema>;
