import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, Send } from 'lucide-react';
import type { z } from 'zod';
import {
  SUPPORT_PRIORITIES,
  SUPPORT_SUBJECTS,
  SUPPORT_SUBJECT_LABELS,
  SupportMessageBodySchema,
  type SupportMessageBody,
} from '@quire/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input, NativeSelect, Textarea } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { getErrorMessage } from '../../../lib/errors.ts';
import { useSendSupportMessage } from '../api/send-support-message.ts';

type SupportInput = z.input<typeof SupportMessageBodySchema>;

const PRIORITY_LABELS: Record<(typeof SUPPORT_PRIORITIES)[number], string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  urgent: 'Urgent',
};

/**
 * The support form of /contact (workspace spec sections 3, 4, 5 and 8): name, e-mail, subject (default technical),
 * priority (default normal) and message, checked with the contracts' schema and the spec's messages; 'Sending...'
 * while it is sent; then the sent view with 'Send Another Message', or 'Failed to send message' with the team's
 * address. `defaults` fills name and e-mail for a signed-in user; `supportEmail` is the server's SUPPORT_EMAIL.
 */
export function SupportForm({ defaults, supportEmail }: { defaults?: { name?: string; email?: string }; supportEmail?: string }) {
  const send = useSendSupportMessage();
  const empty: SupportInput = { name: defaults?.name ?? '', email: defaults?.email ?? '', subject: 'technical', priority: 'normal', message: '' };
  const form = useForm<SupportInput, unknown, SupportMessageBody>({ resolver: zodResolver(SupportMessageBodySchema), defaultValues: empty });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: () => toast({ variant: 'success', title: 'Message sent successfully!', description: "We'll get back to you within 24 hours." }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Failed to send message',
          description: getErrorMessage(error, `Please try again${supportEmail ? `, or e-mail us at ${supportEmail}` : ''}.`),
        }),
    }),
  );

  if (send.isSuccess) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-8 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-accent-soft text-accent">
          <CircleCheck aria-hidden="true" className="size-7" />
        </span>
        <h3 className="font-display text-2xl font-semibold">Message sent successfully!</h3>
        <p className="max-w-sm text-ink-soft">We&apos;ll get back to you within 24 hours, at the address you gave us.</p>
        <Button
          variant="secondary"
          className="mt-3"
          onClick={() => {
            form.reset(empty);
            send.reset();
          }}
        >
          Send Another Message
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Send us a message" className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Name" error={errors.name?.message}>
          {(control) => <Input {...control} autoComplete="name" {...form.register('name')} />}
        </Field>
        <Field label="Email" error={errors.email?.message}>
          {(control) => <Input {...control} type="email" autoComplete="email" placeholder="you@example.com" {...form.register('email')} />}
        </Field>
        <Field label="Subject" error={errors.subject?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register('subject')}>
              {SUPPORT_SUBJECTS.map((subject) => (
                <option key={subject} value={subject}>
                  {SUPPORT_SUBJECT_LABELS[subject]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="Priority" error={errors.priority?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register('priority')}>
              {SUPPORT_PRIORITIES.map((priority) => (
                <option key={priority} value={priority}>
                  {PRIORITY_LABELS[priority]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>
      <Field label="Message" hint="What happened, which book or file, and what you expected. At least 10 characters." error={errors.message?.message}>
        {(control) => <Textarea {...control} rows={6} {...form.register('message')} />}
      </Field>
      {send.isError && (
        <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive-soft px-4 py-3 text-sm text-destructive">
          Failed to send message. {getErrorMessage(send.error, 'Please try again.')}
          {supportEmail && (
            <>
              {' '}
              You can also write to{' '}
              <a href={`mailto:${supportEmail}`} className="font-medium underline underline-offset-4">
                {supportEmail}
              </a>
              .
            </>
          )}
        </p>
      )}
      <Button type="submit" size="lg" disabled={send.isPending} className="w-full sm:w-auto sm:self-start">
        <Send aria-hidden="true" /> {send.isPending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
