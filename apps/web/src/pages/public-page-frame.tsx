import type { ReactNode } from 'react';
import { SiteFooter } from '../components/layout/site-footer.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../components/layout/skip-link.tsx';
import { LandingHeader } from '../features/marketing/components/landing-header.tsx';

/**
 * The frame of the public site's pages (/about, /blog, the legal pages, /sitemap, /contact): the landing header with
 * its anchors and links, the page as `main` (the skip link's target), then the site footer.
 */
export function PublicPageFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <LandingHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

/** A public page's opening band: eyebrow, h1 and lead on the tinted paper, full width. */
export function PageIntro({ eyebrow, title, children }: { eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <section className="border-b border-line bg-paper-deep/50">
      <div className="mx-auto max-w-6xl px-5 py-12 sm:px-8 sm:py-16">
        <p className="text-sm font-semibold tracking-wider text-accent uppercase">{eyebrow}</p>
        <h1 className="mt-3 max-w-3xl font-display text-4xl font-semibold text-balance sm:text-5xl">{title}</h1>
        {children && <div className="mt-4 max-w-2xl text-lg text-ink-soft">{children}</div>}
      </div>
    </section>
  );
}
