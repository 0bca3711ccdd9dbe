import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearch } from 'wouter';
import { LoginBodySchema, type LoginBody } from '@quire/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { getErrorMessage } from '../../../lib/errors.ts';
import { RETURN_PARAM, authPathReturningTo } from '../../../lib/return-path.ts';
import { useLogin } from '../api/login.ts';

/** /login form: email and password (accounts spec section 5). */
export function LoginForm() {
  const loginMutation = useLogin();
  const form = useForm<LoginBody>({
    resolver: zodResolver(LoginBodySchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  // The page a signed-out visitor was sent here from travels on to the other auth page.
  const returnTo = new URLSearchParams(useSearch()).get(RETURN_PARAM);

  const onSubmit = form.handleSubmit((values) => {
    loginMutation.mutate(values, {
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Login failed', description: getErrorMessage(error, 'Please try again.') }),
    });
  });

  const pending = loginMutation.isPending || loginMutation.isSuccess;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <Field label="Email" error={errors.email?.message}>
        {(control) => (
          <Input {...control} type="email" autoComplete="email" placeholder="you@example.com" {...form.register('email')} />
        )}
      </Field>
      <Field label="Password" error={errors.password?.message}>
        {(control) => <PasswordInput {...control} autoComplete="current-password" {...form.register('password')} />}
      </Field>
      <div className="-mt-2 flex justify-end">
        <Link href="/forgot-password" className="text-sm font-medium text-accent-ink underline-offset-4 hover:underline">
          Forgot password?
        </Link>
      </div>
      <Button type="submit" size="lg" disabled={pending} className="w-full">
        {pending && <Spinner />}
        {pending ? 'Signing In...' : 'Sign In'}
      </Button>
      <p className="text-center text-sm text-muted">
        Don't have an account?{' '}
        <Link href={authPathReturningTo('/register', returnTo)} className="font-medium text-accent-ink underline-offset-4 hover:underline">
          Create one
        </Link>
      </p>
    </form>
  );
}
