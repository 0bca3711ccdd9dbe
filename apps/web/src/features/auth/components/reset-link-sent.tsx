import { Link } from 'wouter';
import { MailCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { linkValidityText } from '../lib/link-validity.ts';

type ResetLinkSentProps = { email: string; onTryAgain: () => void };

/**
 * The sent view of /forgot-password (accounts spec section 2 'Check Your Email'). It says the link went out only
 * if the address has an account: the server answers the same either way, so that the page cannot be used to
 * find out who has an account.
 */
export function ResetLinkSent({ email, onTryAgain }: ResetLinkSentProps) {
  return (
    <div className="flex flex-col gap-5">
      <span aria-hidden="true" className="flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent-ink">
        <MailCheck className="size-6" />
      </span>
      <div className="flex flex-col gap-3 text-ink-soft">
        <p>
          If an account exists for <strong className="font-semibold [overflow-wrap:anywhere] text-ink">{email}</strong>, we
          have sent it a link to reset your password. The link is valid for {linkValidityText()}.
        </p>
        <p className="text-sm">Nothing after a few minutes? Check your spam or junk folder, or try again.</p>
      </div>
      <Button asChild size="lg" className="w-full">
        <Link href="/login">Back to Login</Link>
      </Button>
      <Button variant="ghost" onClick={onTryAgain} className="w-full">
        Use a different email
      </Button>
    </div>
  );
}
