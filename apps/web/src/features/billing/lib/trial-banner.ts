import type { FreeTrial, Subscription } from '@quire/contracts';

/** The free-trial banner's states (accounts spec section 4). */
export type TrialBannerState =
  | { kind: 'available'; exportsLimit: number }
  | { kind: 'active'; remaining: number }
  | { kind: 'complete' };

/**
 * Which banner shows (accounts spec section 4): (1) no trial flag and no export used: 'Free Trial Available';
 * (2) the trial flag and exports left: 'Free Trial Active'; (3) no trial flag and an export used: 'Free Trial
 * Complete'; otherwise none. None either while a subscription is active or when the server takes no payments.
 */
export function trialBannerState(freeTrial: FreeTrial, subscription: Pick<Subscription, 'active' | 'billingEnabled'>): TrialBannerState | null {
  if (!freeTrial.billingEnabled || !subscription.billingEnabled || subscription.active) return null;
  const remaining = freeTrial.exportsLimit - freeTrial.exportsUsed;
  if (!freeTrial.hasFreeTrial && freeTrial.exportsUsed === 0) return { kind: 'available', exportsLimit: freeTrial.exportsLimit };
  if (freeTrial.hasFreeTrial && remaining > 0) return { kind: 'active', remaining };
  if (!freeTrial.hasFreeTrial && freeTrial.exportsUsed > 0) return { kind: 'complete' };
  return null;
}
