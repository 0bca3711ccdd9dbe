import { useState } from 'react';
import { LogOut } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { toast } from '../../../../components/ui/use-toast.ts';
import { getErrorMessage } from '../../../../lib/errors.ts';
import { useLogoutAll } from '../../api/logout-all.ts';

/**
 * 'Sign out everywhere', after a confirmation: every session of the account ends, this one too, and the browser goes
 * to /login (the hook does that). A failure keeps the dialog open with the server's message as a notice.
 */
export function SignOutEverywhere() {
  const [open, setOpen] = useState(false);
  const mutation = useLogoutAll();
  const pending = mutation.isPending || mutation.isSuccess;
  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button variant="secondary" className="w-full sm:w-auto">
          <LogOut aria-hidden="true" /> Sign out everywhere
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>Sign out everywhere?</AlertDialogTitle>
        <AlertDialogDescription>
          Every device signed in to your account is signed out, this one included. Your books stay as they are; sign in
          again to reach them.
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            disabled={pending}
            onClick={(event) => {
              // The dialog stays open while the request runs, so that a failure can be shown and retried.
              event.preventDefault();
              mutation.mutate(undefined, {
                onError: (error) =>
                  toast({ variant: 'destructive', title: 'Not signed out', description: getErrorMessage(error, 'Please try again.') }),
              });
            }}
          >
            {pending && <Spinner />}
            {pending ? 'Signing Out...' : 'Sign out everywhere'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
