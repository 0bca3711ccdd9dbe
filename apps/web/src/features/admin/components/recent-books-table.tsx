import type { AdminAnalytics } from '@quire/contracts';
import { formatDay } from '../../../lib/format-date.ts';
import { DashboardSection } from './dashboard-section.tsx';
import { ScrollTable, Td, Th } from './scroll-table.tsx';
import { StatusBadge } from './status-badge.tsx';

/** The newest books: title, author, status, the owner's email and the day it was made. */
export function RecentBooksTable({ books }: { books: AdminAnalytics['recentBooks'] }) {
  return (
    <DashboardSection id="admin-recent-books" title="Recent books">
      {books.length === 0 ? (
        <p className="text-sm text-muted">No books yet.</p>
      ) : (
        <ScrollTable label="Recent books">
          <thead>
            <tr>
              <Th>Title</Th>
              <Th>Author</Th>
              <Th>Status</Th>
              <Th>Owner</Th>
              <Th>Created</Th>
            </tr>
          </thead>
          <tbody>
            {books.map((book) => (
              <tr key={book.id}>
                <Td className="font-medium text-ink">{book.title}</Td>
                <Td className="text-ink-soft">{book.author}</Td>
                <Td>
                  <StatusBadge status={book.status} primaryWhen="ready" />
                </Td>
                <Td className="[overflow-wrap:anywhere] text-ink-soft">{book.userEmail}</Td>
                <Td className="whitespace-nowrap text-ink-soft">{formatDay(book.createdAt)}</Td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </DashboardSection>
  );
}
