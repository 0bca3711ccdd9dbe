import { useEffect, useRef } from 'react';
import { useSearch } from 'wouter';
import { useMutation } from '@tanstack/react-query';
import { CircleCheck, CircleX, MailX } from 'lucide-react';
import { Spinner } from '../components/ui/spinner.tsx';
import { getErrorMessage } from '../lib/errors.ts';
import { usePageMeta } from '../lib/use-page-meta.ts';
import { ActionLink, PaymentMessage } from '../features/billing/components/payment-layout.tsx';
import { followNewsletterLink } from '../features/newsletter/api/newsletter.ts';
import { PublicPageFrame } from './public-page-frame.tsx';

/** The link's action and token from `?confirm=<token>` or `?unsubscribe=<token>`, or null for neither. */
function linkOf(search: string): { action: 'confirm' | 'unsubscribe'; token: string } | null {
  const params = new URLSearchParams(search);
  const confirm = params.get('confirm');
  if (confirm) return { action: 'confirm', token: confirm };
  const unsubscribe = params.get('unsubscribe');
  if (unsubscribe) return { action: 'unsubscribe', token: unsubscribe };
  return null;
}

/**
 * /newsletter (issue 13): where the newsletter mails' links lead. `?confirm=<token>` confirms a subscription,
 * `?unsubscribe=<token>` takes the address off the list; the page calls the server once and says what happened, or
 * that the link is invalid or has expired.
 */
export function NewsletterPage() {
  usePageMeta({ title: 'Newsletter — Quire', description: 'Confirm or end your subscription to the Quire newsletter.', robots: 'noindex' });
  const link = linkOf(useSearch());
  const follow = useMutation({ mutationFn: (l: { action: 'confirm' | 'unsubscribe'; token: string }) => followNewsletterLink(l.action, l.token) });
  const started = useRef(false);
  useEffect(() => {
    // Once: in development React runs effects twice, and a confirmation link works only once.
    if (!link || started.current) return;
    started.current = true;
    follow.mutate(link);
  }, [link, follow]);

  let body;
  if (!link) {
    body = (
      <PaymentMessage icon={<MailX aria-hidden="true" />} title="No newsletter link" actions={<ActionLink label="Read the Blog" href="/blog" />}>
        <p>This page confirms or ends a newsletter subscription from the link in our e-mail. Subscribe from any page of the blog.</p>
      </PaymentMessage>
    );
  } else if (follow.isError) {
    body = (
      <PaymentMessage icon={<CircleX aria-hidden="true" />} tone="problem" title="This link does not work" actions={<ActionLink label="Go to the Blog" href="/blog" />}>
        <p>{getErrorMessage(follow.error, 'This link is invalid or has expired.')}</p>
        {link.action === 'confirm' && <p>Subscribe again from the blog and we will send you a new link.</p>}
      </PaymentMessage>
    );
  } else if (follow.isSuccess) {
    body = (
      <PaymentMessage
        icon={<CircleCheck aria-hidden="true" />}
        tone="success"
        title={link.action === 'confirm' ? 'Subscription confirmed' : 'You are unsubscribed'}
        actions={<ActionLink label="Read the Blog" href="/blog" />}
      >
        <p>{follow.data.message}</p>
      </PaymentMessage>
    );
  } else {
    body = (
      <div role="status" className="flex min-h-72 items-center justify-center gap-2 text-muted">
        <Spinner /> {link.action === 'confirm' ? 'Confirming your subscription...' : 'Unsubscribing...'}
      </div>
    );
  }
  return <PublicPageFrame>{body}</PublicPageFrame>;
}
