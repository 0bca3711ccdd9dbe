import { useEffect } from 'react';
import type { AdminAnalytics } from '@quire/contracts';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { getErrorMessage, getErrorStatus } from '../../../lib/errors.ts';
import { useAdminAnalytics } from '../api/get-admin-analytics.ts';
import { formatCount, formatDollars } from '../lib/format.ts';
import type { DailyMeasure } from '../lib/series-summary.ts';
import { DailyBarChart } from './daily-bar-chart.tsx';
import { DashboardSkeleton } from './dashboard-skeleton.tsx';
import { RecentBooksTable } from './recent-books-table.tsx';
import { RecentUsersTable } from './recent-users-table.tsx';
import { SubscriptionStats } from './subscription-stats.tsx';
import { SummaryTotals } from './summary-totals.tsx';
import { TopPagesList } from './top-pages-list.tsx';

const CHARTS: ReadonlyArray<{ title: string; measure: DailyMeasure }> = [
  { title: 'Sign-ups', measure: { pick: (day) => day.signUps, format: formatCount } },
  { title: 'Imports', measure: { pick: (day) => day.imports, format: formatCount } },
  { title: 'Exports', measure: { pick: (day) => day.exports, format: formatCount } },
  { title: 'Revenue', measure: { pick: (day) => day.revenue, format: formatDollars } },
];

function Dashboard({ analytics }: { analytics: AdminAnalytics }) {
  return (
    <div className="flex flex-col gap-6">
      <SummaryTotals analytics={analytics} />
      <SubscriptionStats stats={analytics.subscriptionStats} />
      <section aria-labelledby="admin-last-30-days" className="flex flex-col gap-3">
        <h2 id="admin-last-30-days" className="font-display text-lg font-semibold tracking-tight">
          Last 30 days
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          {CHARTS.map(({ title, measure }) => (
            <DailyBarChart key={title} title={title} days={analytics.daily} measure={measure} />
          ))}
        </div>
      </section>
      <TopPagesList pages={analytics.topPages} />
      <RecentUsersTable users={analytics.recentUsers} />
      <RecentBooksTable books={analytics.recentBooks} />
    </div>
  );
}

/**
 * The unlocked admin page's figures for the session `token` (accounts spec sections 3 and 10): skeletons while they
 * load, 'Failed to load analytics data' with a manual 'Try again' when the call fails (never retried on its own),
 * and `onSessionEnded` when the server no longer knows the session (401), so the page locks again.
 */
export function AdminDashboard({ token, onSessionEnded }: { token: string; onSessionEnded: () => void }) {
  const { data, error, isPending, isFetching, refetch } = useAdminAnalytics(token);
  const sessionEnded = getErrorStatus(error) === 401;

  useEffect(() => {
    if (sessionEnded) onSessionEnded();
  }, [sessionEnded, onSessionEnded]);

  if (isPending || isFetching || sessionEnded) return <DashboardSkeleton />;
  if (error) {
    return (
      <RetryAlert
        title="Failed to load analytics data"
        message={getErrorMessage(error, 'Please try again.')}
        onRetry={() => void refetch()}
      />
    );
  }
  return <Dashboard analytics={data} />;
}
