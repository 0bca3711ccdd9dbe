import { AppHeader, type NavItem } from '../../../components/layout/app-header.tsx';
import { VISITOR_PHONE_MENU_EXTRAS, VisitorActions } from '../../../components/layout/visitor-actions.tsx';

const NAV: readonly NavItem[] = [
  { href: '#features', label: 'Features', anchor: true },
  { href: '#pricing', label: 'Plans', anchor: true },
  { href: '/academic-concierge', label: 'Concierge' },
  { href: '/blog', label: 'Blog' },
  { href: '/about', label: 'About' },
  { href: '/contact', label: 'Contact' },
];

/** Sticky header of the landing page (accounts spec section 2): the site header with the visitor's actions. */
export function LandingHeader() {
  return <AppHeader nav={NAV} phoneMenuExtras={VISITOR_PHONE_MENU_EXTRAS} account={<VisitorActions />} />;
}
