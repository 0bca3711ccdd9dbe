import { Toast } from 'radix-ui';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { dismissToast, TOAST_DURATION_MS, useToasts, type ToastVariant } from './use-toast.ts';

const VARIANT_STYLE: Record<ToastVariant, string> = {
  default: 'border-line bg-surface text-ink',
  success: 'border-accent/25 bg-surface text-ink',
  destructive: 'border-destructive/30 bg-destructive-soft text-ink',
};

function VariantIcon({ variant }: { variant: ToastVariant }) {
  if (variant === 'destructive') return <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive" />;
  if (variant === 'success') return <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />;
  return <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted" />;
}

/**
 * The notice area (accounts spec section 9): one notice at a time, 5000 ms, F8 moves focus to it,
 * swipe right (threshold 50 px) dismisses it.
 */
export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {toasts.map(({ id, title, description, variant = 'default', open }) => (
        <Toast.Root
          key={id}
          open={open}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
          type={variant === 'destructive' ? 'foreground' : 'background'}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lift',
            'data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform',
            'data-[swipe=end]:animate-toast-out',
            VARIANT_STYLE[variant],
          )}
          data-variant={variant}
        >
          <VariantIcon variant={variant} />
          <div className="grid min-w-0 gap-0.5">
            <Toast.Title className="text-sm font-semibold">{title}</Toast.Title>
            {/* Long addresses (a failed URL) wrap anywhere rather than run off a phone's screen. */}
            {description && <Toast.Description className="text-sm [overflow-wrap:anywhere] text-ink-soft">{description}</Toast.Description>}
          </div>
          <Toast.Close
            aria-label="Close notification"
            className="absolute top-3 right-3 rounded-md p-1 text-muted transition-colors hover:bg-paper-deep hover:text-ink focus-visible:outline-2 focus-visible:outline-accent"
          >
            <X aria-hidden="true" className="size-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="fixed right-0 bottom-0 z-[100] m-0 flex w-full max-w-[420px] list-none flex-col gap-2 p-4 outline-none sm:p-6" />
    </Toast.Provider>
  );
}
