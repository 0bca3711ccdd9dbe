import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AiCleanupStatus } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { bookKeys } from './book-keys.ts';

/** Query keys of the AI cleanup pass, under the books area so that `bookKeys.all` refreshes them too. */
export const aiCleanupKeys = {
  all: [...bookKeys.all, 'ai-cleanup'] as const,
  status: (bookId: string) => [...bookKeys.all, 'ai-cleanup', bookId] as const,
};

/** How often the status is fetched while the pass runs, in milliseconds. */
export const AI_CLEANUP_POLL_MS = 1000;

/** GET /api/books/:id/ai-clean: the pass's state for one book (`available` false when the server has no AI service). */
export function getAiCleanupStatus(bookId: string): Promise<AiCleanupStatus> {
  return apiRequest<AiCleanupStatus>('GET', `/api/books/${encodeURIComponent(bookId)}/ai-clean`);
}

/** POST /api/books/:id/ai-clean: starts the pass on the cleaned text; answers the running status. */
export function startAiCleanup(bookId: string): Promise<AiCleanupStatus> {
  return apiRequest<AiCleanupStatus>('POST', `/api/books/${encodeURIComponent(bookId)}/ai-clean`);
}

/** The status query; it polls every {@link AI_CLEANUP_POLL_MS} while the pass runs, and stops after. */
export function aiCleanupStatusQueryOptions(bookId: string) {
  return queryOptions({
    queryKey: aiCleanupKeys.status(bookId),
    queryFn: () => getAiCleanupStatus(bookId),
    enabled: bookId.length > 0,
    refetchInterval: (query) => (query.state.data?.state === 'running' ? AI_CLEANUP_POLL_MS : false),
  });
}

/** The pass's status for one book, polled while it runs. */
export function useAiCleanupStatus(bookId: string) {
  return useQuery(aiCleanupStatusQueryOptions(bookId));
}

/** Starts the pass; the answer becomes the status at once, so polling begins. */
export function useStartAiCleanup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startAiCleanup,
    onSuccess: (status, bookId) => queryClient.setQueryData(aiCleanupKeys.status(bookId), status),
  });
}
