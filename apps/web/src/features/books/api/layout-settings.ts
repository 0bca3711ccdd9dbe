import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormattingSettings } from '@quire/contracts';
import { bookKeys } from './book-keys.ts';
import { openingPreviewQueryOptions, previewBook } from './preview-book.ts';

/** Query keys of the settings a layout stands for, per book (the book's own layout when `layoutId` is null). */
export const layoutSettingsKeys = {
  detail: (bookId: string, layoutId: string | null) => [...bookKeys.all, 'layout-settings', bookId, layoutId] as const,
};

/**
 * The settings of a layout that the web app cannot read from a list: a style guide (GET /api/style-guides gives
 * requirements, not settings) or the book's own layout. They come from the server's opening preview
 * (`Preview.settings`, "after the layout's defaults were applied"), and that preview is kept as the opening
 * preview of the same layout and settings, so showing it next costs no second render.
 * Disabled while `enabled` is false. Errors as {@link previewBook}.
 */
export function useLayoutSettings(bookId: string, layoutId: string | null, enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: layoutSettingsKeys.detail(bookId, layoutId),
    enabled,
    queryFn: async ({ signal }): Promise<FormattingSettings> => {
      const preview = await previewBook(bookId, { ...(layoutId ? { layoutId } : {}), scope: 'opening' }, signal);
      const target = { layoutId: layoutId ?? undefined, settings: preview.settings };
      queryClient.setQueryData(openingPreviewQueryOptions(bookId, target).queryKey, preview);
      return preview.settings;
    },
  });
}
