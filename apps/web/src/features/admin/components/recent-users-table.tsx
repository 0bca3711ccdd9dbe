import type { AdminAnalytics } from '@quire/contracts';
import { formatCount } from '../lib/format.ts';
import { formatDay } from '../../../lib/format-date.ts';
import { DashboardSection } from './dashboard-section.tsx';
import { ScrollTable, Td, Th } from './scroll-table.tsx';
import { StatusBadge } from './status-badge.tsx';

type RecentUser = AdminAnalytics['recentUsers'][number];

function fullName(user: RecentUser): string {
  return [user.firstName, user.lastName].filter((part) => part?.trim()).join(' ');
}

/** The newest accounts: name, email, subscription status, plan, books used and the day they joined. */
export function RecentUsersTable({ users }: { users: AdminAnalytics['recentUsers'] }) {
  return (
    <DashboardSection id="admin-recent-users" title="Recent users">
      {users.length === 0 ? (
        <p className="text-sm text-muted">No users yet.</p>
      ) : (
        <ScrollTable label="Recent users">
          <thead>
            <tr>
              <Th>Name</Th>
              <Th>Email</Th>
              <Th>Status</Th>
              <Th>Plan</Th>
              <Th className="text-right">Books</Th>
              <Th>Joined</Th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <tr key={user.id}>
                <Td className="font-medium text-ink">{fullName(user) || <span className="text-muted">No name</span>}</Td>
                <Td className="[overflow-wrap:anywhere] text-ink-soft">{user.email}</Td>
                <Td>
                  <StatusBadge status={user.status} primaryWhen="active" />
                </Td>
                <Td className="capitalize">{user.plan}</Td>
                <Td className="text-right tabular-nums">{formatCount(user.booksUsed)}</Td>
                <Td className="whitespace-nowrap text-ink-soft">{formatDay(user.createdAt)}</Td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </DashboardSection>
  );
}
