import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import type { PublishingDemoProps } from './publishing-demo.tsx';

// The demo's four steps and their examples load when it is first opened: most visitors never open it, and the
// landing page's first script is what a phone waits for.
const PublishingDemo = lazy(() => import('./publishing-demo.tsx').then((m) => ({ default: m.PublishingDemo })));

/** The publishing demo, loaded on first use (a short spinner meanwhile). */
export function LazyPublishingDemo(props: PublishingDemoProps) {
  return (
    <Suspense
      fallback={
        <div role="status" className="flex items-center justify-center gap-2 py-10 text-sm text-muted">
          <Spinner /> Loading the demo...
        </div>
      }
    >
      <PublishingDemo {...props} />
    </Suspense>
  );
}

/**
 * The open/closed state of a publishing demo and the props that tie its toggle to it (accounts spec section 2,
 * "demo toggle", "View Demo"). Opening moves focus into the demo (the demo does that when it mounts); closing it with
 * its close control or Escape gives focus back to the toggle, so a keyboard user is not sent to the top of the page.
 */
export function usePublishingDemo(demoId: string) {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  /** Closes the demo; `returnFocus: false` when the caller moves focus elsewhere (to the import panel). */
  const close = ({ returnFocus = true }: { returnFocus?: boolean } = {}) => {
    setOpen(false);
    if (returnFocus) toggleRef.current?.focus();
  };
  return {
    open,
    close,
    toggleProps: {
      ref: toggleRef,
      'aria-expanded': open,
      'aria-controls': demoId,
      onClick: () => setOpen((wasOpen) => !wasOpen),
    },
  };
}

/**
 * The box a demo opens in. It stays in the page while the demo is closed, so that the toggle's `aria-controls`
 * always names an element.
 */
export function PublishingDemoSlot({ id, className, children }: { id: string; className?: string; children: ReactNode }) {
  return (
    <div id={id} className={cn('empty:hidden', className)}>
      {children}
    </div>
  );
}

/** A demo's toggle button: 'View Demo', tied to the demo by `usePublishingDemo`'s props. */
export function DemoToggleButton({
  toggleProps,
  variant = 'secondary',
  size = 'lg',
}: {
  toggleProps: ReturnType<typeof usePublishingDemo>['toggleProps'];
  variant?: 'secondary' | 'primary';
  size?: 'md' | 'lg';
}) {
  return (
    <Button variant={variant} size={size} {...toggleProps}>
      View Demo
    </Button>
  );
}

/**
 * The landing page's demo toggle (accounts spec section 2): a short invitation and 'View Demo', which opens the
 * demo in place; its 'Start Your Project Now' leads to /register.
 */
export function DemoToggleSection() {
  const demo = usePublishingDemo('landing-demo');
  return (
    <section id="demo" aria-labelledby="demo-toggle-title" className="mx-auto max-w-6xl scroll-mt-20 px-5 pt-16 sm:px-8">
      <div className="flex flex-col gap-4 rounded-2xl border border-line bg-surface px-6 py-6 shadow-card sm:flex-row sm:items-center sm:justify-between sm:px-8">
        <div>
          <h2 id="demo-toggle-title" className="font-display text-2xl font-semibold tracking-tight">
            See a book go through Quire
          </h2>
          <p className="mt-1 text-ink-soft">Four steps, shown on Pride and Prejudice as Project Gutenberg publishes it.</p>
        </div>
        <DemoToggleButton toggleProps={demo.toggleProps} />
      </div>
      <PublishingDemoSlot id="landing-demo" className="mt-6">
        {demo.open && <LazyPublishingDemo titleLevel="h3" onClose={() => demo.close()} start={{ href: '/register' }} />}
      </PublishingDemoSlot>
    </section>
  );
}
