import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LockKeyhole } from 'lucide-react';
import { AdminPasswordBodySchema, type AdminPasswordBody, type AdminSession } from '@quire/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useVerifyAdminPassword, verifyErrorMessage } from '../api/verify-admin-password.ts';

/**
 * The locked admin page (accounts spec sections 4, 9, 10): the admin password (required), checked by the server.
 * A good one hands its session to `onUnlock`; a failure is said under the field ('Invalid password', 'Authentication
 * failed', or the server's words when it is rate-limiting or has admin turned off). `notice` says why the page
 * locked again (the session ended).
 */
export function AdminPasswordGate({ onUnlock, notice }: { onUnlock: (session: AdminSession) => void; notice?: string | undefined }) {
  const verify = useVerifyAdminPassword();
  const form = useForm<AdminPasswordBody>({ resolver: zodResolver(AdminPasswordBodySchema), defaultValues: { password: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    verify.mutate(values, {
      onSuccess: onUnlock,
      onError: (error) => form.setError('password', { message: verifyErrorMessage(error) }, { shouldFocus: true }),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      {notice && (
        <p role="alert" className="rounded-lg border border-line-strong bg-paper-deep px-4 py-3 text-sm text-ink-soft">
          {notice}
        </p>
      )}
      {/* The password is the only thing to do here, on arrival and after the page locks again. */}
      <Field label="Admin password" error={errors.password?.message}>
        {(control) => <PasswordInput {...control} autoFocus autoComplete="current-password" {...form.register('password')} />}
      </Field>
      <Button type="submit" size="lg" disabled={verify.isPending} className="w-full">
        {verify.isPending ? <Spinner /> : <LockKeyhole aria-hidden="true" />}
        {verify.isPending ? 'Checking...' : 'Unlock'}
      </Button>
    </form>
  );
}
