import type { PlanFeature, SubscriptionOffer } from '@quire/contracts';

/**
 * How the pages name each plan feature of the catalogue (contracts PLAN_FEATURES), shared by the pricing section and
 * the plan dialog so that a feature reads the same everywhere.
 */
export const PLAN_FEATURE_WORDS: Record<PlanFeature, string> = {
  'pdf-export': 'Print-ready PDF for paperbacks',
  'text-cover': 'Text covers in four designs',
  'academic-formatting': 'APA, MLA, Chicago and Harvard formatting',
  'epub-export': 'EPUB for e-book stores',
  'ai-cover': 'AI-style cover artwork',
  'style-guide-upload': "Your university's style guide",
  'all-templates': 'Every publishing template',
  batch: 'Batch import and export',
  'white-label': 'White-label files, without our name',
};

/** A plan's documents per billing period: `5 documents a month`, or `Unlimited documents`. */
export function documentsLine(offer: Pick<SubscriptionOffer, 'documentsPerPeriod'>): string {
  const n = offer.documentsPerPeriod;
  if (n === null) return 'Unlimited documents';
  return n === 1 ? '1 document a month' : `${n} documents a month`;
}

/**
 * What a plan card lists: its documents, then only the features the plan below it lacks (`Everything in Standard,
 * and:`); the first plan starts from the Word and HTML files every plan has.
 */
export function planPoints(offer: SubscriptionOffer, below: SubscriptionOffer | undefined): string[] {
  const added = offer.features.filter((f) => !below?.features.includes(f)).map((f) => PLAN_FEATURE_WORDS[f]);
  return [documentsLine(offer), ...(below ? [`Everything in ${below.name}, and:`] : ['Word and HTML files']), ...added];
}

/**
 * Whether the signed-in user may use a plan feature, as the pages decide what to show (the server still decides
 * what to do): `available` (the plan has it, or the server takes no payments and nothing is limited), `locked` (the
 * plan lacks it: offer the way up instead), or `checking` while the plan is being read.
 */
export type FeatureAccess = 'available' | 'locked' | 'checking';
