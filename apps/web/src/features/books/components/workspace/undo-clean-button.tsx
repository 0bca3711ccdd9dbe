import { useState } from 'react';
import { RotateCcw } from 'lucide-react';
import type { Book } from '@quire/contracts';
import { Button } from '../../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
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
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm">
          <RotateCcw aria-hidden="true" />
          Undo cleanup
        </Button>
      }
      open={open}
      onOpenChange={setOpen}
      title="Undo cleanup?"
      description={
        <>
          The book goes back to Imported, with its text exactly as it was imported: the original text is always kept.
          The cleaned text and any edits you made to it are removed, and the book will need formatting again. You can
          clean it again at any time.
        </>
      }
      cancelLabel="Keep cleaned text"
      confirmLabel="Undo cleanup"
      pendingLabel="Undoing..."
      spinner
      pending={undo.isPending}
      onConfirm={confirm}
    />
  );
}
