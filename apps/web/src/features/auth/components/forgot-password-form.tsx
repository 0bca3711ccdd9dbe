import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'wouter';
import { ForgotPasswordBodySchema, type ForgotPasswordBody } from '@quire/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { getErrorMessage, getErrorStatus } from '../../../lib/errors.ts';
import { useRequestPasswordReset } from '../api/forgot-password.ts';

/** Notice of a failed request (accounts spec section 8). */
const SEND_FAILED_MESSAGE = 'Failed to send reset email. Please try again.';

type ForgotPasswordFormProps = {
  /** Called with the address once the server has accepted the request: the page shows the sent view. */
  onSent: (email: string) => void;
  defaultEmail?: string;
};

/**
 * /forgot-password form (accounts spec sections 2, 4, 5 and 8): the e-mail address, idle or sending. A blank
 * address gives the 'Email required' notice beside the field's message; a failure gives 'Error', with the server's
 * own words only when it asks to wait (429), since any other failure says nothing a person can act on.
 */
export function ForgotPasswordForm({ onSent, defaultEmail = '' }: ForgotPasswordFormProps) {
  const mutation = useRequestPasswordReset();
  const form = useForm<ForgotPasswordBody>({
    resolver: zodResolver(ForgotPasswordBodySchema),
    defaultValues: { email: defaultEmail },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(
    (values) => {
      mutation.mutate(values, {
        onSuccess: () => onSent(values.email),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Error',
            description: getErrorStatus(error) === 429 ? getErrorMessage(error, SEND_FAILED_MESSAGE) : SEND_FAILED_MESSAGE,
          }),
      });
    },
    () => {
      if (!form.getValues('email').trim()) {
        toast({ variant: 'destructive', title: 'Email required', description: 'Please enter your email address' });
      }
    },
  );

  const sending = mutation.isPending;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <Field label="Email" error={errors.email?.message}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            autoFocus
            {...form.register('email')}
          />
        )}
      </Field>
      <Button type="submit" size="lg" disabled={sending} className="w-full">
        {sending && <Spinner />}
        {sending ? 'Sending...' : 'Send Reset Link'}
      </Button>
      <p className="text-center text-sm text-muted">
        Remembered it?{' '}
        <Link href="/login" className="font-medium text-accent-ink underline-offset-4 hover:underline">
          Back to Login
        </Link>
      </p>
    </form>
  );
}
