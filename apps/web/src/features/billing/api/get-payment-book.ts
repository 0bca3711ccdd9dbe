import { queryOptions, useQuery } from '@tanstack/react-query';
import { BookSchema, type Book } from '@quire/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { billingKeys } from './billing-keys.ts';

/** What the payment pages read of a book. */
const PaymentBookSchema = BookSchema.pick({ id: true, title: true, author: true, isFreeTrial: true, wasTruncated: true, wordCount: true });
/** A book as the payment pages show it: its title and author, and whether its trial text was cut. */
export type PaymentBook = Pick<Book, 'id' | 'title' | 'author' | 'isFreeTrial' | 'wasTruncated' | 'wordCount'>;

/**
 * GET /api/books/:id, read for a payment: the title the checkout names, and `isFreeTrial`, which turns false once
 * Stripe has told the server the document is paid for.
 * @throws Error("<status>: <body>") from the request helper (404 for a book that is not the user's), or a parse error.
 */
export async function getPaymentBook(id: string): Promise<PaymentBook> {
  return PaymentBookSchema.parse(await apiRequest<unknown>('GET', `/api/books/${encodeURIComponent(id)}`));
}

/** Query options of {@link getPaymentBook}. */
export function paymentBookQueryOptions(id: string) {
  return queryOptions({ queryKey: billingKeys.book(id), queryFn: () => getPaymentBook(id), enabled: id.length > 0 });
}

/** Hook of {@link paymentBookQueryOptions}. */
export function usePaymentBook(id: string) {
  return useQuery(paymentBookQueryOptions(id));
}
