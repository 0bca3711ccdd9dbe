import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { LogIn, UserPlus } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { authPathReturningTo } from '../../../lib/return-path.ts';

/**
 * A visitor who is not signed in, on a payment page: a payment belongs to an account, so they sign in or register
 * and come straight back to `returnPath`. `children` says, in the page's words, why an account is needed.
 */
export function SignInToPay({ returnPath, children }: { returnPath: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-ink-soft">{children}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button asChild className="sm:flex-1">
          <Link href={authPathReturningTo('/login', returnPath)}>
            <LogIn aria-hidden="true" /> Sign In
          </Link>
        </Button>
        <Button asChild variant="secondary" className="sm:flex-1">
          <Link href={authPathReturningTo('/register', returnPath)}>
            <UserPlus aria-hidden="true" /> Create Account
          </Link>
        </Button>
      </div>
    </div>
  );
}
