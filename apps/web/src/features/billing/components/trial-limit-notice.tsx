import { useId, useState } from 'react';
import { Link } from 'wouter';
import { CircleCheck, Scissors } from 'lucide-react';
import { formatUsd, TRIAL_WORD_LIMIT, type Book } from '@quire/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { takesPayments, useBillingConfig } from '../api/get-billing-config.ts';
import { findOneTime, usePlanCatalogue } from '../api/get-plans.ts';
import { checkoutPath } from '../lib/payment-paths.ts';
import { ChoosePlanDialog } from './choose-plan-dialog.tsx';

function words(n: number): string {
  return n.toLocaleString('en-US');
}

/** What the notice reads of a book. */
export type TrialLimitBook = Pick<Book, 'id' | 'isFreeTrial' | 'wasTruncated' | 'wordCount'> & { originalWordCount?: number | null };

/**
 * The free-trial limit notice of the workspace (workspace spec sections 4 and 9): shown for a free-trial book with a
 * word count. A book whose working text was cut at the trial's word limit is told so, from its original word count,
 * and offered 'Upgrade Now - $5.99' (the catalogue's one document: /checkout) and 'View Plans'; any other trial book
 * is told that it fits. On a server that takes no payments no limit applies, so only a text cut before is mentioned.
 */
export function TrialLimitNotice({ book, className }: { book: TrialLimitBook; className?: string }) {
  // Only a trial book asks for the server's payment settings and prices.
  if (!book.isFreeTrial || book.wordCount <= 0) return null;
  return <TrialNotice book={book} className={className} />;
}

function TrialNotice({ book, className }: { book: TrialLimitBook; className?: string | undefined }) {
  const titleId = useId();
  const config = useBillingConfig();
  const catalogue = usePlanCatalogue();
  const [dialogOpen, setDialogOpen] = useState(false);
  if (config.isPending) return null;
  // A config that could not be read is taken as payments on: the checkout page says what is wrong if they are not.
  const payments = config.isError || takesPayments(config.data);
  const limit = words(TRIAL_WORD_LIMIT);

  if (!book.wasTruncated) {
    if (!payments) return null;
    return (
      <section aria-labelledby={titleId} className={cn('flex items-start gap-3 rounded-xl border border-accent/20 bg-accent-soft/45 px-4 py-3.5 sm:px-5', className)}>
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
        <div className="min-w-0">
          <h2 id={titleId} className="text-sm font-semibold text-ink">
            Free trial: your document fits
          </h2>
          <p className="mt-0.5 text-sm text-ink-soft">
            This book's {words(book.wordCount)} words are within the trial's limit (up to {limit} words), so the whole text is
            formatted and exported.
          </p>
        </div>
      </section>
    );
  }

  const document = findOneTime(catalogue.data, 'document');
  const original = book.originalWordCount ?? null;
  return (
    <section aria-labelledby={titleId} className={cn('rounded-xl border border-warning/30 bg-warning-soft px-4 py-4 sm:px-5', className)}>
      <div className="flex items-start gap-3">
        <Scissors aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning" />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-sm font-semibold text-ink">
            Free-trial limit: this book was shortened
          </h2>
          <p className="mt-0.5 text-sm text-ink-soft">
            Free trial: this book has {original !== null ? `${words(original)} words` : 'more words than the trial allows'}; the trial
            formats the first {words(book.wordCount)} (up to {limit} words). The rest is kept and comes back when you upgrade.
          </p>
          {payments ? (
            <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
              <Button asChild size="sm">
                <Link href={checkoutPath(book.id, 'document')}>{document ? `Upgrade Now - ${formatUsd(document.priceCents)}` : 'Upgrade Now'}</Link>
              </Button>
              <Button variant="secondary" size="sm" onClick={() => setDialogOpen(true)}>
                View Plans
              </Button>
            </div>
          ) : (
            <p className="mt-2 text-sm text-ink-soft">Payments are not configured on this server, so the rest cannot be restored here.</p>
          )}
        </div>
      </div>
      {payments && <ChoosePlanDialog open={dialogOpen} onOpenChange={setDialogOpen} bookId={book.id} />}
    </section>
  );
}
