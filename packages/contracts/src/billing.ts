import { z } from 'zod';
import { SUBSCRIPTION_PLANS, SubscriptionPlanSchema } from './admin.ts';
import { PLAN_FEATURES } from './plans.ts';
import { EMAIL_MAX_CHARS, EMAIL_TOO_LONG_MESSAGE } from './limits.ts';

/**
 * Words of a free-trial book's working text (workspace spec section 9: "25 pages; the limit notice is given a word
 * limit of 12500"; accounts spec section 9: "up to 25 pages (about 12,500 words)").
 */
export const TRIAL_WORD_LIMIT = 12_500;

/**
 * GET /api/billing/config (public): whether this server takes payments, and the Stripe publishable key the payment
 * pages load Stripe.js with. `enabled` is false when the server has no STRIPE_SECRET_KEY: then nothing is for sale,
 * no plan limit or trial limit applies, and the pages say that payments are not configured on this server.
 */
export const BillingConfigSchema = z.object({
  enabled: z.boolean(),
  publishableKey: z.string().nullable(),
});
export type BillingConfig = z.infer<typeof BillingConfigSchema>;

/**
 * GET /api/user/subscription (accounts spec section 7: plan, status, booksUsed, booksLimit). `plan` and `status` are
 * null without a subscription; `status` is Stripe's subscription status (`active`, `trialing`, `past_due`,
 * `canceled`, `incomplete`, ...). `booksUsed` counts the documents exported in the current billing period;
 * `booksLimit` null means unlimited (publisher). `currentPeriodEnd` is an ISO date-time or null.
 */
export const SubscriptionSchema = z.object({
  plan: SubscriptionPlanSchema.nullable(),
  status: z.string().nullable(),
  booksUsed: z.number().int().nonnegative(),
  booksLimit: z.number().int().positive().nullable(),
  currentPeriodEnd: z.string().nullable(),
  /** True while the plan's features apply (status `active` or `trialing`). */
  active: z.boolean(),
  /** The user cancelled: the plan stays until `currentPeriodEnd`, then ends and is not charged again. */
  cancelAtPeriodEnd: z.boolean(),
  /** False when the server takes no payments (no plan applies, nothing is limited). */
  billingEnabled: z.boolean(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/**
 * POST /api/user/subscription/cancel and /api/user/subscription/resume: `cancelAtPeriodEnd` true ends the plan at
 * the end of the period paid for (nothing is refunded, nothing more is charged); false keeps it renewing.
 */
export const SubscriptionCancelBodySchema = z.object({ cancelAtPeriodEnd: z.boolean() });
export type SubscriptionCancelBody = z.infer<typeof SubscriptionCancelBodySchema>;

/**
 * GET /api/user/free-trial (accounts spec sections 3 and 4). `hasFreeTrial` is true while the user is on the trial:
 * no live subscription, at least one free-trial book, and an export left. The web shows the banner's four states
 * from these three fields. `wordLimit` is {@link TRIAL_WORD_LIMIT}.
 */
export const FreeTrialSchema = z.object({
  hasFreeTrial: z.boolean(),
  exportsUsed: z.number().int().nonnegative(),
  exportsLimit: z.number().int().nonnegative(),
  wordLimit: z.number().int().positive(),
  billingEnabled: z.boolean(),
});
export type FreeTrial = z.infer<typeof FreeTrialSchema>;

/** POST /api/user/upgrade body (accounts spec section 7: `plan`). */
export const UpgradeBodySchema = z.object({
  plan: z.enum(SUBSCRIPTION_PLANS, { error: 'Please choose a plan' }),
});
export type UpgradeBody = z.infer<typeof UpgradeBodySchema>;

/**
 * POST /api/user/upgrade answer. `updated`: the live subscription was moved to the plan at Stripe (the webhook that
 * follows changes the stored plan; 'Plan updated!'). `payment-required`: the user has no live subscription, so the
 * plan must be paid first at `checkoutPath` (/subscribe?plan=… or /subscribe-publisher).
 */
export const UpgradeResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('updated'), plan: SubscriptionPlanSchema }),
  z.object({ status: z.literal('payment-required'), plan: SubscriptionPlanSchema, checkoutPath: z.string() }),
]);
export type UpgradeResult = z.infer<typeof UpgradeResultSchema>;

/**
 * POST /api/create-payment-intent body: one document (`document`, $5.99) or the thesis package (`thesis`, $19.99)
 * for the caller's book `bookId`. The amount is the catalogue's; an `amount` sent by a client is ignored (the
 * workspace spec's page sends one).
 */
export const CreatePaymentIntentBodySchema = z.object({
  type: z.enum(['document', 'thesis'], { error: 'Please choose what to pay for' }),
  bookId: z.uuid({ error: 'Please choose the book to pay for' }),
  amount: z.unknown().optional(),
});
export type CreatePaymentIntentBody = z.infer<typeof CreatePaymentIntentBodySchema>;

/** POST /api/get-or-create-subscription body: the plan to subscribe to (default premium). */
export const SubscriptionCheckoutBodySchema = z.object({
  plan: z.enum(['standard', 'premium'], { error: 'Please choose the Standard or the Premium plan' }).default('premium'),
});
export type SubscriptionCheckoutBody = z.infer<typeof SubscriptionCheckoutBodySchema>;

/** Current status choices of the concierge inquiry (accounts spec section 3). */
export const CONCIERGE_STATUSES = ['completed', 'near-completion', 'defense-scheduled', 'revisions'] as const;

/** The Academic Concierge inquiry (accounts spec sections 3 and 5): required and optional fields. */
export const ConciergeInquirySchema = z.object({
  name: z.string().trim().min(1, { error: 'Full Name is required' }).max(200),
  email: z.email({ error: 'Please enter a valid email address' }).max(EMAIL_MAX_CHARS, { error: EMAIL_TOO_LONG_MESSAGE }),
  phone: z.string().trim().max(50).optional(),
  institution: z.string().trim().max(200).optional(),
  degree: z.string().trim().min(1, { error: 'Degree is required' }).max(200),
  thesisTitle: z.string().trim().min(1, { error: 'Thesis/Dissertation Title is required' }).max(500),
  fieldOfStudy: z.string().trim().min(1, { error: 'Field of Study is required' }).max(200),
  currentStatus: z.enum(CONCIERGE_STATUSES, { error: 'Please choose the current status' }),
  targetPublication: z.string().trim().max(500).optional(),
  additionalInfo: z.string().trim().max(5000).optional(),
});
export type ConciergeInquiry = z.infer<typeof ConciergeInquirySchema>;

/** POST /api/create-concierge-payment body (accounts spec section 7); a client's `amount` is ignored. */
export const ConciergePaymentBodySchema = z.object({
  projectData: ConciergeInquirySchema,
  amount: z.unknown().optional(),
});
export type ConciergePaymentBody = z.infer<typeof ConciergePaymentBodySchema>;

/**
 * Answer of the payment set-up calls (create-payment-intent, get-or-create-subscription,
 * create-publisher-subscription, create-concierge-payment): the client secret Stripe's Payment Element confirms,
 * and what is being paid, from the catalogue (US cents).
 */
export const ClientSecretSchema = z.object({
  clientSecret: z.string(),
  amountCents: z.number().int().positive(),
  description: z.string(),
});
export type ClientSecret = z.infer<typeof ClientSecretSchema>;

/**
 * Why an action was refused for the user's plan, carried in the error answer beside `message` (402 or 403) so the
 * web can offer the way up: `trial-used` (the free export is spent), `plan-limit` (the period's documents are
 * used), `feature` (the plan lacks `feature`; `plans` have it), `no-plan` (no live plan and not a trial book).
 * `documentPurchase` is true when paying for this one document ($5.99) would also do.
 */
export const UpgradeOfferSchema = z.object({
  reason: z.enum(['trial-used', 'plan-limit', 'feature', 'no-plan']),
  feature: z.enum(PLAN_FEATURES).optional(),
  plans: z.array(SubscriptionPlanSchema),
  documentPurchase: z.boolean(),
});
export type UpgradeOffer = z.infer<typeof UpgradeOfferSchema>;
