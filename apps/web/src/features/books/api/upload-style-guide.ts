import { useMutation, useQueryClient } from '@tanstack/react-query';
import { StyleGuideTemplateSchema, type StyleGuideTemplate } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { styleGuideKeys } from './list-style-guides.ts';

/** What the upload dialog sends: the document and the optional name and university. */
export type StyleGuideUpload = { file: File; name?: string | undefined; university?: string | undefined };

/**
 * POST /api/style-guides (multipart; contracts `style-guide-uploads.ts`): the text fields `name` and `university`
 * when given, then the `file` (.pdf, .doc or .docx, at most 10 MB). The server reads what the guide requires and
 * answers 201 with the new style guide (`isBuiltIn: false`, `originalFileName`, `findings`).
 * @throws Error("<status>: <body>") from the request helper (415 other file types, 413 too large, 422 no readable
 *   text); Error('Could not read the uploaded style guide.') for an answer without the contract's shape.
 */
export async function uploadStyleGuide({ file, name, university }: StyleGuideUpload): Promise<StyleGuideTemplate> {
  const form = new FormData();
  // Text fields first: a streaming multipart reader sees them before the file.
  if (name?.trim()) form.append('name', name.trim());
  if (university?.trim()) form.append('university', university.trim());
  form.append('file', file, file.name);
  const parsed = StyleGuideTemplateSchema.safeParse(await apiRequest<unknown>('POST', '/api/style-guides', form));
  if (!parsed.success) throw new Error('Could not read the uploaded style guide.');
  return parsed.data;
}

/** Uploads a style guide; it joins the cached style-guide list at once. */
export function useUploadStyleGuide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadStyleGuide,
    onSuccess: (guide) => {
      queryClient.setQueryData<StyleGuideTemplate[]>(styleGuideKeys.list(), (list) => (list ? [...list.filter((g) => g.id !== guide.id), guide] : [guide]));
    },
  });
}
