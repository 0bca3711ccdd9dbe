/**
 * Stand-ins for Stripe's libraries at their module boundary, for the payment pages' unit tests (real Stripe runs in
 * the end-to-end suite). A test file mocks both modules with these:
 *
 *   vi.mock('@stripe/stripe-js/pure', () => import('../testing/stripe-mock.tsx').then((m) => m.stripeJsModule));
 *   vi.mock('@stripe/react-stripe-js', () => import('../testing/stripe-mock.tsx').then((m) => m.reactStripeModule));
 *
 * and drives them through `stripeMock`: `loadStripe` (resolves to a Stripe object by default), `confirmPayment`, and
 * the options each `Elements` was given. The Payment Element reports itself ready at once.
 */
import { useEffect, type ReactNode } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';

export const stripeMock = {
  loadStripe: vi.fn(),
  confirmPayment: vi.fn(),
  elementsOptions: [] as unknown[],
  /** Back to a Stripe that loads, confirms nothing yet and has drawn no Elements. */
  reset() {
    stripeMock.loadStripe.mockReset().mockImplementation(async () => ({ confirmPayment: stripeMock.confirmPayment }));
    stripeMock.confirmPayment.mockReset();
    stripeMock.elementsOptions.length = 0;
  },
};

export const stripeJsModule = { loadStripe: (...args: unknown[]) => stripeMock.loadStripe(...args) };

function PaymentElement({ onReady }: { onReady?: () => void }) {
  useEffect(() => onReady?.(), [onReady]);
  return <div data-testid="payment-element" />;
}

export const reactStripeModule = {
  Elements: ({ children, options }: { children: ReactNode; options: unknown }) => {
    stripeMock.elementsOptions.push(options);
    return children;
  },
  PaymentElement,
  useStripe: () => ({ confirmPayment: stripeMock.confirmPayment }),
  useElements: () => ({ kind: 'elements' }),
};

/** The pay button `name`, once the Payment Element has said it is ready (the button is disabled until then). */
export async function findPayButton(name: string): Promise<HTMLElement> {
  const button = await screen.findByRole('button', { name });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}
