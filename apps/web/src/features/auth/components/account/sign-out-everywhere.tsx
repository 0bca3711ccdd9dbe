import { useState } from 'react';
import { LogOut } from 'lucide-react';
import { Button } from '../../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
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
    <ConfirmDialog
      trigger={
        <Button variant="secondary" className="w-full sm:w-auto">
          <LogOut aria-hidden="true" /> Sign out everywhere
        </Button>
      }
      open={open}
      onOpenChange={setOpen}
      title="Sign out everywhere?"
      description={
        <>
          Every device signed in to your account is signed out, this one included. Your books stay as they are; sign in
          again to reach them.
        </>
      }
      cancelLabel="Cancel"
      confirmLabel="Sign out everywhere"
      tone="default"
      pendingLabel="Signing Out..."
      spinner
      pending={pending}
      // The dialog stays open while the request runs, so that a failure can be shown and retried.
      onConfirm={() =>
        mutation.mutate(undefined, {
          onError: (error) =>
            toast({ variant: 'destructive', title: 'Not signed out', description: getErrorMessage(error, 'Please try again.') }),
        })
      }
    />
  );
}
