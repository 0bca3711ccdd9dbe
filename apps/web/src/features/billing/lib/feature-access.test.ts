import { describe, expect, it } from 'vitest';
import { PLAN_CATALOGUE, type PlanCatalogue, type Subscription } from '@quire/contracts';
import { activeSubscription, noSubscription } from '../../../testing/billing-fixtures.ts';
import { featureAccess } from './feature-access.ts';

const loaded = <T,>(data: T) => ({ data, isPending: false, isError: false });
const pending = { data: undefined, isPending: true, isError: false };
const failed = { data: undefined, isPending: false, isError: true };
const catalogue = loaded<PlanCatalogue>(PLAN_CATALOGUE);

describe('featureAccess', () => {
  it('opens batch work to the Publisher plan only', () => {
    expect(featureAccess('batch', loaded(activeSubscription('publisher')), catalogue)).toBe('available');
    expect(featureAccess('batch', loaded(activeSubscription('premium')), catalogue)).toBe('locked');
    expect(featureAccess('batch', loaded(activeSubscription('standard')), catalogue)).toBe('locked');
    expect(featureAccess('batch', loaded(noSubscription), catalogue)).toBe('locked');
    expect(featureAccess('epub-export', loaded(activeSubscription('premium')), catalogue)).toBe('available');
  });

  it('locks a plan that is no longer live', () => {
    const lapsed: Subscription = { ...activeSubscription('publisher'), status: 'past_due', active: false };
    expect(featureAccess('batch', loaded(lapsed), catalogue)).toBe('locked');
  });

  it('opens everything on a server that takes no payments', () => {
    expect(featureAccess('batch', loaded({ ...noSubscription, billingEnabled: false }), pending)).toBe('available');
  });

  it('is checking while the plan or the catalogue loads, and leaves it to the server when either failed', () => {
    expect(featureAccess('batch', pending, catalogue)).toBe('checking');
    expect(featureAccess('batch', loaded(activeSubscription('premium')), pending)).toBe('checking');
    expect(featureAccess('batch', failed, catalogue)).toBe('available');
    expect(featureAccess('batch', loaded(activeSubscription('premium')), failed)).toBe('available');
  });
});
