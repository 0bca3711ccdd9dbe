import { describe, expect, it } from 'vitest';
import type { FreeTrial } from '@quire/contracts';
import { trialBannerState } from './trial-banner.ts';

const trial = (hasFreeTrial: boolean, exportsUsed: number, exportsLimit = 1): FreeTrial => ({
  hasFreeTrial,
  exportsUsed,
  exportsLimit,
  wordLimit: 12_500,
  billingEnabled: true,
});
const free = { active: false, billingEnabled: true };

describe('trialBannerState (accounts spec section 4)', () => {
  it('(1) no trial flag and no export used: available, with the answer\'s export limit', () => {
    expect(trialBannerState(trial(false, 0), free)).toEqual({ kind: 'available', exportsLimit: 1 });
    expect(trialBannerState(trial(false, 0, 3), free)).toEqual({ kind: 'available', exportsLimit: 3 });
  });

  it('(2) the trial flag and exports left: active, with the count left', () => {
    expect(trialBannerState(trial(true, 0), free)).toEqual({ kind: 'active', remaining: 1 });
    expect(trialBannerState(trial(true, 1, 3), free)).toEqual({ kind: 'active', remaining: 2 });
  });

  it('(3) no trial flag and an export used: complete', () => {
    expect(trialBannerState(trial(false, 1), free)).toEqual({ kind: 'complete' });
  });

  it('otherwise nothing: the trial flag with no export left', () => {
    expect(trialBannerState(trial(true, 1), free)).toBeNull();
  });

  it('nothing while a subscription is active, or when the server takes no payments', () => {
    expect(trialBannerState(trial(false, 0), { active: true, billingEnabled: true })).toBeNull();
    expect(trialBannerState(trial(false, 0), { active: false, billingEnabled: false })).toBeNull();
    expect(trialBannerState({ ...trial(true, 0), billingEnabled: false }, free)).toBeNull();
  });
});
