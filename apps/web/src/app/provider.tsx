import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { queryClient as defaultQueryClient } from '../lib/query-client.ts';

// The notice area loads beside the first page rather than before it: a notice only ever follows something the user
// did, and its primitives are a large part of the first script. Notices raised before it loads wait in the store.
const Toaster = lazy(() => import('../components/ui/toaster.tsx').then((m) => ({ default: m.Toaster })));

const noSubscription = () => () => {};

/** App-wide providers: data cache and the notice area. */
export function AppProvider({ children, queryClient = defaultQueryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  // The notice area is the browser's alone: its primitives write an inline `style` attribute, which the pages' Content
  // Security Policy (no 'unsafe-inline') refuses in served markup; drawn after the page is taken over, the style is
  // set through the DOM, which the policy allows.
  const inBrowser = useSyncExternalStore(noSubscription, () => true, () => false);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {inBrowser && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
