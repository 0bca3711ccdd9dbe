import { QueryClient } from '@tanstack/react-query';

/**
 * Data-fetching defaults of the spec (accounts spec section 7): no automatic retries for queries
 * or mutations, no refetch on window focus, no polling, data never goes stale.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

export const queryClient = createQueryClient();
