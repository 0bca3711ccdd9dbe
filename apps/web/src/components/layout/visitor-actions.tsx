import { Link } from 'wouter';
import { Button } from '../ui/button.tsx';
import type { NavItem } from './app-header.tsx';

/** On phones Sign In moves into the header's menu, where only Start Free Trial fits beside the menu button. */
export const VISITOR_PHONE_MENU_EXTRAS: readonly NavItem[] = [{ href: '/login', label: 'Sign In' }];

/** A signed-out visitor's header actions: Sign In (from small tablets up) and Start Free Trial. */
export function VisitorActions() {
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
