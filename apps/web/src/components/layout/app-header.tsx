import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Menu, X } from 'lucide-react';
import { Button } from '../ui/button.tsx';
import { Logo } from './logo.tsx';

export type NavItem = { href: string; label: string; /** An in-page anchor (`#features`) rather than a route. */ anchor?: boolean };

const navLinkClass =
  'rounded-md px-3 py-2 text-sm font-medium text-ink-soft transition-colors hover:bg-paper-deep hover:text-ink';

function NavLink({ item, className, onClick }: { item: NavItem; className?: string; onClick?: () => void }) {
  return item.anchor ? (
    <a href={item.href} className={className} onClick={onClick}>
      {item.label}
    </a>
  ) : (
    <Link href={item.href} className={className} onClick={onClick}>
      {item.label}
    </Link>
  );
}

type AppHeaderProps = {
  nav: readonly NavItem[];
  /** The account area on the right (name and logout; or sign in and sign up for visitors). */
  account: ReactNode;
  tagline?: string | undefined;
  /** Links the menu adds on phones only (below 640 px), where the account area has no room for them. */
  phoneMenuExtras?: readonly NavItem[];
};

/**
 * The site header, for visitors (landing page) and signed-in screens alike: brand and tagline, navigation (a
 * menu button below 1024 px), account area.
 */
export function AppHeader({ nav, account, tagline, phoneMenuExtras = [] }: AppHeaderProps) {
  const [open, setOpen] = useState(false);
  return (
    <header className="sticky top-0 z-40 border-b border-line/80 bg-paper/90 backdrop-blur supports-[backdrop-filter]:bg-paper/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-5 sm:px-8">
        <Link href="/" aria-label="Quire home" className="rounded-md">
          <Logo tagline={tagline} />
        </Link>
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-0.5">
            {nav.map((item) => (
              <li key={item.href}>
                <NavLink item={item} className={navLinkClass} />
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-1">
          {account}
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-expanded={open}
            aria-controls="app-menu"
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </Button>
        </div>
      </div>
      {open && (
        <nav id="app-menu" aria-label="Main" className="border-t border-line bg-paper lg:hidden">
          <ul className="mx-auto grid max-w-6xl gap-1 px-5 py-3 sm:px-8">
            {nav.map((item) => (
              <li key={item.href}>
                <NavLink item={item} className={`${navLinkClass} block`} onClick={() => setOpen(false)} />
              </li>
            ))}
            {phoneMenuExtras.map((item) => (
              <li key={item.href} className="sm:hidden">
                <NavLink item={item} className={`${navLinkClass} block`} onClick={() => setOpen(false)} />
              </li>
            ))}
          </ul>
        </nav>
      )}
    </header>
  );
}
