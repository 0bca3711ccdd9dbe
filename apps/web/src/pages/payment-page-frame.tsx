import type { ReactNode } from 'react';
import { AppHeader } from '../components/layout/app-header.tsx';
import { SiteFooter } from '../components/layout/site-footer.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../components/layout/skip-link.tsx';
import { VISITOR_PHONE_MENU_EXTRAS, VisitorActions } from '../components/layout/visitor-actions.tsx';
import { useCurrentUser } from '../features/auth/api/get-current-user.ts';
import { UserMenu } from '../features/auth/components/user-menu.tsx';
import { TAGLINE, WORKSPACE_NAV } from './signed-in-nav.ts';

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
        phoneMenuExtras={user ? [] : VISITOR_PHONE_MENU_EXTRAS}
      />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
