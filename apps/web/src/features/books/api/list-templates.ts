import { useQuery } from '@tanstack/react-query';
import { TemplateListSchema, type TemplateListItem } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Query key of the formatting templates (built-in and the user's custom ones). */
export const templateKeys = { list: () => ['templates', 'list'] as const };

/**
 * GET /api/templates: the six built-in formatting templates (`isBuiltIn: true`), then the caller's custom
 * templates, oldest first. Rejects with the request helper's `Error("<status>: <body>")` on a non-2xx answer, and with
 * `Error('Could not read the templates.')` when the answer does not have the contract's shape.
 */
export async function listTemplates(): Promise<TemplateListItem[]> {
  const parsed = TemplateListSchema.safeParse(await apiRequest<unknown>('GET', '/api/templates'));
  if (!parsed.success) throw new Error('Could not read the templates.');
  return parsed.data;
}

/** The formatting templates, cached for the session (they change only when the user saves a custom one). */
export function useTemplates() {
  return useQuery({ queryKey: templateKeys.list(), queryFn: listTemplates, staleTime: 5 * 60_000 });
}
