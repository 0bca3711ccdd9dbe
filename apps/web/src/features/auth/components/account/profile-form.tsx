import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { UpdateProfileBodySchema, type UpdateProfileBody, type User } from '@quire/contracts';
import { Button } from '../../../../components/ui/button.tsx';
import { Field } from '../../../../components/ui/field.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { toast } from '../../../../components/ui/use-toast.ts';
import { getErrorMessage } from '../../../../lib/errors.ts';
import { useUpdateProfile } from '../../api/update-profile.ts';

/** The account page's name form: first and last name, saved together (an empty field clears that name). */
export function ProfileForm({ user }: { user: User }) {
  const mutation = useUpdateProfile();
  const form = useForm<UpdateProfileBody>({
    resolver: zodResolver(UpdateProfileBodySchema),
    defaultValues: { firstName: user.firstName ?? '', lastName: user.lastName ?? '' },
  });
  const { errors, isDirty } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    mutation.mutate(values, {
      onSuccess: (saved) => {
        // The saved values become the new starting point, so Save is idle again until the next change.
        form.reset({ firstName: saved.firstName ?? '', lastName: saved.lastName ?? '' });
        toast({ variant: 'success', title: 'Profile saved' });
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Profile not saved', description: getErrorMessage(error, 'Please try again.') }),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="First name" error={errors.firstName?.message}>
          {(control) => <Input {...control} autoComplete="given-name" {...form.register('firstName')} />}
        </Field>
        <Field label="Last name" error={errors.lastName?.message}>
          {(control) => <Input {...control} autoComplete="family-name" {...form.register('lastName')} />}
        </Field>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={!isDirty || mutation.isPending} className="w-full sm:w-auto">
          {mutation.isPending && <Spinner />}
          {mutation.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
