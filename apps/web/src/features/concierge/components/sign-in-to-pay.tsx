import { Link } from 'wouter';
import { LogIn, UserPlus } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { authPathReturningTo } from '../../../lib/return-path.ts';

/**
 * A visitor who is not signed in: the payment belongs to an account, so sign in or register, and come straight back
 * to `returnPath` (the inquiry stays stored meanwhile).
 */
export function SignInToPay({ returnPath }: { returnPath: string }) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-ink-soft">
        You need a Quire account to pay, so that your receipt and your project are kept together. Sign in, or create a
        free account, and you will come straight back here. Your project details are kept.
      </p>
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
