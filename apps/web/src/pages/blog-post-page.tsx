import { usePageMeta } from '../lib/use-page-meta.ts';
import { useBlogPost } from '../features/blog/api/get-blog-post.ts';
import { ArticleNotFound, ArticleSkeleton, BlogArticle } from '../features/blog/components/blog-article.tsx';
import { NewsletterBox } from '../features/newsletter/components/newsletter-box.tsx';
import { PublicPageFrame } from './public-page-frame.tsx';

/** `/blog/:slug`: one article, or 'Article Not Found' when it cannot be loaded (accounts spec sections 2 and 8). */
export function BlogPostPage({ slug }: { slug: string }) {
  const post = useBlogPost(slug);
  usePageMeta(
    post.data
      ? { title: `${post.data.title} — Quire Blog`, description: post.data.excerpt, canonicalPath: `/blog/${post.data.slug}` }
      : post.isError
        ? { title: 'Article Not Found — Quire Blog', description: 'This article does not exist or has been moved.', robots: 'noindex' }
        : { title: 'Blog — Quire', description: 'Guides to formatting books, theses and e-books.' },
  );
  return (
    <PublicPageFrame>
      <div className="mx-auto max-w-6xl px-5 py-10 sm:px-8 sm:py-14">
        {post.isPending ? <ArticleSkeleton /> : post.isError ? <ArticleNotFound /> : <BlogArticle post={post.data} />}
        {post.isSuccess && <NewsletterBox source="blog-post" className="mt-16" />}
      </div>
    </PublicPageFrame>
  );
}
