import { z } from 'zod';
import { EMAIL_MAX_CHARS, EMAIL_TOO_LONG_MESSAGE, FULL_NAME_MAX_CHARS } from './limits.ts';

/**
 * GET /api/support/contact (public): where people write to the team, the server's SUPPORT_EMAIL. The concierge
 * pages and /contact show it, so the address is set once, on the server.
 */
export const SupportContactSchema = z.object({
  // Not z.email(): the embedded default, support@localhost, has no dot in its domain and is still an address.
  email: z.string().regex(/^[^\s@]+@[^\s@]+$/),
});
export type SupportContact = z.infer<typeof SupportContactSchema>;

/** Subjects of a support message, in the form's order (workspace spec section 3, "Support message"). */
export const SUPPORT_SUBJECTS = ['technical', 'billing', 'feature', 'academic', 'publishing', 'other'] as const;
/** One subject of a support message, as the form sends it and `support_messages.subject` stores it. */
export type SupportSubject = (typeof SUPPORT_SUBJECTS)[number];

/** How people read each subject in the form and in the team's mail. */
export const SUPPORT_SUBJECT_LABELS: Record<SupportSubject, string> = {
  technical: 'Technical support',
  billing: 'Billing and plans',
  feature: 'Feature request',
  academic: 'Academic formatting',
  publishing: 'Publishing help',
  other: 'Something else',
};

/** Priorities of a support message (workspace spec section 3). */
export const SUPPORT_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
/** One priority of a support message ('normal' by default), as the form sends it and the table stores it. */
export type SupportPriority = (typeof SUPPORT_PRIORITIES)[number];

/** Longest message the form takes, in characters (a long bug report fits; a pasted book does not). */
export const SUPPORT_MESSAGE_MAX_CHARS = 10_000;

/**
 * POST /api/support/messages: the support form (workspace spec section 5: name at least 2 characters, a valid
 * e-mail, a subject, a message of at least 10 characters; subject defaults to technical and priority to normal in the
 * form). The messages are the spec's, shown under each field.
 */
export const SupportMessageBodySchema = z.object({
  name: z
    .string()
    .trim()
    .min(2, 'Name must be at least 2 characters')
    .max(FULL_NAME_MAX_CHARS, `Name must be at most ${FULL_NAME_MAX_CHARS} characters`),
  email: z.string().trim().max(EMAIL_MAX_CHARS, EMAIL_TOO_LONG_MESSAGE).pipe(z.email('Please enter a valid email address')),
  subject: z.enum(SUPPORT_SUBJECTS, { error: 'Please select a subject category' }),
  priority: z.enum(SUPPORT_PRIORITIES).default('normal'),
  message: z
    .string()
    .trim()
    .min(10, 'Message must be at least 10 characters')
    .max(SUPPORT_MESSAGE_MAX_CHARS, `Message must be at most ${SUPPORT_MESSAGE_MAX_CHARS.toLocaleString('en-US')} characters`),
});
export type SupportMessageBody = z.input<typeof SupportMessageBodySchema>;

/** The answer to a stored support message: its id, and the words of the confirmation (workspace spec section 8). */
export const SupportMessageCreatedSchema = z.object({
  id: z.uuid(),
  message: z.string(),
});
export type SupportMessageCreated = z.infer<typeof SupportMessageCreatedSchema>;
