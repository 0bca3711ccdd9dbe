import { Link } from 'wouter';
import { LogOut } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { displayName, useCurrentUser } from '../api/get-current-user.ts';
import { useLogout } from '../api/logout.ts';

/** The signed-in user's name, linking to the account page, and the logout button. */
export function UserMenu() {
  const { data: user } = useCurrentUser();
  const logoutMutation = useLogout();
  const name = displayName(user);
  const initial = name.charAt(0).toUpperCase();
  return (
    <div className="flex items-center gap-2 sm:gap-3">
      <Link
        href="/account"
        className="flex items-center gap-2 rounded-md py-1 pr-2 pl-1 text-sm text-ink-soft transition-colors hover:bg-paper-deep hover:text-ink focus-visible:outline-2 focus-visible:outline-accent"
      >
        <span
          aria-hidden="true"
          className="flex size-8 items-center justify-center rounded-full bg-accent-soft font-display text-sm font-semibold text-accent-ink"
        >
          {initial}
        </span>
        <span className="hidden max-w-[12rem] truncate font-medium sm:inline" data-testid="user-name">
          {name}
        </span>
        {/* On phones only the initial shows; the link still says whose account it opens. */}
        <span className="sr-only sm:hidden">Signed in as {name}:</span>
        <span className="sr-only">Account settings</span>
      </Link>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => logoutMutation.mutate()}
        disabled={logoutMutation.isPending}
        aria-label="Log out"
      >
        {logoutMutation.isPending ? <Spinner /> : <LogOut aria-hidden="true" />}
        <span className="hidden sm:inline">Log out</span>
      </Button>
    </div>
  );
}
