import { Link } from 'wouter';
import { Button } from '../components/ui/button.tsx';
import { Logo } from '../components/layout/logo.tsx';
import { usePageMeta } from '../lib/use-page-meta.ts';

/** Any other path (accounts spec section 2): '404' and 'Page Not Found'. */
export function NotFoundPage({ signedIn }: { signedIn: boolean }) {
  usePageMeta({
    title: 'Page Not Found — Quire',
    description: 'This page does not exist.',
    robots: 'noindex',
  });
  return (
    <div className="flex min-h-dvh flex-col px-5 py-6 sm:px-10">
      <Link href="/" aria-label="Quire home" className="self-start rounded-md">
        <Logo />
      </Link>
      <main className="flex flex-1 flex-col items-center justify-center py-16 text-center">
        <p className="font-display text-[6rem] leading-none font-semibold tracking-tight text-muted sm:text-[8rem]">404</p>
        <h1 className="mt-4 font-display text-3xl font-semibold">Page Not Found</h1>
        <p className="mt-3 max-w-md text-ink-soft">
          The page you are looking for does not exist, or it has not been written yet.
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Button asChild>
            <Link href="/">Go to Home</Link>
          </Button>
          {!signedIn && (
            <Button asChild variant="secondary">
              <Link href="/login">Sign In</Link>
            </Button>
          )}
        </div>
      </main>
    </div>
  );
}
