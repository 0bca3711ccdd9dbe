import { describe, expect, it } from 'vitest';
import { checkoutPath, paymentFromQuery, paymentPagePath, subscribePath, successReturnUrl } from './payment-paths.ts';

describe('payment paths', () => {
  it('builds the payment pages of the route table', () => {
    expect(checkoutPath('b 1')).toBe('/checkout?bookId=b+1&type=document');
    expect(checkoutPath('b1', 'thesis')).toBe('/checkout?bookId=b1&type=thesis');
    expect(subscribePath('standard')).toBe('/subscribe?plan=standard');
    expect(subscribePath('publisher')).toBe('/subscribe-publisher');
  });

  it('returns to /success with what was paid for, and reads it back', () => {
    const document = successReturnUrl('https://quire.example', { kind: 'document', bookId: 'b1' });
    expect(document).toBe('https://quire.example/success?kind=document&bookId=b1');
    expect(successReturnUrl('https://quire.example', { kind: 'subscription', plan: 'standard' })).toBe(
      'https://quire.example/success?kind=subscription&plan=standard',
    );
    expect(successReturnUrl('https://quire.example', { kind: 'publisher' })).toBe('https://quire.example/success?kind=publisher');

    expect(paymentFromQuery(new URL(document).searchParams)).toEqual({ kind: 'document', bookId: 'b1' });
    expect(paymentFromQuery(new URLSearchParams('kind=subscription'))).toEqual({ kind: 'subscription', plan: 'premium' });
    expect(paymentFromQuery(new URLSearchParams('kind=publisher&redirect_status=succeeded'))).toEqual({ kind: 'publisher' });
    expect(paymentFromQuery(new URLSearchParams('kind=nonsense'))).toBeNull();
    expect(paymentFromQuery(new URLSearchParams(''))).toBeNull();
  });

  it('leads back to the page a payment was made on', () => {
    expect(paymentPagePath({ kind: 'thesis', bookId: 'b1' })).toBe('/checkout?bookId=b1&type=thesis');
    expect(paymentPagePath({ kind: 'subscription', plan: 'premium' })).toBe('/subscribe?plan=premium');
    expect(paymentPagePath({ kind: 'publisher' })).toBe('/subscribe-publisher');
  });
});
