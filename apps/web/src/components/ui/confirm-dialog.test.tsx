import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, buttonVariants } from './button.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';

function Harness({ pending = false, onConfirm = () => {} }: { pending?: boolean; onConfirm?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <ConfirmDialog
      trigger={<Button>Delete draft</Button>}
      open={open}
      onOpenChange={setOpen}
      title="Delete the draft?"
      description="The draft is removed for good."
      cancelLabel="Keep draft"
      confirmLabel="Delete draft"
      pendingLabel="Deleting..."
      spinner
      pending={pending}
      onConfirm={onConfirm}
    />
  );
}

describe('ConfirmDialog', () => {
  it('opens from its trigger with the cancel button focused, and cancelling closes it and focuses the trigger again', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    const trigger = screen.getByRole('button', { name: 'Delete draft' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(trigger);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the draft?' });
    expect(dialog).toHaveAccessibleDescription('The draft is removed for good.');
    expect(within(dialog).getByRole('button', { name: 'Keep draft' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Keep draft' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('stays open when confirmed, for the caller to close once the request succeeds', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Delete draft' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete draft' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('while pending, disables both buttons, shows the pending label and cannot be dismissed', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(
      <ConfirmDialog
        open
        onOpenChange={onOpenChange}
        title="Delete the draft?"
        description="The draft is removed for good."
        cancelLabel="Keep draft"
        confirmLabel="Delete draft"
        pendingLabel="Deleting..."
        pending
        onConfirm={() => {}}
      />,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Delete the draft?' });
    expect(within(dialog).getByRole('button', { name: 'Keep draft' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Delete draft' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('styles the confirm button as destructive by default, and as the primary button with tone="default"', () => {
    const props = {
      open: true,
      onOpenChange: () => {},
      title: 'Sign out everywhere?',
      description: 'Every device is signed out.',
      cancelLabel: 'Cancel',
      confirmLabel: 'Sign out everywhere',
      pendingLabel: 'Signing out...',
      pending: false,
      onConfirm: () => {},
    };
    const { rerender } = render(<ConfirmDialog {...props} />);
    let confirm = within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Sign out everywhere' });
    expect(confirm).toHaveClass(...buttonVariants({ variant: 'destructive' }).split(' '));

    rerender(<ConfirmDialog {...props} tone="default" />);
    confirm = within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Sign out everywhere' });
    expect(confirm).toHaveClass(...buttonVariants({ variant: 'primary' }).split(' '));
    expect(confirm).not.toHaveClass('bg-destructive');
  });
});
