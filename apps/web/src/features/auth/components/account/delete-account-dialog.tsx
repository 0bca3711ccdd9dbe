import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
import { DeleteAccountBodySchema, type DeleteAccountBody } from '@quire/contracts';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Field } from '../../../../components/ui/field.tsx';
import { PasswordInput } from '../../../../components/ui/password-input.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { toast } from '../../../../components/ui/use-toast.ts';
import { getErrorMessage, getErrorStatus } from '../../../../lib/errors.ts';
import { useDeleteAccount } from '../../api/delete-account.ts';

/**
 * 'Delete my account': a confirmation that says what goes with the account and asks for the password (a device
 * left signed in must not be enough). A wrong password shows under the field in the server's words; on success
 * the hook signs out and goes to /.
 */
export function DeleteAccountDialog() {
  const [open, setOpen] = useState(false);
  const mutation = useDeleteAccount();
  const form = useForm<DeleteAccountBody>({ resolver: zodResolver(DeleteAccountBodySchema), defaultValues: { password: '' } });
  const { errors } = form.formState;
  const pending = mutation.isPending || mutation.isSuccess;

  const onOpenChange = (next: boolean) => {
    if (pending) return;
    // A password typed earlier is not kept for the next opening.
    if (!next) form.reset();
    setOpen(next);
  };

  const onSubmit = form.handleSubmit((values) => {
    mutation.mutate(values, {
      onError: (error) => {
        const message = getErrorMessage(error, 'Please try again.');
        if (getErrorStatus(error) === 400) {
          form.setError('password', { message }, { shouldFocus: true });
          return;
        }
        toast({ variant: 'destructive', title: 'Account not deleted', description: message });
      },
    });
  });

  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogTrigger asChild>
        <Button variant="destructive" className="w-full sm:w-auto">
          <Trash2 aria-hidden="true" /> Delete my account
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <AlertDialogTitle>Delete your account?</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div className="flex flex-col gap-2">
              <p>This permanently removes your account and everything in it:</p>
              <ul className="list-disc pl-5">
                <li>your books and their imported files</li>
                <li>their covers and exports</li>
                <li>your saved templates and uploaded style guides</li>
              </ul>
              <p>It cannot be undone. Enter your password to confirm.</p>
            </div>
          </AlertDialogDescription>
          <Field label="Password" error={errors.password?.message}>
            {(control) => <PasswordInput {...control} autoComplete="current-password" {...form.register('password')} />}
          </Field>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={pending}>Keep my account</AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={pending}>
              {pending && <Spinner />}
              {pending ? 'Deleting Account...' : 'Delete my account'}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
