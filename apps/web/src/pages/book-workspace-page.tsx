import { useState } from 'react';
import { useHistoryState } from 'wouter/use-browser-location';
import type { ImportCollectionResponse } from '@quire/contracts';
import { AppHeader } from '../components/layout/app-header.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../components/layout/skip-link.tsx';
import { UpgradeOfferProvider } from '../components/upgrade-offer-slot.tsx';
import { usePageMeta } from '../lib/use-page-meta.ts';
import { UserMenu } from '../features/auth/components/user-menu.tsx';
import { useBook } from '../features/books/api/get-book.ts';
import { BookWorkspace } from '../features/books/components/workspace/book-workspace.tsx';
import { TrialLimitNotice } from '../features/billing/components/trial-limit-notice.tsx';
import { UpgradeOfferAlert } from '../features/billing/components/upgrade-offer-alert.tsx';
import { FailedImportsNotice } from '../features/import/components/failed-imports-notice.tsx';
import { TAGLINE, WORKSPACE_NAV } from './signed-in-nav.ts';

/** History state left by the import panel when a collection was created with some URLs failing. */
export type WorkspaceArrival = { failedImports?: ImportCollectionResponse['failedImports'] } | null;

/**
 * `/book/:id` and `/format/:id?`: the book workspace, with the free-trial limit notice of a trial book under its
 * header (and, after a collection import, the URLs that failed); an action refused for the user's plan shows the
 * billing area's upgrade offer where it happened.
 */
export function BookWorkspacePage({ bookId }: { bookId: string | undefined }) {
  const { data: book, isError } = useBook(bookId ?? '');
  const arrival = useHistoryState<WorkspaceArrival>();
  const [noticeDismissed, setNoticeDismissed] = useState(false);
  const failedImports = noticeDismissed ? [] : (arrival?.failedImports ?? []);
  const dismissNotice = () => {
    setNoticeDismissed(true);
    // Forget it in the history entry too, so that going back and forth does not bring it back.
    window.history.replaceState(null, '');
  };
  const title = book ? `${book.title} — Quire` : bookId && !isError ? 'Your book — Quire' : 'Book Not Found — Quire';
  usePageMeta({
    title,
    description: 'Clean, format and export your book with Quire.',
    robots: 'noindex',
  });
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <AppHeader nav={WORKSPACE_NAV} tagline={TAGLINE} account={<UserMenu />} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-5 py-6 outline-none sm:px-8 sm:py-8">
        <UpgradeOfferProvider render={(offer) => <UpgradeOfferAlert {...offer} />}>
          <BookWorkspace
            bookId={bookId}
            notice={
              <>
                {failedImports.length > 0 && <FailedImportsNotice failedImports={failedImports} onDismiss={dismissNotice} />}
                {book && <TrialLimitNotice book={book} />}
              </>
            }
          />
        </UpgradeOfferProvider>
      </main>
    </div>
  );
}
