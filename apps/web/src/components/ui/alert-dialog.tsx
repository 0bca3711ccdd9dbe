import type { ComponentProps } from 'react';
import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import { cn } from '../../lib/cn.ts';
import { DIALOG_CONTENT_CLASS, DIALOG_DESCRIPTION_CLASS, DIALOG_FOOTER_CLASS, DIALOG_OVERLAY_CLASS, DIALOG_TITLE_CLASS } from './dialog-styles.ts';
import { buttonVariants } from './button.tsx';

/**
 * A confirmation dialog (Radix AlertDialog: modal, focus trapped, Escape cancels, the Cancel button gets
 * focus first). Compose: AlertDialog > AlertDialogTrigger + AlertDialogContent > AlertDialogTitle,
 * AlertDialogDescription, AlertDialogFooter > AlertDialogCancel + AlertDialogAction.
 */
export const AlertDialog = AlertDialogPrimitive.Root;
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;

export function AlertDialogContent({ className, children, ...props }: ComponentProps<typeof AlertDialogPrimitive.Content>) {
  return (
    <AlertDialogPrimitive.Portal>
      <AlertDialogPrimitive.Overlay className={DIALOG_OVERLAY_CLASS} />
      <AlertDialogPrimitive.Content
        className={cn(DIALOG_CONTENT_CLASS, className)}
        {...props}
      >
        {children}
      </AlertDialogPrimitive.Content>
    </AlertDialogPrimitive.Portal>
  );
}

export function AlertDialogTitle({ className, ...props }: ComponentProps<typeof AlertDialogPrimitive.Title>) {
  return <AlertDialogPrimitive.Title className={cn(DIALOG_TITLE_CLASS, className)} {...props} />;
}

export function AlertDialogDescription({ className, ...props }: ComponentProps<typeof AlertDialogPrimitive.Description>) {
  return <AlertDialogPrimitive.Description className={cn(DIALOG_DESCRIPTION_CLASS, className)} {...props} />;
}

export function AlertDialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn(DIALOG_FOOTER_CLASS, className)} {...props} />;
}

export function AlertDialogCancel({ className, ...props }: ComponentProps<typeof AlertDialogPrimitive.Cancel>) {
  return <AlertDialogPrimitive.Cancel className={cn(buttonVariants({ variant: 'secondary' }), className)} {...props} />;
}

/**
 * The confirming button (`variant="destructive"` when it throws work away); closes the dialog when clicked
 * unless the handler calls `preventDefault()`.
 */
export function AlertDialogAction({
  className,
  variant = 'primary',
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Action> & { variant?: 'primary' | 'destructive' }) {
  return <AlertDialogPrimitive.Action className={cn(buttonVariants({ variant }), className)} {...props} />;
}
