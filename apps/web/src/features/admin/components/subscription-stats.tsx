import type { AdminAnalytics } from '@quire/contracts';
import { formatCount } from '../lib/format.ts';
import { DashboardSection } from './dashboard-section.tsx';

const PLANS = [
  { key: 'standard', label: 'Standard' },
  { key: 'premium', label: 'Premium' },
  { key: 'publisher', label: 'Publisher' },
  { key: 'payPerDocument', label: 'Pay per document' },
] as const satisfies ReadonlyArray<{ key: keyof AdminAnalytics['subscriptionStats']; label: string }>;

/** Active subscriptions per plan of the catalogue, and one-time purchases. */
export function SubscriptionStats({ stats }: { stats: AdminAnalytics['subscriptionStats'] }) {
  return (
    <DashboardSection id="admin-subscriptions" title="Subscriptions" description="Active subscriptions per plan, and one-time purchases.">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {PLANS.map(({ key, label }) => (
          <div key={key} className="flex flex-col-reverse gap-0.5 rounded-lg bg-paper-deep/60 px-3 py-2.5">
            <dt className="text-sm text-ink-soft">{label}</dt>
            <dd className="text-xl font-semibold text-ink">{formatCount(stats[key])}</dd>
          </div>
        ))}
      </dl>
    </DashboardSection>
  );
}
