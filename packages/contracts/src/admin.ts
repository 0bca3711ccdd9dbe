import { z } from 'zod';
import { PASSWORD_INPUT_MAX_CHARS } from './limits.ts';

/**
 * POST /api/admin/verify-password body (accounts spec sections 2, 9, 10: "Admin password field: required"). Answers
 * 200 {@link AdminSession}; 401 { message: 'Invalid password' }; 429 when rate-limited; 503 when the server has no
 * ADMIN_PASSWORD (admin disabled, said plainly in the message).
 */
export const AdminPasswordBodySchema = z.object({
  password: z
    .string({ error: 'Please enter the admin password' })
    .min(1, { error: 'Please enter the admin password' })
    .max(PASSWORD_INPUT_MAX_CHARS, { error: `Password must be at most ${PASSWORD_INPUT_MAX_CHARS.toLocaleString('en-US')} characters` }),
});
export type AdminPasswordBody = z.infer<typeof AdminPasswordBodySchema>;

/** Minutes an admin session lasts. */
export const ADMIN_SESSION_MINUTES = 30;

/**
 * A short-lived admin session: the page keeps `token` in memory only (spec section 4: the unlocked state is lost on
 * reload) and sends it as the `X-Admin-Token` header of GET /api/admin/analytics (401 without a live one);
 * POST /api/admin/logout with the same header ends it (204).
 */
export const AdminSessionSchema = z.object({ token: z.string(), expiresAt: z.string() });
export type AdminSession = z.infer<typeof AdminSessionSchema>;

/** Subscription plans of the price catalogue (issue 12 chose these names over the spec's conflicting ones). */
export const SUBSCRIPTION_PLANS = ['standard', 'premium', 'publisher'] as const;
export const SubscriptionPlanSchema = z.enum(SUBSCRIPTION_PLANS);
export type SubscriptionPlan = z.infer<typeof SubscriptionPlanSchema>;

/** One day of the dashboard's charts (UTC): sign-ups, books imported, export files made, revenue in USD, page views. */
export const AnalyticsDaySchema = z.object({
  date: z.string(),
  signUps: z.number().int().min(0),
  imports: z.number().int().min(0),
  exports: z.number().int().min(0),
  revenue: z.number().min(0),
  pageViews: z.number().int().min(0),
});
export type AnalyticsDay = z.infer<typeof AnalyticsDaySchema>;

/**
 * GET /api/admin/analytics (accounts spec section 3 "Admin analytics response"), from the database:
 * - `totalRevenue`: USD (the sum of succeeded payments' amounts, stored in cents);
 * - `subscriptionStats`: active subscriptions per plan of the catalogue, and one-time purchases (`payPerDocument`);
 * - `recentUsers` (status: their subscription's status or 'free'; plan: their plan or 'free'), `recentBooks`: the ten
 *   newest; a user 'active' and a book 'ready' show as primary badges, other values secondary (spec section 3);
 * - `daily`: the last 30 days, oldest first; `topPages`: the most viewed paths of those days.
 */
export const AdminAnalyticsSchema = z.object({
  totalUsers: z.number().int().min(0),
  totalBooks: z.number().int().min(0),
  activeSubscriptions: z.number().int().min(0),
  totalRevenue: z.number().min(0),
  subscriptionStats: z.object({
    standard: z.number().int().min(0),
    premium: z.number().int().min(0),
    publisher: z.number().int().min(0),
    payPerDocument: z.number().int().min(0),
  }),
  recentUsers: z.array(
    z.object({
      id: z.string(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      email: z.string(),
      status: z.string(),
      plan: z.string(),
      booksUsed: z.number().int().min(0),
      createdAt: z.string(),
    }),
  ),
  recentBooks: z.array(
    z.object({ id: z.string(), title: z.string(), author: z.string(), status: z.string(), userEmail: z.string(), createdAt: z.string() }),
  ),
  daily: z.array(AnalyticsDaySchema),
  topPages: z.array(z.object({ path: z.string(), views: z.number().int().min(0) })),
});
export type AdminAnalytics = z.infer<typeof AdminAnalyticsSchema>;

/** Longest path a page-view event records. */
export const PAGE_VIEW_PATH_MAX = 200;

/**
 * POST /api/events/page-view body (accounts spec section 2: each route change is reported): the route's path only,
 * never its query or fragment (a reset link's token must not be stored); the signed-in user's id is taken from the
 * bearer token when there is one, nothing else about the visitor is kept. Answers 204.
 */
export const PageViewBodySchema = z.object({
  path: z
    .string()
    .min(1)
    .max(PAGE_VIEW_PATH_MAX)
    .regex(/^\/[^?#\s]*$/, { error: 'A path starts with / and has no query or fragment' }),
});
export type PageViewBody = z.infer<typeof PageViewBodySchema>;
