import { beforeEach, describe, expect, it, vi } from 'vitest';

const { loadStripe } = vi.hoisted(() => ({ loadStripe: vi.fn() }));
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe }));

beforeEach(() => {
  vi.resetModules();
  loadStripe.mockReset();
});

describe('getStripe', () => {
  it('loads Stripe.js only when asked, once per publishable key', async () => {
    loadStripe.mockImplementation(async (key: string) => ({ key }));
    const { getStripe } = await import('./stripe.ts');
    expect(loadStripe).not.toHaveBeenCalled();

    const first = getStripe('pk_test_a');
    expect(getStripe('pk_test_a')).toBe(first);
    await expect(first).resolves.toEqual({ key: 'pk_test_a' });
    await getStripe('pk_test_b');
    expect(loadStripe.mock.calls).toEqual([['pk_test_a'], ['pk_test_b']]);
  });

  it('forgets a failed load, so that trying again loads it again', async () => {
    loadStripe.mockRejectedValueOnce(new Error('Failed to load Stripe.js')).mockResolvedValueOnce({ ok: true });
    const { getStripe } = await import('./stripe.ts');
    await expect(getStripe('pk_test_a')).rejects.toThrow('Failed to load Stripe.js');
    await expect(getStripe('pk_test_a')).resolves.toEqual({ ok: true });
    expect(loadStripe).toHaveBeenCalledTimes(2);
  });
});
