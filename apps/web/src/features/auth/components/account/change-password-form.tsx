import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ChangePasswordBodySchema } from '@quire/contracts';
import { Button } from '../../../../components/ui/button.tsx';
import { Field } from '../../../../components/ui/field.tsx';
import { PasswordInput } from '../../../../components/ui/password-input.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { toast } from '../../../../components/ui/use-toast.ts';
import { getErrorMessage, getErrorStatus } from '../../../../lib/errors.ts';
import { useChangePassword } from '../../api/change-password.ts';

// The confirmation is the form's own: the server is sent the current and the new password only.
const ChangePasswordFormSchema = ChangePasswordBodySchema.extend({ confirmPassword: z.string() }).refine(
  (values) => values.newPassword === values.confirmPassword,
  { path: ['confirmPassword'], error: 'Please make sure both passwords match' },
);
type ChangePasswordValues = z.infer<typeof ChangePasswordFormSchema>;

const EMPTY: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * The account page's password form: current, new and confirmation, each with a show/hide toggle. A wrong current
 * password (400) is shown under that field in the server's words; other devices are signed out on success.
 */
export function ChangePasswordForm() {
  const mutation = useChangePassword();
  const form = useForm<ChangePasswordValues>({ resolver: zodResolver(ChangePasswordFormSchema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) => {
    mutation.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset(EMPTY);
          toast({ variant: 'success', title: 'Password changed', description: 'Your other devices have been signed out.' });
        },
        onError: (error) => {
          const message = getErrorMessage(error, 'Please try again.');
          if (getErrorStatus(error) === 400) form.setError('currentPassword', { message }, { shouldFocus: true });
          toast({ variant: 'destructive', title: 'Password not changed', description: message });
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <Field label="Current password" error={errors.currentPassword?.message}>
        {(control) => <PasswordInput {...control} autoComplete="current-password" {...form.register('currentPassword')} />}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="New password" hint="At least 6 characters." error={errors.newPassword?.message}>
          {(control) => <PasswordInput {...control} autoComplete="new-password" {...form.register('newPassword')} />}
        </Field>
        <Field label="Confirm new password" error={errors.confirmPassword?.message}>
          {(control) => <PasswordInput {...control} autoComplete="new-password" {...form.register('confirmPassword')} />}
        </Field>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={mutation.isPending} className="w-full sm:w-auto">
          {mutation.isPending && <Spinner />}
          {mutation.isPending ? 'Changing Password...' : 'Change Password'}
        </Button>
      </div>
    </form>
  );
}
