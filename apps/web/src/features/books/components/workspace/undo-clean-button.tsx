import { useState } from 'react';
import { RotateCcw } from 'lucide-react';
import type { Book } from '@quire/contracts';
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
import { useUndoClean } from '../../api/undo-clean.ts';

/**
 * 'Undo cleanup' with a confirmation: the cleaned text goes, the original text (kept in `originalText`)
 * stays, and the book is back to Imported (the issue: "the user can undo cleanup"). The workspace then
 * opens on the Clean step again, as a book without cleaned text does.
 */
export function UndoCleanButton({ book }: { book: Pick<Book, 'id'> }) {
  const [open, setOpen] = useState(false);
  const undo = useUndoClean();

  const confirm = () => {
    undo.mutate(book.id, {
      onSuccess: () => {
        setOpen(false);
        toast({ variant: 'success', title: 'Cleanup undone', description: 'The book is back to the text as it was imported.' });
      },
      onError: (error) => {
        setOpen(false);
        toast({ variant: 'destructive', title: 'Undo failed', description: getErrorMessage(error, 'Failed to undo cleanup') });
      },
    });
  };

  return (
    <AlertDialog open={open} onOpenChange={(next) => !undo.isPending && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" size="sm">
          <RotateCcw aria-hidden="true" />
          Undo cleanup
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>Undo cleanup?</AlertDialogTitle>
        <AlertDialogDescription>
          The book goes back to Imported, with its text exactly as it was imported: the original text is always kept.
          The cleaned text and any edits you made to it are removed, and the book will need formatting again. You can
          clean it again at any time.
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={undo.isPending}>Keep cleaned text</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={undo.isPending}
            onClick={(event) => {
              // Stay open until the server answers, so that the outcome is seen where it was asked for.
              event.preventDefault();
              confirm();
            }}
          >
            {undo.isPending && <Spinner />}
            {undo.isPending ? 'Undoing...' : 'Undo cleanup'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
