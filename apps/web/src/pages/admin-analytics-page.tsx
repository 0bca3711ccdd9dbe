import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { LogOut } from 'lucide-react';
import { Logo } from '../components/layout/logo.tsx';
import { Button } from '../components/ui/button.tsx';
import { usePageMeta } from '../lib/use-page-meta.ts';
import { AdminDashboard } from '../features/admin/components/admin-dashboard.tsx';
import { AdminPasswordGate } from '../features/admin/components/admin-password-gate.tsx';
import { useAdminSession } from '../features/admin/hooks/use-admin-session.ts';
import { endAdminSession } from '../features/admin/api/end-admin-session.ts';
import { formatDay } from '../lib/format-date.ts';

/**
 * /admin/analytics, for anyone who knows the admin password (accounts spec sections 2, 4 and 10): locked, the
 * password gate; unlocked, the dashboard and a Logout button that locks it again. Kept out of search results.
 */
export function AdminAnalyticsPage() {
  usePageMeta({ title: 'Admin analytics — Quire', description: 'Quire admin analytics.', robots: 'noindex, nofollow' });
  const { session, notice, unlock, lock, endSession } = useAdminSession();
  const unlocked = session !== null;

  // The gate or the dashboard replaces the other under the heading: bring focus back to it so keyboard and
  // screen-reader users start from the top of what is new (the gate then focuses its field).
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (unlocked) headingRef.current?.focus();
  }, [unlocked]);

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-line/80 bg-paper/90">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-5 sm:px-8">
          <Link href="/" aria-label="Quire home" className="rounded-md">
            <Logo />
          </Link>
          {unlocked && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                if (session) endAdminSession(session.token);
                lock();
              }}
            >
              <LogOut aria-hidden="true" /> Logout
            </Button>
          )}
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-5 py-8 sm:px-8 sm:py-10">
        <div className={unlocked ? '' : 'mx-auto max-w-md sm:pt-8'}>
          <h1 ref={headingRef} tabIndex={-1} className="font-display text-3xl font-semibold tracking-tight outline-none sm:text-4xl">
            Admin analytics
          </h1>
          <p className="mt-2 text-ink-soft">
            {session
              ? `Figures from the database. This session ends at ${formatDay(session.expiresAt, 'HH:mm')}.`
              : 'Enter the admin password to see the figures.'}
          </p>
        </div>
        {session ? (
          <div className="mt-8">
            <AdminDashboard token={session.token} onSessionEnded={endSession} />
          </div>
        ) : (
          <div className="mx-auto mt-8 max-w-md rounded-2xl border border-line bg-surface p-6 shadow-card sm:p-8">
            <AdminPasswordGate onUnlock={unlock} notice={notice} />
          </div>
        )}
      </main>
    </div>
  );
}
