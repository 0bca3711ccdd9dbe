import { z } from 'zod';

/** Genre values of the workspace spec (section 3). */
export const GENRES = ['literature', 'philosophy', 'devotional', 'history', 'biography', 'general'] as const;
export const GenreSchema = z.enum(GENRES);
export type Genre = z.infer<typeof GenreSchema>;
