import { queryOptions, useQuery } from '@tanstack/react-query';
import { BillingConfigSchema, type BillingConfig } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { billingKeys } from './billing-keys.ts';

/**
 * GET /api/billing/config (public): whether this server takes payments and the Stripe publishable key.
 * @throws Error("<status>: <body>") from the request helper, or a parse error for an answer that is not the contract's.
 */
export async function getBillingConfig(): Promise<BillingConfig> {
  return BillingConfigSchema.parse(await apiRequest<unknown>('GET', '/api/billing/config'));
}

/** Query options of {@link getBillingConfig}; the answer holds for the life of the page. */
export function billingConfigQueryOptions() {
  return queryOptions({ queryKey: billingKeys.config(), queryFn: getBillingConfig });
}

/** Hook of {@link billingConfigQueryOptions}. */
export function useBillingConfig() {
  return useQuery(billingConfigQueryOptions());
}

/** Whether payments can be taken: an enabled server with a publishable key to load Stripe with. */
export function takesPayments(config: BillingConfig): config is BillingConfig & { publishableKey: string } {
  return config.enabled && typeof config.publishableKey === 'string' && config.publishableKey.length > 0;
}
