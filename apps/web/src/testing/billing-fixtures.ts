/**
 * Answers of the billing API for component tests, in the contracts' shapes, and a `fetch` stand-in that serves them
 * (each answer can be replaced per test).
 */
import { vi } from 'vitest';
import { PLAN_CATALOGUE, TRIAL_WORD_LIMIT, type BillingConfig, type FreeTrial, type Subscription } from '@quire/contracts';
import { jsonResponse } from './render-with-providers.tsx';

/** The support address the server answers in these tests (its SUPPORT_EMAIL). */
export const SUPPORT_ADDRESS = 'help@press.example';

export const billingOn: BillingConfig = { enabled: true, publishableKey: 'pk_test_quire' };
export const billingOff: BillingConfig = { enabled: false, publishableKey: null };

/** A user without a subscription (plan null). */
export const noSubscription: Subscription = {
  plan: null,
  status: null,
  booksUsed: 0,
  booksLimit: null,
  currentPeriodEnd: null,
  active: false,
  cancelAtPeriodEnd: false,
  billingEnabled: true,
};

/** An active subscription of `plan`, with `booksUsed` of its documents used this period. */
export function activeSubscription(plan: 'standard' | 'premium' | 'publisher', booksUsed = 0): Subscription {
  const limits = { standard: 5, premium: 15, publisher: null } as const;
  return {
    plan,
    status: 'active',
    booksUsed,
    booksLimit: limits[plan],
    currentPeriodEnd: '2025-04-03T12:00:00Z',
    active: true,
    cancelAtPeriodEnd: false,
    billingEnabled: true,
  };
}

export const trialUnused: FreeTrial = { hasFreeTrial: false, exportsUsed: 0, exportsLimit: 1, wordLimit: TRIAL_WORD_LIMIT, billingEnabled: true };

/** An answer: the body of a 200, or a function making any response (called for each request). */
type Answer<T> = T | (() => Response);

export type BillingAnswers = {
  config?: Answer<BillingConfig>;
  subscription?: Answer<Subscription>;
  freeTrial?: Answer<FreeTrial>;
  /** Other calls (a book, an upgrade, a payment setup); `undefined` falls through to a 404. */
  other?: (url: string, init: RequestInit) => Response | undefined | Promise<Response | undefined>;
};

function answer<T>(value: Answer<T>): Response {
  return typeof value === 'function' ? (value as () => Response)() : jsonResponse(200, value);
}

/**
 * A `fetch` stand-in for the billing area: the config, the catalogue, the support address, the subscription and the
 * free trial (each replaceable), then `other`, then the support address, then 404.
 */
export function billingFetch(answers: BillingAnswers = {}) {
  return vi.fn<(url: string, init: RequestInit) => Promise<Response>>(async (url, init) => {
    if (url === '/api/billing/config') return answer(answers.config ?? billingOn);
    if (url === '/api/plans') return jsonResponse(200, PLAN_CATALOGUE);
    if (url === '/api/user/subscription') return answer(answers.subscription ?? noSubscription);
    if (url === '/api/user/free-trial') return answer(answers.freeTrial ?? trialUnused);
    const other = await answers.other?.(url, init);
    if (other) return other;
    if (url === '/api/support/contact') return jsonResponse(200, { email: SUPPORT_ADDRESS });
    return jsonResponse(404, { message: 'Not found' });
  });
}

/** The calls a `fetch` stand-in received for `url` (and `method`, if given). */
export function callsTo(fetchMock: ReturnType<typeof billingFetch>, url: string, method?: string) {
  return fetchMock.mock.calls.filter(([u, init]) => u === url && (!method || init.method === method));
}
