import type { ReactNode } from 'react';
import { AppHeader } from '../components/layout/app-header.tsx';
import { SiteFooter } from '../components/layout/site-footer.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../components/layout/skip-link.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { usePageMeta } from '../lib/use-page-meta.ts';
import { useCurrentUser } from '../features/auth/api/get-current-user.ts';
import { ChangePasswordForm } from '../features/auth/components/account/change-password-form.tsx';
import { DeleteAccountDialog } from '../features/auth/components/account/delete-account-dialog.tsx';
import { ProfileForm } from '../features/auth/components/account/profile-form.tsx';
import { SignOutEverywhere } from '../features/auth/components/account/sign-out-everywhere.tsx';
import { UserMenu } from '../features/auth/components/user-menu.tsx';
import { SubscriptionPanel } from '../features/billing/components/subscription-card.tsx';
import { TAGLINE, WORKSPACE_NAV } from './signed-in-nav.ts';

function Section({ id, title, description, children, className }: {
  id: string;
  title: string;
  description: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card className={className}>
      <section aria-labelledby={id}>
        <CardHeader>
          <CardTitle id={id}>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </section>
    </Card>
  );
}

/**
 * /account, for signed-in users (the router sends others to /login): the name, the plan, the password, signing out
 * every device and deleting the account.
 */
export function AccountPage() {
  usePageMeta({ title: 'Your account — Quire', description: 'Your Quire account settings.', robots: 'noindex' });
  const { data: user } = useCurrentUser();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <AppHeader nav={WORKSPACE_NAV} tagline={TAGLINE} account={<UserMenu />} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="mx-auto w-full max-w-3xl flex-1 px-5 py-10 outline-none sm:px-8 sm:py-12">
        <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">Your account</h1>
        {user && (
          <p className="mt-2 text-ink-soft">
            Signed in as <span className="font-medium [overflow-wrap:anywhere] text-ink">{user.email}</span>
          </p>
        )}
        {user && (
          <div className="mt-8 flex flex-col gap-6">
            <Section id="account-profile" title="Profile" description="The name Quire greets you by.">
              <ProfileForm user={user} />
            </Section>
            <Section id="account-plan" title="Plan" description="Your subscription and this month's documents.">
              <div className="max-w-md">
                <SubscriptionPanel />
              </div>
            </Section>
            <Section
              id="account-password"
              title="Password"
              description="Changing it signs out your other devices; this one stays signed in."
            >
              <ChangePasswordForm />
            </Section>
            <Section
              id="account-sessions"
              title="Sessions"
              description="Lost a device, or signed in on a shared computer? End every session of your account at once."
            >
              <SignOutEverywhere />
            </Section>
            <Section
              id="account-delete"
              title="Delete account"
              description="Removes your account with all your books, files, covers and exports. This cannot be undone."
              className="border-destructive/30"
            >
              <DeleteAccountDialog />
            </Section>
          </div>
        )}
      </main>
      <SiteFooter />
    </div>
  );
}
