import { useLocation } from 'wouter';
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

/** The same navigation from the other public pages (/about, /blog...): the anchors lead to the landing page's sections. */
const NAV_ELSEWHERE: readonly NavItem[] = NAV.map((item) => (item.anchor ? { href: `/${item.href}`, label: item.label } : item));

/**
 * Sticky header of the landing page and the public pages (accounts spec section 2): the site header with the
 * visitor's actions. Features and Plans are anchors of the landing page, so elsewhere they lead back to it.
 */
export function LandingHeader() {
  const [location] = useLocation();
  return <AppHeader nav={location === '/' ? NAV : NAV_ELSEWHERE} phoneMenuExtras={VISITOR_PHONE_MENU_EXTRAS} account={<VisitorActions />} />;
}
