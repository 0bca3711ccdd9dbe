import type { AdminAnalytics } from '@quire/contracts';
import { formatCount } from '../lib/format.ts';
import { DashboardSection } from './dashboard-section.tsx';

/** The most viewed paths of the last 30 days, most viewed first, each with a bar relative to the first. */
export function TopPagesList({ pages }: { pages: AdminAnalytics['topPages'] }) {
  const most = Math.max(1, ...pages.map((page) => page.views));
  return (
    <DashboardSection id="admin-top-pages" title="Most viewed pages" description="Page views over the last 30 days.">
      {pages.length === 0 ? (
        <p className="text-sm text-muted">No page views yet.</p>
      ) : (
        <ol className="flex flex-col gap-2.5">
          {pages.map((page) => (
            <li key={page.path} className="flex flex-col gap-1">
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span className="min-w-0 font-mono text-[0.8125rem] [overflow-wrap:anywhere] text-ink">{page.path}</span>
                <span className="shrink-0 text-ink-soft tabular-nums">
                  {formatCount(page.views)} {page.views === 1 ? 'view' : 'views'}
                </span>
              </div>
              <div aria-hidden="true" className="h-1.5 rounded-full bg-paper-deep">
                <div className="h-full rounded-full bg-accent" style={{ width: `${(page.views / most) * 100}%` }} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </DashboardSection>
  );
}
