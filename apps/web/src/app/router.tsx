import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { SITE_ALIASES, WEB_ROUTES } from '@quire/contracts';
import { Spinner } from '../components/ui/spinner.tsx';
import { useCurrentUser } from '../features/auth/api/get-current-user.ts';
import { authPathReturningTo } from '../lib/return-path.ts';
import { LandingPage } from '../pages/landing-page.tsx';
import { NotFoundPage } from '../pages/not-found-page.tsx';

// The landing page loads with the app; the other screens load when first visited.
const HomePage = lazy(() => import('../pages/home-page.tsx').then((m) => ({ default: m.HomePage })));
const BookWorkspacePage = lazy(() =>
  import('../pages/book-workspace-page.tsx').then((m) => ({ default: m.BookWorkspacePage })),
);
const LoginPage = lazy(() => import('../pages/login-page.tsx').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() => import('../pages/register-page.tsx').then((m) => ({ default: m.RegisterPage })));
const ForgotPasswordPage = lazy(() =>
  import('../pages/forgot-password-page.tsx').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() => import('../pages/reset-password-page.tsx').then((m) => ({ default: m.ResetPasswordPage })));
const AccountPage = lazy(() => import('../pages/account-page.tsx').then((m) => ({ default: m.AccountPage })));
// The payment pages carry Stripe's libraries (loaded with their form), so they stay out of every other page's code.
const CheckoutPage = lazy(() => import('../pages/checkout-page.tsx').then((m) => ({ default: m.CheckoutPage })));
const SubscribePage = lazy(() => import('../pages/subscribe-page.tsx').then((m) => ({ default: m.SubscribePage })));
const SubscribePublisherPage = lazy(() =>
  import('../pages/subscribe-publisher-page.tsx').then((m) => ({ default: m.SubscribePublisherPage })),
);
const SuccessPage = lazy(() => import('../pages/success-page.tsx').then((m) => ({ default: m.SuccessPage })));
const AcademicConciergePage = lazy(() =>
  import('../pages/academic-concierge-page.tsx').then((m) => ({ default: m.AcademicConciergePage })),
);
const ConciergeCheckoutPage = lazy(() =>
  import('../pages/concierge-checkout-page.tsx').then((m) => ({ default: m.ConciergeCheckoutPage })),
);
const ConciergeSuccessPage = lazy(() =>
  import('../pages/concierge-success-page.tsx').then((m) => ({ default: m.ConciergeSuccessPage })),
);
const AboutPage = lazy(() => import('../pages/about-page.tsx').then((m) => ({ default: m.AboutPage })));
const ContactPage = lazy(() => import('../pages/contact-page.tsx').then((m) => ({ default: m.ContactPage })));
const NewsletterPage = lazy(() => import('../pages/newsletter-page.tsx').then((m) => ({ default: m.NewsletterPage })));
const PrivacyPolicyPage = lazy(() => import('../pages/privacy-policy-page.tsx').then((m) => ({ default: m.PrivacyPolicyPage })));
const TermsOfServicePage = lazy(() => import('../pages/terms-of-service-page.tsx').then((m) => ({ default: m.TermsOfServicePage })));
const SitemapPage = lazy(() => import('../pages/sitemap-page.tsx').then((m) => ({ default: m.SitemapPage })));
const BlogPage = lazy(() => import('../pages/blog-page.tsx').then((m) => ({ default: m.BlogPage })));
const BlogPostPage = lazy(() => import('../pages/blog-post-page.tsx').then((m) => ({ default: m.BlogPostPage })));
const AdminAnalyticsPage = lazy(() =>
  import('../pages/admin-analytics-page.tsx').then((m) => ({ default: m.AdminAnalyticsPage })),
);

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

/**
 * Routes of signed-in users only (accounts spec section 2). A signed-out visitor (a shared link, an expired
 * session) is sent to /login, which brings them back to this page after signing in.
 */
function SignedIn({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  const [location] = useLocation();
  const search = useSearch();
  if (isPending) return <FullPageSpinner />;
  if (!user) return <Redirect to={authPathReturningTo('/login', search ? `${location}?${search}` : location)} replace />;
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

/**
 * The route table built so far (the contracts' `WEB_ROUTES`, which the server also reads to answer 404 on any other
 * path); routes of the spec not built yet fall to the 404.
 */
export function AppRouter() {
  useScrollOnNavigate();
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Switch>
        <Route path={WEB_ROUTES.home.path} component={RootRoute} />
        <Route path={WEB_ROUTES.login.path} component={LoginPage} />
        <Route path={WEB_ROUTES.register.path} component={RegisterPage} />
        <Route path={WEB_ROUTES.forgotPassword.path} component={ForgotPasswordPage} />
        <Route path={WEB_ROUTES.resetPassword.path} component={ResetPasswordPage} />
        <Route path={WEB_ROUTES.account.path}>
          <SignedIn>
            <AccountPage />
          </SignedIn>
        </Route>
        <Route path={WEB_ROUTES.book.path}>
          {(params) => (
            <SignedIn>
              <BookWorkspacePage bookId={params.id} />
            </SignedIn>
          )}
        </Route>
        <Route path={WEB_ROUTES.format.path}>
          {(params) => (
            <SignedIn>
              <BookWorkspacePage bookId={params.id} />
            </SignedIn>
          )}
        </Route>
        <Route path={WEB_ROUTES.checkout.path}>
          <SignedIn>
            <CheckoutPage />
          </SignedIn>
        </Route>
        <Route path={WEB_ROUTES.subscribe.path} component={SubscribePage} />
        <Route path={WEB_ROUTES.subscribePublisher.path} component={SubscribePublisherPage} />
        <Route path={WEB_ROUTES.success.path} component={SuccessPage} />
        <Route path={WEB_ROUTES.academicConcierge.path} component={AcademicConciergePage} />
        <Route path={WEB_ROUTES.conciergeCheckout.path} component={ConciergeCheckoutPage} />
        <Route path={WEB_ROUTES.conciergeSuccess.path} component={ConciergeSuccessPage} />
        <Route path={WEB_ROUTES.about.path} component={AboutPage} />
        <Route path={WEB_ROUTES.contact.path} component={ContactPage} />
        <Route path={WEB_ROUTES.newsletter.path} component={NewsletterPage} />
        <Route path={WEB_ROUTES.privacyPolicy.path} component={PrivacyPolicyPage} />
        <Route path={WEB_ROUTES.termsOfService.path} component={TermsOfServicePage} />
        <Route path={WEB_ROUTES.sitemap.path} component={SitemapPage} />
        {Object.entries(SITE_ALIASES).map(([alias, target]) => (
          <Route key={alias} path={alias}>
            <Redirect to={target} replace />
          </Route>
        ))}
        <Route path={WEB_ROUTES.blog.path} component={BlogPage} />
        <Route path={WEB_ROUTES.blogPost.path}>{(params) => <BlogPostPage key={params.slug} slug={params.slug} />}</Route>
        <Route path={WEB_ROUTES.adminAnalytics.path} component={AdminAnalyticsPage} />
        <Route component={NotFoundRoute} />
      </Switch>
    </Suspense>
  );
}
