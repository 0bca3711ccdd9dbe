import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearch } from 'wouter';
import { RegisterBodySchema, type RegisterBody } from '@quire/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { getErrorMessage } from '../../../lib/errors.ts';
import { RETURN_PARAM, authPathReturningTo } from '../../../lib/return-path.ts';
import { useRegister } from '../api/register.ts';

/** /register form: email, password, optional first and last name (accounts spec section 5). */
export function RegisterForm() {
  const registerMutation = useRegister();
  const params = new URLSearchParams(useSearch());
  const form = useForm<RegisterBody>({
    resolver: zodResolver(RegisterBodySchema),
    // `?email=` comes from the landing page's exit-intent popup (accounts spec section 2): the address is filled in.
    defaultValues: { email: params.get('email') ?? '', password: '', firstName: '', lastName: '' },
  });
  const { errors } = form.formState;
  // The page a signed-out visitor was sent here from travels on to the other auth page.
  const returnTo = params.get(RETURN_PARAM);

  const onSubmit = form.handleSubmit((values) => {
    const body: RegisterBody = {
      email: values.email,
      password: values.password,
      ...(values.firstName ? { firstName: values.firstName } : {}),
      ...(values.lastName ? { lastName: values.lastName } : {}),
    };
    registerMutation.mutate(body, {
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Registration failed',
          description: getErrorMessage(error, 'Please try again.'),
        }),
    });
  });

  const pending = registerMutation.isPending || registerMutation.isSuccess;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="First name" optional error={errors.firstName?.message}>
          {(control) => <Input {...control} autoComplete="given-name" {...form.register('firstName')} />}
        </Field>
        <Field label="Last name" optional error={errors.lastName?.message}>
          {(control) => <Input {...control} autoComplete="family-name" {...form.register('lastName')} />}
        </Field>
      </div>
      <Field label="Email" error={errors.email?.message}>
        {(control) => (
          <Input {...control} type="email" autoComplete="email" placeholder="you@example.com" {...form.register('email')} />
        )}
      </Field>
      <Field label="Password" hint="At least 6 characters." error={errors.password?.message}>
        {(control) => <PasswordInput {...control} autoComplete="new-password" {...form.register('password')} />}
      </Field>
      <Button type="submit" size="lg" disabled={pending} className="w-full">
        {pending && <Spinner />}
        {pending ? 'Creating Account...' : 'Create Account'}
      </Button>
      <p className="text-center text-sm text-muted">
        Already have an account?{' '}
        <Link href={authPathReturningTo('/login', returnTo)} className="font-medium text-accent-ink underline-offset-4 hover:underline">
          Sign in
        </Link>
      </p>
    </form>
  );
}
