import { z } from 'zod';
import { EMAIL_MAX_CHARS, EMAIL_TOO_LONG_MESSAGE, TOKEN_MAX_CHARS } from './limits.ts';

/** Where an address was given: the blog list's box, a post's box, or the landing page's exit-intent popup. */
export const NEWSLETTER_SOURCES = ['blog', 'blog-post', 'exit-intent'] as const;
/** Where one newsletter address was given, stored with it (`newsletter_subscribers.source`). */
export type NewsletterSource = (typeof NEWSLETTER_SOURCES)[number];

/** How long a newsletter confirmation link works, in hours. */
export const NEWSLETTER_CONFIRM_VALID_HOURS = 72;

const EmailSchema = z.string().trim().max(EMAIL_MAX_CHARS, EMAIL_TOO_LONG_MESSAGE).pipe(z.email('Please enter a valid email address'));

/**
 * POST /api/newsletter/subscribe (issue 13: double opt-in): a confirmation link is mailed; the answer is the same
 * whether or not the address is already on the list, so it tells nobody who subscribes.
 */
export const NewsletterSubscribeBodySchema = z.object({
  email: EmailSchema,
  source: z.enum(['blog', 'blog-post']),
});
export type NewsletterSubscribeBody = z.input<typeof NewsletterSubscribeBodySchema>;

/** POST /api/newsletter/leads: an address typed into the exit-intent popup, kept as a lead (never mailed). */
export const NewsletterLeadBodySchema = z.object({
  email: EmailSchema,
  source: z.literal('exit-intent'),
});
export type NewsletterLeadBody = z.input<typeof NewsletterLeadBodySchema>;

/** POST /api/newsletter/confirm and /api/newsletter/unsubscribe: the token of the mailed link. */
export const NewsletterTokenBodySchema = z.object({
  token: z.string().min(16, 'This link is not valid.').max(TOKEN_MAX_CHARS, 'This link is not valid.'),
});
export type NewsletterTokenBody = z.infer<typeof NewsletterTokenBodySchema>;
