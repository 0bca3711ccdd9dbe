import { useState } from 'react';
import { Link } from 'wouter';
import { Menu, X } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Logo } from '../../../components/layout/logo.tsx';

const NAV = [
  { href: '#features', label: 'Features', anchor: true },
  { href: '#pricing', label: 'Plans', anchor: true },
  { href: '/academic-concierge', label: 'Concierge', anchor: false },
  { href: '/blog', label: 'Blog', anchor: false },
  { href: '/about', label: 'About', anchor: false },
  { href: '/contact', label: 'Contact', anchor: false },
] as const;

const navLinkClass =
  'rounded-md px-3 py-2 text-sm font-medium text-ink-soft transition-colors hover:bg-paper-deep hover:text-ink';

/** Sticky header of the landing page (accounts spec section 2). */
export function LandingHeader() {
  const [open, setOpen] = useState(false);
  return (
    <header className="sticky top-0 z-40 border-b border-line/80 bg-paper/90 backdrop-blur supports-[backdrop-filter]:bg-paper/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-5 sm:px-8">
        <Link href="/" aria-label="Quire home" className="rounded-md">
          <Logo />
        </Link>
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-0.5">
            {NAV.map((item) => (
              <li key={item.href}>
                {item.anchor ? (
                  <a href={item.href} className={navLinkClass}>
                    {item.label}
                  </a>
                ) : (
                  <Link href={item.href} className={navLinkClass}>
                    {item.label}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <Button asChild variant="ghost" className="hidden sm:inline-flex">
            <Link href="/login">Sign In</Link>
          </Button>
          <Button asChild>
            <Link href="/register">Start Free Trial</Link>
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-expanded={open}
            aria-controls="landing-menu"
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </Button>
        </div>
      </div>
      {open && (
        <nav id="landing-menu" aria-label="Main" className="border-t border-line bg-paper lg:hidden">
          <ul className="mx-auto grid max-w-6xl gap-1 px-5 py-3 sm:px-8">
            {NAV.map((item) => (
              <li key={item.href}>
                {item.anchor ? (
                  <a href={item.href} className={`${navLinkClass} block`} onClick={() => setOpen(false)}>
                    {item.label}
                  </a>
                ) : (
                  <Link href={item.href} className={`${navLinkClass} block`}>
                    {item.label}
                  </Link>
                )}
              </li>
            ))}
            <li className="sm:hidden">
              <Link href="/login" className={`${navLinkClass} block`}>
                Sign In
              </Link>
            </li>
          </ul>
        </nav>
      )}
    </header>
  );
}
