import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { AppHeader, type NavItem } from '../components/layout/app-header.tsx';
import { SiteFooter } from '../components/layout/site-footer.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../components/layout/skip-link.tsx';
import { Button } from '../components/ui/button.tsx';
import { useCurrentUser } from '../features/auth/api/get-current-user.ts';
import { UserMenu } from '../features/auth/components/user-menu.tsx';
import { TAGLINE, WORKSPACE_NAV } from './signed-in-nav.ts';

/** On phones Sign In moves into the menu, as on the landing page. */
const VISITOR_PHONE_EXTRAS: readonly NavItem[] = [{ href: '/login', label: 'Sign In' }];

function VisitorActions() {
  return (
    <div className="flex items-center gap-2">
      <Button asChild variant="ghost" className="hidden sm:inline-flex">
        <Link href="/login">Sign In</Link>
      </Button>
      <Button asChild>
        <Link href="/register">Start Free Trial</Link>
      </Button>
    </div>
  );
}

/**
 * The frame of the payment pages (/checkout, /subscribe, /subscribe-publisher, /success): the site header, with the
 * user's name and logout when signed in and the visitor's Sign In and Start Free Trial otherwise, then the page.
 */
export function PaymentPageFrame({ children }: { children: ReactNode }) {
  const { data: user } = useCurrentUser();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <AppHeader
        nav={WORKSPACE_NAV}
        tagline={TAGLINE}
        account={user ? <UserMenu /> : <VisitorActions />}
        phoneMenuExtras={user ? [] : VISITOR_PHONE_EXTRAS}
      />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
