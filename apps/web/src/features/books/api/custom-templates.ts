import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TemplateListItemSchema, type CreateCustomTemplateBody, type TemplateListItem } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { templateKeys } from './list-templates.ts';

/**
 * POST /api/templates: saves a custom template for the signed-in user (contracts
 * `CreateCustomTemplateBodySchema`: name, description, genre, settings; 400 names the field out of bounds).
 * @returns the template as GET /api/templates lists it (`isBuiltIn: false`).
 * @throws Error("<status>: <body>") from the request helper; Error('Could not read the saved template.') for an
 *   answer without the contract's shape.
 */
export async function saveCustomTemplate(body: CreateCustomTemplateBody): Promise<TemplateListItem> {
  const parsed = TemplateListItemSchema.safeParse(await apiRequest<unknown>('POST', '/api/templates', body));
  if (!parsed.success) throw new Error('Could not read the saved template.');
  return parsed.data;
}

/** DELETE /api/templates/:id: removes one of the caller's custom templates (404 for another user's). */
export async function deleteCustomTemplate(id: string): Promise<void> {
  await apiRequest<unknown>('DELETE', `/api/templates/${encodeURIComponent(id)}`);
}

/** Saves a custom template; it joins the cached template list at once, then the list is refreshed. */
export function useSaveCustomTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCustomTemplate,
    onSuccess: (saved) => {
      queryClient.setQueryData<TemplateListItem[]>(templateKeys.list(), (list) => (list ? [...list.filter((t) => t.id !== saved.id), saved] : list));
      void queryClient.invalidateQueries({ queryKey: templateKeys.list() });
    },
  });
}

/** Deletes a custom template; it leaves the cached template list at once. */
export function useDeleteCustomTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomTemplate,
    onSuccess: (_, id) => {
      queryClient.setQueryData<TemplateListItem[]>(templateKeys.list(), (list) => list?.filter((t) => t.id !== id));
    },
  });
}
