import { useState } from 'react';
import { useSearch } from 'wouter';
import { AuthLayout } from '../components/layout/auth-layout.tsx';
import { usePageMeta } from '../lib/use-page-meta.ts';
import { ForgotPasswordForm } from '../features/auth/components/forgot-password-form.tsx';
import { ResetLinkSent } from '../features/auth/components/reset-link-sent.tsx';

/**
 * /forgot-password (accounts spec sections 2 and 4), for anyone: idle and sending show the form, sent shows
 * 'Check Your Email'. An `email` query parameter fills the field in.
 */
export function ForgotPasswordPage() {
  usePageMeta({
    title: 'Forgot Password — Quire',
    description: 'Reset the password of your Quire account.',
    canonicalPath: '/forgot-password',
  });
  const initialEmail = new URLSearchParams(useSearch()).get('email') ?? '';
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [email, setEmail] = useState(initialEmail);

  return (
    <AuthLayout
      title={sentTo === null ? 'Forgot your password?' : 'Check Your Email'}
      description={
        sentTo === null
          ? 'Enter the email address of your account and we will send you a link to choose a new password.'
          : 'Your request has been received.'
      }
    >
      {/* The view swaps under the heading; this region tells screen-reader users that it did. */}
      <p aria-live="polite" className="sr-only">
        {sentTo === null ? '' : 'Check your email: a reset link was sent if an account exists for that address.'}
      </p>
      {sentTo === null ? (
        <ForgotPasswordForm
          defaultEmail={email}
          onSent={(address) => {
            setEmail(address);
            setSentTo(address);
          }}
        />
      ) : (
        <ResetLinkSent email={sentTo} onTryAgain={() => setSentTo(null)} />
      )}
    </AuthLayout>
  );
}
