import { AppHeader } from '../components/layout/app-header.tsx';
import { usePageMeta } from '../lib/use-page-meta.ts';
import { UserMenu } from '../features/auth/components/user-menu.tsx';
import { useBook } from '../features/books/api/get-book.ts';
import { BookWorkspace } from '../features/books/components/workspace/book-workspace.tsx';
import { TAGLINE, WORKSPACE_NAV } from './signed-in-nav.ts';

/** `/book/:id` and `/format/:id?`: the book workspace. */
export function BookWorkspacePage({ bookId }: { bookId: string | undefined }) {
  const { data: book, isError } = useBook(bookId ?? '');
  const title = book ? `${book.title} — Quire` : bookId && !isError ? 'Your book — Quire' : 'Book Not Found — Quire';
  usePageMeta({
    title,
    description: 'Clean, format and export your book with Quire.',
    robots: 'noindex',
  });
  return (
    <div className="flex min-h-dvh flex-col">
      <AppHeader nav={WORKSPACE_NAV} tagline={TAGLINE} account={<UserMenu />} />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-5 py-6 sm:px-8 sm:py-8">
        <BookWorkspace bookId={bookId} />
      </main>
    </div>
  );
}
