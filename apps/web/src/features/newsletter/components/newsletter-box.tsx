import { useId, useState, type FormEvent } from 'react';
import { MailCheck } from 'lucide-react';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { getErrorMessage } from '../../../lib/errors.ts';
import { cn } from '../../../lib/cn.ts';
import { useSubscribeToNewsletter } from '../api/newsletter.ts';

const EMAIL = z.string().trim().pipe(z.email());

/**
 * The blog's newsletter box (accounts spec section 2: an email input and Subscribe; issue 13: stored with double
 * opt-in): 'Subscribing...' while sent, then the server's 'check your inbox' words; a bad address is refused here.
 * `source` says which box it is (the blog list or a post).
 */
export function NewsletterBox({ source, className }: { source: 'blog' | 'blog-post'; className?: string }) {
  const subscribe = useSubscribeToNewsletter();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!EMAIL.safeParse(email).success) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    subscribe.mutate({ email: email.trim(), source });
  };

  return (
    <section aria-labelledby={`${id}-title`} className={cn('rounded-2xl border border-line bg-paper-deep/60 p-6 sm:p-8', className)}>
      <h2 id={`${id}-title`} className="font-display text-2xl font-semibold tracking-tight">
        Get the next guide by e-mail
      </h2>
      <p className="mt-2 max-w-xl text-ink-soft">
        One practical article about formatting books, theses and e-books, about once a month. No spam; unsubscribe from any
        e-mail.
      </p>
      {subscribe.isSuccess ? (
        <p role="status" className="mt-5 flex items-start gap-2 font-medium text-accent-ink">
          <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" /> {subscribe.data.message}
        </p>
      ) : (
        <form onSubmit={submit} noValidate className="mt-5 flex flex-col gap-2">
          <div className="flex flex-col gap-3 sm:flex-row">
            <label htmlFor={`${id}-email`} className="sr-only">
              Email address
            </label>
            <Input
              id={`${id}-email`}
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid || subscribe.isError ? `${id}-error` : undefined}
              className="sm:max-w-sm"
            />
            <Button type="submit" disabled={subscribe.isPending}>
              {subscribe.isPending ? 'Subscribing...' : 'Subscribe'}
            </Button>
          </div>
          {invalid && <FieldError id={`${id}-error`}>Please enter a valid email address</FieldError>}
          {!invalid && subscribe.isError && (
            <FieldError id={`${id}-error`}>{getErrorMessage(subscribe.error, 'Subscribing failed. Please try again.')}</FieldError>
          )}
        </form>
      )}
    </section>
  );
}
