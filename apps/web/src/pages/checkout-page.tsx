import { useSearch } from 'wouter';
import { usePageMeta } from '../lib/use-page-meta.ts';
import { CheckoutView } from '../features/billing/components/checkout-view.tsx';
import { PaymentPageFrame } from './payment-page-frame.tsx';

/** /checkout?bookId=…&type=document|thesis (signed in; the router sends others to /login and back). */
export function CheckoutPage() {
  usePageMeta({ title: 'Checkout — Quire', description: 'Pay once for one of your books.', robots: 'noindex' });
  const query = new URLSearchParams(useSearch());
  const bookId = query.get('bookId')?.trim() || null;
  const type = query.get('type') === 'thesis' ? 'thesis' : 'document';
  return (
    <PaymentPageFrame>
      <CheckoutView bookId={bookId} type={type} />
    </PaymentPageFrame>
  );
}
