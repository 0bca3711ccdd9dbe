import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { Spinner } from '../components/ui/spinner.tsx';
import { useCurrentUser } from '../features/auth/api/get-current-user.ts';
import { LandingPage } from '../pages/landing-page.tsx';
import { NotFoundPage } from '../pages/not-found-page.tsx';

// The landing page loads with the app; the other screens load when first visited.
const HomePage = lazy(() => import('../pages/home-page.tsx').then((m) => ({ default: m.HomePage })));
const BookWorkspacePage = lazy(() =>
  import('../pages/book-workspace-page.tsx').then((m) => ({ default: m.BookWorkspacePage })),
);
const LoginPage = lazy(() => import('../pages/login-page.tsx').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() => import('../pages/register-page.tsx').then((m) => ({ default: m.RegisterPage })));

/** `/`: the landing page while sign-in is checked or when signed out; home when signed in. */
function RootRoute() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending || !user) return <LandingPage />;
  return <HomePage />;
}

function FullPageSpinner() {
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center gap-2 text-sm text-muted">
      <Spinner /> Loading...
    </div>
  );
}

/** Routes of signed-in users only (accounts spec section 2); others see the 404. */
function SignedIn({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <FullPageSpinner />;
  if (!user) return <NotFoundPage signedIn={false} />;
  return children;
}

function NotFoundRoute() {
  const { data: user } = useCurrentUser();
  return <NotFoundPage signedIn={Boolean(user)} />;
}

/** A new route starts at the top, or at its #anchor. */
function useScrollOnNavigate() {
  const [location] = useLocation();
  useEffect(() => {
    const hash = window.location.hash.slice(1);
    if (hash) {
      requestAnimationFrame(() => document.getElementById(decodeURIComponent(hash))?.scrollIntoView());
      return;
    }
    window.scrollTo(0, 0);
  }, [location]);
}

/** The route table built so far; routes of the spec not built yet fall to the 404. */
export function AppRouter() {
  useScrollOnNavigate();
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Switch>
        <Route path="/" component={RootRoute} />
        <Route path="/login" component={LoginPage} />
        <Route path="/register" component={RegisterPage} />
        <Route path="/book/:id">
          {(params) => (
            <SignedIn>
              <BookWorkspacePage bookId={params.id} />
            </SignedIn>
          )}
        </Route>
        <Route path="/format/:id?">
          {(params) => (
            <SignedIn>
              <BookWorkspacePage bookId={params.id} />
            </SignedIn>
          )}
        </Route>
        <Route component={NotFoundRoute} />
      </Switch>
    </Suspense>
  );
}
