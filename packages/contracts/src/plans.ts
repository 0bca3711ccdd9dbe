import { z } from 'zod';
import { SUBSCRIPTION_PLANS, type SubscriptionPlan } from './admin.ts';

/**
 * What a plan lets a user do, as the server enforces it (issue 12, "Plan features"): DOCX and HTML exports are in
 * every plan; `pdf-export`, `text-cover`, `academic-formatting` from standard; `epub-export`, `ai-cover`,
 * `style-guide-upload`, `all-templates` from premium; `batch`, `white-label` with publisher.
 */
export const PLAN_FEATURES = [
  'pdf-export',
  'text-cover',
  'academic-formatting',
  'epub-export',
  'ai-cover',
  'style-guide-upload',
  'all-templates',
  'batch',
  'white-label',
] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

/** A subscription of the catalogue: its price per month, documents per billing period (null: unlimited), features. */
export const SubscriptionOfferSchema = z.object({
  id: z.enum(SUBSCRIPTION_PLANS),
  name: z.string(),
  priceCents: z.number().int().positive(),
  interval: z.literal('month'),
  documentsPerPeriod: z.number().int().positive().nullable(),
  features: z.array(z.enum(PLAN_FEATURES)),
  mostPopular: z.boolean(),
  summary: z.string(),
});
export type SubscriptionOffer = z.infer<typeof SubscriptionOfferSchema>;

/** A one-time purchase of the catalogue: one document, the thesis package, or the Academic Concierge service. */
export const OneTimeOfferSchema = z.object({
  id: z.enum(['document', 'thesis', 'concierge']),
  name: z.string(),
  priceCents: z.number().int().positive(),
  /** The struck-through price shown beside it (the concierge's $799), if any. */
  listPriceCents: z.number().int().positive().nullable(),
  summary: z.string(),
});
export type OneTimeOffer = z.infer<typeof OneTimeOfferSchema>;

/** GET /api/plans: the one price catalogue every page reads (amounts in US cents). */
export const PlanCatalogueSchema = z.object({
  currency: z.literal('usd'),
  subscriptions: z.array(SubscriptionOfferSchema),
  oneTime: z.array(OneTimeOfferSchema),
});
export type PlanCatalogue = z.infer<typeof PlanCatalogueSchema>;

const STANDARD_FEATURES: PlanFeature[] = ['pdf-export', 'text-cover', 'academic-formatting'];
const PREMIUM_FEATURES: PlanFeature[] = [...STANDARD_FEATURES, 'epub-export', 'ai-cover', 'style-guide-upload', 'all-templates'];

/**
 * Quire's price catalogue. The spec's figures conflict with each other (its landing, plan pages and analytics name
 * different plans and prices), so issue 12 fixed these: standard $7.99 a month (5 documents), premium $15.99 (15
 * documents, 'Most Popular'), publisher $29.99 (unlimited); one document $5.99; the thesis package $19.99 one-time;
 * the Academic Concierge $299, listed at $799. The server charges these amounts and nothing the client sends.
 */
export const PLAN_CATALOGUE: PlanCatalogue = {
  currency: 'usd',
  subscriptions: [
    {
      id: 'standard',
      name: 'Standard',
      priceCents: 799,
      interval: 'month',
      documentsPerPeriod: 5,
      features: STANDARD_FEATURES,
      mostPopular: false,
      summary: 'For an author with a book or two a month.',
    },
    {
      id: 'premium',
      name: 'Premium',
      priceCents: 1599,
      interval: 'month',
      documentsPerPeriod: 15,
      features: PREMIUM_FEATURES,
      mostPopular: true,
      summary: 'For authors and students who publish in print and as e-books.',
    },
    {
      id: 'publisher',
      name: 'Publisher',
      priceCents: 2999,
      interval: 'month',
      documentsPerPeriod: null,
      features: [...PREMIUM_FEATURES, 'batch', 'white-label'],
      mostPopular: false,
      summary: 'For publishers with a steady list of titles.',
    },
  ],
  oneTime: [
    { id: 'document', name: 'Pay Per Document', priceCents: 599, listPriceCents: null, summary: 'One book or paper under 100 pages.' },
    { id: 'thesis', name: 'Thesis Package', priceCents: 1999, listPriceCents: null, summary: 'A thesis or dissertation of 100 to 500 pages.' },
    { id: 'concierge', name: 'Academic Concierge', priceCents: 29900, listPriceCents: 79900, summary: 'We format, design and publish it with you.' },
  ],
};

/** The catalogue's subscription offer of `plan`. */
export function subscriptionOffer(plan: SubscriptionPlan): SubscriptionOffer {
  return PLAN_CATALOGUE.subscriptions.find((s) => s.id === plan)!;
}

/** An amount of US cents as the pages print it: `$7.99`, `$299`. */
export function formatUsd(cents: number): string {
  const dollars = cents / 100;
  return `$${Number.isInteger(dollars) ? dollars.toLocaleString('en-US') : dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
