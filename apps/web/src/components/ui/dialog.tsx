import type { ComponentProps } from 'react';
import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { cn } from '../../lib/cn.ts';
import { DIALOG_CONTENT_CLASS, DIALOG_DESCRIPTION_CLASS, DIALOG_FOOTER_CLASS, DIALOG_OVERLAY_CLASS, DIALOG_TITLE_CLASS } from './dialog-styles.ts';

/**
 * A modal dialog (Radix Dialog: focus trapped and returned to the trigger, Escape and the close button
 * dismiss it). Compose: Dialog > DialogTrigger + DialogContent > DialogTitle, DialogDescription, body,
 * DialogFooter. For a yes/no confirmation use the AlertDialog instead.
 */
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export function DialogContent({
  className,
  children,
  closeLabel = 'Close',
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { closeLabel?: string }) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={DIALOG_OVERLAY_CLASS} />
      <DialogPrimitive.Content
        className={cn(DIALOG_CONTENT_CLASS, className)}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          aria-label={closeLabel}
          className="absolute top-4 right-4 rounded-md p-1 text-muted transition-colors hover:bg-paper-deep hover:text-ink focus-visible:outline-2 focus-visible:outline-accent"
        >
          <X aria-hidden="true" className="size-4" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('pr-8', DIALOG_TITLE_CLASS, className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn(DIALOG_DESCRIPTION_CLASS, className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn(DIALOG_FOOTER_CLASS, className)} {...props} />;
}
