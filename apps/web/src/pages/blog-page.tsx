import { SiteFooter } from '../components/layout/site-footer.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../components/layout/skip-link.tsx';
import { usePageMeta } from '../lib/use-page-meta.ts';
import { BlogList } from '../features/blog/components/blog-list.tsx';
import { LandingHeader } from '../features/marketing/components/landing-header.tsx';

/** `/blog`: the articles, searchable and filtered by category (accounts spec section 2, "Blog list"). */
export function BlogPage() {
  usePageMeta({
    title: 'Blog — Quire',
    description:
      'Practical guides to formatting books and theses: KDP trim sizes and margins, APA, MLA and Chicago style, EPUB accessibility, typography and public-domain editions.',
    canonicalPath: '/blog',
  });
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <LandingHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 outline-none">
        <section className="border-b border-line bg-paper-deep/50">
          <div className="mx-auto max-w-6xl px-5 py-12 sm:px-8 sm:py-16">
            <p className="text-sm font-semibold tracking-wider text-accent uppercase">The Quire Blog</p>
            <h1 className="mt-3 max-w-3xl font-display text-4xl font-semibold text-balance sm:text-5xl">
              Guides to formatting books, theses and e-books
            </h1>
            <p className="mt-4 max-w-2xl text-lg text-ink-soft">
              Practical, checked advice on print margins, citation styles, typography, accessibility and public-domain
              editions.
            </p>
          </div>
        </section>
        <div className="mx-auto max-w-6xl px-5 py-10 sm:px-8">
          <BlogList />
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
