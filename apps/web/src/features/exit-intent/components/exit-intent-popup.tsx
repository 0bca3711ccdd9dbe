import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Link, useLocation } from 'wouter';
import { ArrowRight, Check, Gift } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { LeadEmailSchema, useCreateLead } from '../api/create-lead.ts';
import { useExitIntent, type UseExitIntentOptions } from '../hooks/use-exit-intent.ts';

/** Time 'Almost There!' stays up before the visitor is taken to sign-up (accounts spec section 2), in milliseconds. */
export const REDIRECT_DELAY_MS = 2_000;

/** The sign-up page with the address prefilled: `/register?email=<address, URL-encoded>`. */
export function registerPathFor(email: string): string {
  return `/register?email=${encodeURIComponent(email)}`;
}

// What the free trial is (accounts spec sections 1 and 9); the popup promises nothing beyond it.
const TRIAL_POINTS = ['1 free export: print-ready PDF, EPUB 3, Word or HTML', 'Up to 25 pages (about 12,500 words)', 'No credit card'] as const;

const LeadFormSchema = z.object({ email: LeadEmailSchema });
type LeadForm = z.infer<typeof LeadFormSchema>;

export type ExitIntentPopupProps = UseExitIntentOptions & {
  /** Time between 'Almost There!' and the redirect to sign-up, in milliseconds; {@link REDIRECT_DELAY_MS} by default. */
  redirectDelayMs?: number | undefined;
};

/**
 * The landing page's exit-intent popup (accounts spec section 2, "Exit-intent popup (landing)"). Renders nothing
 * until {@link useExitIntent} opens it: once per browser session, after at least 15 s on the page, when the pointer
 * leaves through the top of the window or 1 s after the visitor scrolls back to the top from more than 100 px down.
 *
 * It asks for an e-mail address with 'first 100 early adopters' copy. A valid address is stored as a lead
 * (POST /api/newsletter/leads, source `exit-intent`); the popup then shows 'Almost There!' and after
 * `redirectDelayMs` (2 000 ms) goes to /register?email=<address>. A failed lead call is ignored: the sign-up matters
 * more than the lead list. Closing the popup (close button, 'No thanks', Escape, a click outside) also cancels a
 * pending redirect.
 *
 * All props are optional and for tests: the thresholds, clock and storage of {@link UseExitIntentOptions}, and
 * `redirectDelayMs`.
 */
export function ExitIntentPopup({ redirectDelayMs = REDIRECT_DELAY_MS, ...exitIntentOptions }: ExitIntentPopupProps) {
  const { open, close } = useExitIntent(exitIntentOptions);
  const [, navigate] = useLocation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  // Radix's modal Dialog returns focus to its trigger on close, and this dialog has none (it opens itself), so the
  // element that had focus when it opened is remembered and focused again instead.
  const focusBeforeOpen = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (!open || sentTo === null) return;
    const timer = setTimeout(() => navigate(registerPathFor(sentTo)), redirectDelayMs);
    return () => clearTimeout(timer);
  }, [open, sentTo, navigate, redirectDelayMs]);

  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent
        className="gap-4 p-5 sm:max-w-md sm:gap-5 sm:p-8"
        closeLabel="Close"
        onOpenAutoFocus={() => {
          focusBeforeOpen.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          focusBeforeOpen.current?.focus();
        }}
      >
        {sentTo === null ? <LeadStep onSent={setSentTo} /> : <AlmostThereStep email={sentTo} />}
      </DialogContent>
    </Dialog>
  );
}

/** The offer and the e-mail form. Calls `onSent` with the trimmed address as soon as it is valid. */
function LeadStep({ onSent }: { onSent: (email: string) => void }) {
  const createLead = useCreateLead();
  const form = useForm<LeadForm>({ resolver: zodResolver(LeadFormSchema), defaultValues: { email: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ email }) => {
    // Not awaited, and failures are dropped on purpose: 'Almost There!' and the redirect go ahead either way, and
    // a request still in flight finishes after the in-app navigation to /register.
    createLead.mutate({ email, source: 'exit-intent' });
    onSent(email);
  });

  return (
    <>
      <div className="flex flex-col gap-2.5 sm:gap-3">
        <p className="mr-8 inline-flex w-fit items-center gap-1.5 rounded-full bg-accent-soft px-3 py-1 text-xs font-medium text-accent-ink">
          <Gift aria-hidden="true" className="size-3.5" />
          For our first 100 early adopters
        </p>
        <DialogTitle className="text-[1.375rem] leading-tight sm:text-[1.75rem]">Before you go: your first book is on us</DialogTitle>
        <DialogDescription>
          Be one of the first 100 early adopters to format a book with Quire. Leave your e-mail and we'll take you
          straight to sign-up for your free trial.
        </DialogDescription>
      </div>
      <ul className="flex flex-col gap-1.5 rounded-lg border border-line bg-paper px-3.5 py-3 text-sm text-ink-soft sm:gap-2 sm:px-4">
        {TRIAL_POINTS.map((point) => (
          <li key={point} className="flex items-start gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
            {point}
          </li>
        ))}
      </ul>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
        <Field label="Email" error={errors.email?.message}>
          {(control) => (
            <Input
              {...control}
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder="you@example.com"
              {...form.register('email')}
            />
          )}
        </Field>
        <Button type="submit" size="lg" className="w-full">
          Claim my free export <ArrowRight aria-hidden="true" />
        </Button>
        <DialogClose asChild>
          <Button variant="ghost" className="w-full">
            No thanks
          </Button>
        </DialogClose>
      </form>
      <p className="text-center text-xs leading-relaxed text-muted">
        We keep your address to follow up about Quire.{' '}
        <Link href="/privacy-policy" className="underline underline-offset-2 hover:text-ink">
          Privacy policy
        </Link>
      </p>
    </>
  );
}

/** The step after a valid address: 'Almost There!', and a link for those who would rather not wait. */
function AlmostThereStep({ email }: { email: string }) {
  const continueLink = useRef<HTMLAnchorElement>(null);
  // The form (and the focused button) has just gone; focus the way on, so keyboard users stay in the dialog.
  useEffect(() => continueLink.current?.focus(), []);
  return (
    <>
      <div className="flex flex-col gap-2.5 sm:gap-3">
        <span className="flex size-11 items-center justify-center rounded-full bg-accent-soft text-accent" aria-hidden="true">
          <Check className="size-5" />
        </span>
        <DialogTitle className="text-[1.375rem] leading-tight sm:text-[1.75rem]">Almost There!</DialogTitle>
        <DialogDescription role="status">
          Taking you to sign-up for <span className="font-medium break-all text-ink">{email}</span>. Choose a password
          there to claim your free export.
        </DialogDescription>
      </div>
      <Button asChild size="lg" variant="secondary" className="w-full">
        <Link ref={continueLink} href={registerPathFor(email)}>
          Continue to sign-up <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </>
  );
}
