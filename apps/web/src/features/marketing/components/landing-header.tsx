import { Link } from 'wouter';
import { AppHeader, type NavItem } from '../../../components/layout/app-header.tsx';
import { Button } from '../../../components/ui/button.tsx';

const NAV: readonly NavItem[] = [
  { href: '#features', label: 'Features', anchor: true },
  { href: '#pricing', label: 'Plans', anchor: true },
  { href: '/academic-concierge', label: 'Concierge' },
  { href: '/blog', label: 'Blog' },
  { href: '/about', label: 'About' },
  { href: '/contact', label: 'Contact' },
];

/** Sign In moves into the menu on phones, where only Start Free Trial fits beside the menu button. */
const PHONE_MENU_EXTRAS: readonly NavItem[] = [{ href: '/login', label: 'Sign In' }];

/** Sticky header of the landing page (accounts spec section 2): the site header with the visitor's actions. */
export function LandingHeader() {
  return (
    <AppHeader
      nav={NAV}
      phoneMenuExtras={PHONE_MENU_EXTRAS}
      account={
        <div className="flex items-center gap-2">
          <Button asChild variant="ghost" className="hidden sm:inline-flex">
            <Link href="/login">Sign In</Link>
          </Button>
          <Button asChild>
            <Link href="/register">Start Free Trial</Link>
          </Button>
        </div>
      }
    />
  );
}
