import { z } from 'zod';

/**
 * GET /api/support/contact (public): where people write to the team, the server's SUPPORT_EMAIL. The concierge
 * pages and /contact show it, so the address is set once, on the server.
 */
export const SupportContactSchema = z.object({
  // Not z.email(): the embedded default, support@localhost, has no dot in its domain and is still an address.
  email: z.string().regex(/^[^\s@]+@[^\s@]+$/),
});
export type SupportContact = z.infer<typeof SupportContactSchema>;
