import { BookX, FileQuestion } from 'lucide-react';
import { formatUsd } from '@quire/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { getErrorStatus } from '../../../lib/errors.ts';
import { usePaymentBook } from '../api/get-payment-book.ts';
import { findOneTime, usePlanCatalogue } from '../api/get-plans.ts';
import { PurchaseSummary } from './order-summary.tsx';
import { ActionLink, PaymentLayout, PaymentMessage } from './payment-layout.tsx';
import { PaymentSetup, SetupSpinner } from './payment-setup.tsx';
import { PaymentsGate } from './payments-gate.tsx';

const TITLE = 'Checkout';

/** The checkout of one book, once payments are known to be on. */
function BookCheckout({ bookId, type, publishableKey }: { bookId: string; type: 'document' | 'thesis'; publishableKey: string }) {
  const book = usePaymentBook(bookId);
  const catalogue = usePlanCatalogue();
  const offer = findOneTime(catalogue.data, type);

  if (book.isError) {
    const missing = getErrorStatus(book.error) === 404;
    return (
      <PaymentMessage
        icon={<BookX aria-hidden="true" />}
        title={missing ? 'Book Not Found' : 'This book could not be loaded'}
        tone="problem"
        actions={
          <>
            {!missing && (
              <Button variant="secondary" onClick={() => void book.refetch()}>
                Try again
              </Button>
            )}
            <ActionLink />
          </>
        }
      >
        <p>{missing ? "The book you're looking for doesn't exist or has been deleted." : 'Please check your connection and try again.'}</p>
      </PaymentMessage>
    );
  }
  return (
    <PaymentLayout
      title={TITLE}
      lead={book.data ? `Pay once for “${book.data.title}”.` : 'Pay once for your book.'}
      summary={<PurchaseSummary type={type} offer={offer} book={book.data} />}
    >
      {book.isPending ? (
        <SetupSpinner />
      ) : (
        <PaymentSetup
          request={{ kind: type, bookId }}
          publishableKey={publishableKey}
          setupFailure="Failed to initialize payment. Please try again."
          failureTitle="Payment Failed"
          payLabel={(secret) => `Pay ${formatUsd(secret.amountCents)}`}
        />
      )}
    </PaymentLayout>
  );
}

/**
 * /checkout?bookId=…&type=document|thesis (workspace spec sections 2, 4 and 8): pays once for one of the user's books,
 * the amount the catalogue's. Without a book it says how to get here; on a server that takes no payments it says so.
 */
export function CheckoutView({ bookId, type }: { bookId: string | null; type: 'document' | 'thesis' }) {
  return (
    <PaymentsGate title={TITLE}>
      {(publishableKey) =>
        bookId ? (
          <BookCheckout bookId={bookId} type={type} publishableKey={publishableKey} />
        ) : (
          <PaymentMessage icon={<FileQuestion aria-hidden="true" />} title="No document to pay for" actions={<ActionLink label="Go to Your Books" />}>
            <p>
              The checkout pays for one of your books. Open the book, then choose ‘Upgrade Now’ in its free-trial notice (or
              ‘Pay for this document’ where an export asks for it).
            </p>
          </PaymentMessage>
        )
      }
    </PaymentsGate>
  );
}
