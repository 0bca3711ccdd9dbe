import { useForm } from 'react-hook-form';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@quire/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { getErrorMessage } from '../../../lib/errors.ts';
import { useResetPassword } from '../api/reset-password.ts';

type ResetPasswordValues = { password: string; confirmPassword: string };

type Problem = { field: keyof ResetPasswordValues; title: string; message: string };

/** The first problem of the form, with the notice title and message of the spec (accounts spec section 5). */
function findProblem({ password, confirmPassword }: ResetPasswordValues): Problem | null {
  if (!password) return { field: 'password', title: 'Password required', message: 'Please enter a new password' };
  if (password.length < PASSWORD_MIN_LENGTH) {
    return { field: 'password', title: 'Password too short', message: 'Password must be at least 6 characters long' };
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return { field: 'password', title: 'Password too long', message: 'Password must be at most 200 characters' };
  }
  if (password !== confirmPassword) {
    return { field: 'confirmPassword', title: "Passwords don't match", message: 'Please make sure both passwords match' };
  }
  return null;
}

type ResetPasswordFormProps = {
  token: string;
  onReset: () => void;
  /** The link is unknown, used or expired: the page shows the invalid-link view. */
  onInvalidLink: () => void;
};

/**
 * /reset-password form (accounts spec sections 2, 5 and 8): the new password and its confirmation, each with a
 * show/hide toggle. Each problem shows as a notice and under its field.
 */
export function ResetPasswordForm({ token, onReset, onInvalidLink }: ResetPasswordFormProps) {
  const mutation = useResetPassword();
  const form = useForm<ResetPasswordValues>({ defaultValues: { password: '', confirmPassword: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    const problem = findProblem(values);
    if (problem) {
      form.setError(problem.field, { message: problem.message }, { shouldFocus: true });
      toast({ variant: 'destructive', title: problem.title, description: problem.message });
      return;
    }
    mutation.mutate(
      { token, password: values.password },
      {
        onSuccess: onReset,
        onError: (error) => {
          if (getErrorMessage(error, '').includes('Invalid or expired')) {
            toast({
              variant: 'destructive',
              title: 'Reset Failed',
              description: 'This reset link has expired or is invalid. Please request a new one.',
            });
            onInvalidLink();
            return;
          }
          toast({ variant: 'destructive', title: 'Reset Failed', description: 'Failed to reset password. Please try again.' });
        },
      },
    );
  });

  const pending = mutation.isPending || mutation.isSuccess;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <Field label="New password" hint="At least 6 characters." error={errors.password?.message}>
        {(control) => <PasswordInput {...control} autoComplete="new-password" autoFocus {...form.register('password')} />}
      </Field>
      <Field label="Confirm new password" error={errors.confirmPassword?.message}>
        {(control) => <PasswordInput {...control} autoComplete="new-password" {...form.register('confirmPassword')} />}
      </Field>
      <Button type="submit" size="lg" disabled={pending} className="w-full">
        {pending && <Spinner />}
        {pending ? 'Resetting Password...' : 'Reset Password'}
      </Button>
    </form>
  );
}
