import { useQuery } from '@tanstack/react-query';
import { FontDefaultListSchema, type FontDefault } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * GET /api/fonts: the shipped font each generic family (serif, sans-serif, monospace) is set in when picked over a
 * layout's own, with its label (`Times New Roman (set in Tinos, metric-compatible)`). Rejects with the request
 * helper's `Error("<status>: <body>")`, or `Error('Could not read the fonts.')` when the answer has another shape.
 */
export async function listFonts(): Promise<FontDefault[]> {
  const parsed = FontDefaultListSchema.safeParse(await apiRequest<unknown>('GET', '/api/fonts'));
  if (!parsed.success) throw new Error('Could not read the fonts.');
  return parsed.data;
}

/** The fonts of each generic family; they change only with a release, so they are read once per session. */
export function useFontDefaults() {
  return useQuery({ queryKey: ['fonts'], queryFn: listFonts, staleTime: Infinity });
}
