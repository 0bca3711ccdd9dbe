import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { CircleCheck, Link2Off } from 'lucide-react';
import { AuthLayout } from '../components/layout/auth-layout.tsx';
import { Button } from '../components/ui/button.tsx';
import { toast } from '../components/ui/use-toast.ts';
import { usePageMeta } from '../lib/use-page-meta.ts';
import { ResetPasswordForm } from '../features/auth/components/reset-password-form.tsx';
import { linkValidityText } from '../features/auth/lib/link-validity.ts';

type View = 'form' | 'done' | 'invalid';

const VIEW_TEXT: Record<View, { title: string; description: string; status: string }> = {
  form: {
    title: 'Choose a new password',
    description: 'Enter a new password for your account, then sign in with it.',
    status: '',
  },
  done: {
    title: 'Password Reset Successful',
    description: 'Your password has been changed.',
    status: 'Password reset successful.',
  },
  invalid: {
    title: 'Invalid Reset Link',
    description: 'This password reset link is invalid or has expired.',
    status: 'Invalid reset link.',
  },
};

/** With no token there is nothing to reset: a notice, then the login (accounts spec sections 4 and 8). */
function useLeaveWithoutToken(token: string) {
  const [, navigate] = useLocation();
  // Development's strict mode runs effects twice; one notice and one redirect are enough.
  const left = useRef(false);
  useEffect(() => {
    if (token || left.current) return;
    left.current = true;
    toast({ variant: 'destructive', title: 'Invalid Link', description: 'This password reset link is invalid or has expired.' });
    navigate('/login', { replace: true });
  }, [token, navigate]);
}

/**
 * /reset-password?token=… (accounts spec sections 2, 4 and 8), for anyone: the new-password form, then the success
 * view, or the invalid-link view when the server refuses the token.
 */
export function ResetPasswordPage() {
  usePageMeta({
    title: 'Reset Password — Quire',
    description: 'Choose a new password for your Quire account.',
    // The address carries a one-time secret; it has nothing for search engines.
    robots: 'noindex',
  });
  const token = new URLSearchParams(useSearch()).get('token')?.trim() ?? '';
  const [view, setView] = useState<View>('form');
  useLeaveWithoutToken(token);
  if (!token) return null;

  const text = VIEW_TEXT[view];
  return (
    <AuthLayout title={text.title} description={text.description}>
      {/* The view swaps under the heading; this region tells screen-reader users that it did. */}
      <p aria-live="polite" className="sr-only">
        {text.status}
      </p>
      {view === 'form' && (
        <ResetPasswordForm token={token} onReset={() => setView('done')} onInvalidLink={() => setView('invalid')} />
      )}
      {view === 'done' && (
        <div className="flex flex-col gap-5">
          <span aria-hidden="true" className="flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent-ink">
            <CircleCheck className="size-6" />
          </span>
          <p className="text-ink-soft">
            You can now sign in with your new password. For your safety, every device that was signed in to your account
            has been signed out.
          </p>
          <Button asChild size="lg" className="w-full">
            <Link href="/login">Go to Login</Link>
          </Button>
        </div>
      )}
      {view === 'invalid' && (
        <div className="flex flex-col gap-5">
          <span aria-hidden="true" className="flex size-12 items-center justify-center rounded-full bg-destructive-soft text-destructive">
            <Link2Off className="size-6" />
          </span>
          <p className="text-ink-soft">
            A reset link works once and for {linkValidityText()}. Ask for a new one and use the latest email we send.
          </p>
          <Button asChild size="lg" className="w-full">
            <Link href="/forgot-password">Request New Reset Link</Link>
          </Button>
          <Button asChild variant="ghost" className="w-full">
            <Link href="/login">Back to Login</Link>
          </Button>
        </div>
      )}
    </AuthLayout>
  );
}
