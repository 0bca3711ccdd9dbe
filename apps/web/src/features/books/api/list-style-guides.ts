import { useQuery } from '@tanstack/react-query';
import { StyleGuideListSchema, type StyleGuideTemplate } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Query key of the built-in style guides. */
export const styleGuideKeys = { list: () => ['style-guides', 'list'] as const };

/**
 * GET /api/style-guides: the seven built-in style guides, academic first, then the user's uploaded ones (workspace spec section 3,
 * "Style-guide template"). Rejects with the request helper's `Error("<status>: <body>")` on a non-2xx answer, and with
 * `Error('Could not read the style guides.')` when the answer does not have the contract's shape.
 */
export async function listStyleGuides(): Promise<StyleGuideTemplate[]> {
  const parsed = StyleGuideListSchema.safeParse(await apiRequest<unknown>('GET', '/api/style-guides'));
  if (!parsed.success) throw new Error('Could not read the style guides.');
  return parsed.data;
}

/** The style guides; they change only when the user uploads one, which adds it to this cache. */
export function useStyleGuides() {
  return useQuery({ queryKey: styleGuideKeys.list(), queryFn: listStyleGuides, staleTime: Infinity });
}
