import { usePageMeta } from '../lib/use-page-meta.ts';
import { BlogList } from '../features/blog/components/blog-list.tsx';
import { NewsletterBox } from '../features/newsletter/components/newsletter-box.tsx';
import { PageIntro, PublicPageFrame } from './public-page-frame.tsx';

/** `/blog`: the articles, searchable and filtered by category (accounts spec section 2, "Blog list"). */
export function BlogPage() {
  usePageMeta({
    title: 'Blog — Quire',
    description:
      'Practical guides to formatting books and theses: KDP trim sizes and margins, APA, MLA and Chicago style, EPUB accessibility, typography and public-domain editions.',
    canonicalPath: '/blog',
  });
  return (
    <PublicPageFrame>
      <PageIntro eyebrow="The Quire Blog" title="Guides to formatting books, theses and e-books">
        <p>Practical, checked advice on print margins, citation styles, typography, accessibility and public-domain editions.</p>
      </PageIntro>
      <div className="mx-auto max-w-6xl px-5 py-10 sm:px-8">
        <BlogList />
        <NewsletterBox source="blog" className="mt-16" />
      </div>
    </PublicPageFrame>
  );
}
