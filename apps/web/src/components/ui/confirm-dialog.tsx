import type { ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from './alert-dialog.tsx';
import { Spinner } from './spinner.tsx';

/**
 * Props of {@link ConfirmDialog}: what opens it, its open state, its texts, the confirm button's tone, and the
 * confirmed action with its pending state.
 */
export type ConfirmDialogProps = {
  /**
   * The control that opens the dialog (a Button), wrapped in AlertDialogTrigger: it is marked as opening a dialog
   * (aria-haspopup, aria-expanded) and gets the focus back when the dialog closes. Leave it out to open the dialog
   * from elsewhere through `open`.
   */
  trigger?: ReactNode;
  /** Whether the dialog is shown; the caller holds the state, so that it can close the dialog once the request succeeds. */
  open: boolean;
  /** Asked to open or close the dialog (the trigger, Escape, the cancel button); never called while `pending`. */
  onOpenChange: (open: boolean) => void;
  /** The question, which names the dialog ('Undo cleanup?'). */
  title: ReactNode;
  /** What confirming does and what stays, which describes the dialog. */
  description: ReactNode;
  /** The button that closes the dialog and does nothing ('Keep cleaned text'); it has the focus when the dialog opens. */
  cancelLabel: ReactNode;
  /** The button that confirms ('Undo cleanup'); it may start with an icon, which the pending label replaces. */
  confirmLabel: ReactNode;
  /**
   * The confirm button's style: 'destructive' (the default) for an action that throws work away, 'default' (the
   * primary button) for one that does not ('Sign out everywhere').
   */
  tone?: 'destructive' | 'default';
  /** What the confirm button says while the request runs ('Undoing...'). */
  pendingLabel: ReactNode;
  /** Shows a spinner before `pendingLabel` while the request runs. */
  spinner?: boolean;
  /** Called when the confirm button is pressed; the dialog stays open: close it through `open` when the request succeeds. */
  onConfirm: () => void;
  /** The request runs: both buttons are disabled, the confirm button says `pendingLabel`, and the dialog cannot be dismissed. */
  pending: boolean;
};

/**
 * A yes/no confirmation, on the AlertDialog (modal, focus trapped, the cancel button focused first, Escape cancels):
 * a title, a description, a cancel button and a confirm button (destructive unless `tone="default"`) that shows a
 * pending label while its request runs. The dialog stays open until the caller closes it, so that the outcome is
 * seen where it was asked for.
 */
export function ConfirmDialog({
  trigger,
  open,
  onOpenChange,
  title,
  description,
  cancelLabel,
  confirmLabel,
  pendingLabel,
  tone = 'destructive',
  spinner = false,
  onConfirm,
  pending,
}: ConfirmDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      {trigger !== undefined && <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>}
      <AlertDialogContent>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction
            variant={tone === 'destructive' ? 'destructive' : 'primary'}
            disabled={pending}
            onClick={(event) => {
              // Stay open until the server answers, so that the outcome is seen where it was asked for.
              event.preventDefault();
              onConfirm();
            }}
          >
            {pending && spinner && <Spinner />}
            {pending ? pendingLabel : confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
