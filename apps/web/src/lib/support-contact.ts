import { queryOptions, useQuery } from '@tanstack/react-query';
import { SupportContactSchema, type SupportContact } from '@quire/contracts';
import { apiRequest } from './api-client.ts';

/**
 * GET /api/support/contact (public): the team's address, the server's SUPPORT_EMAIL. Read by every page that shows
 * it (the concierge pages, /contact), so the address is set once, on the server.
 * @throws Error("<status>: <body>") from the request helper, or a parse error for an answer that is not the contract's.
 */
export async function getSupportContact(): Promise<SupportContact> {
  return SupportContactSchema.parse(await apiRequest<unknown>('GET', '/api/support/contact'));
}

/** Query options of {@link getSupportContact}; the answer holds for the life of the page. */
export function supportContactQueryOptions() {
  return queryOptions({ queryKey: ['support', 'contact'], queryFn: getSupportContact });
}

/** Hook of {@link supportContactQueryOptions}. */
export function useSupportContact() {
  return useQuery(supportContactQueryOptions());
}
