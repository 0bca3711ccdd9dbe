/** Query keys of the billing area; invalidating `billingKeys.all` refreshes every figure of the user's plan. */
export const billingKeys = {
  all: ['billing'] as const,
  /** Whether this server takes payments, and the Stripe key (GET /api/billing/config). */
  config: () => ['billing', 'config'] as const,
  /** The price catalogue (GET /api/plans). */
  plans: () => ['billing', 'plans'] as const,
  /** The user's plan and this period's documents (GET /api/user/subscription). */
  subscription: () => ['billing', 'subscription'] as const,
  /** The user's free trial (GET /api/user/free-trial). */
  freeTrial: () => ['billing', 'free-trial'] as const,
  /** What a payment page needs of a book (GET /api/books/:id): its title, and whether it is still a trial book. */
  book: (id: string) => ['billing', 'book', id] as const,
};
