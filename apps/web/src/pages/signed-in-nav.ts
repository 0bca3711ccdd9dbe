import type { NavItem } from '../components/layout/app-header.tsx';

export const TAGLINE = 'Book formatting for self-publishers';

/** Navigation of the signed-in home screen (accounts spec section 2). */
export const HOME_NAV: NavItem[] = [
  { href: '#features', label: 'Features', anchor: true },
  { href: '/academic-concierge', label: 'Concierge Service' },
  { href: '/blog', label: 'Blog' },
  { href: '#pricing', label: 'Pricing', anchor: true },
  { href: '/contact', label: 'Contact' },
];

/** The same navigation from other signed-in screens: the anchors point at the home screen. */
export const WORKSPACE_NAV: NavItem[] = HOME_NAV.map((item) =>
  item.anchor ? { href: `/${item.href}`, label: item.label } : item,
);
