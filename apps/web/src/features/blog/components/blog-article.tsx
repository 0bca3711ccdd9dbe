import { Link } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import type { BlogPost } from '@quire/contracts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useBlogCategories } from '../api/get-blog-categories.ts';
import { useBlogPosts } from '../api/get-blog-posts.ts';
import { formatPostDate, readTimeLabel, relatedPosts } from '../lib/blog-posts.ts';
import { PostCard } from './post-card.tsx';
import { ShareButton } from './share-button.tsx';

/**
 * Article typography for the server-sanitised HTML: a readable measure, spaced headings, lists, tables, quotations,
 * code and figures. The HTML itself was cleaned by the server's allow-list before it was stored.
 */
const PROSE = [
  'max-w-[68ch] text-[1.075rem] leading-[1.75] text-ink-soft',
  '[&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:font-display [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:text-ink',
  '[&_h3]:mt-8 [&_h3]:mb-2 [&_h3]:font-display [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-ink',
  '[&_p]:my-4 [&_a]:text-accent [&_a]:underline [&_a]:underline-offset-2 [&_strong]:text-ink',
  '[&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1.5',
  '[&_blockquote]:my-5 [&_blockquote]:border-l-4 [&_blockquote]:border-accent-soft [&_blockquote]:pl-4 [&_blockquote]:text-ink',
  '[&_code]:rounded [&_code]:bg-paper-deep [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-[0.9em]',
  '[&_pre]:my-5 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-paper-deep [&_pre]:p-4 [&_pre]:text-sm [&_pre]:leading-relaxed [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_table]:my-6 [&_table]:block [&_table]:w-full [&_table]:overflow-x-auto [&_table]:text-sm',
  '[&_th]:border-b-2 [&_th]:border-line-strong [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_th]:text-ink',
  '[&_td]:border-b [&_td]:border-line [&_td]:px-3 [&_td]:py-2 [&_td]:align-top',
  '[&_img]:my-6 [&_img]:rounded-lg [&_figcaption]:text-sm [&_figcaption]:text-muted [&_hr]:my-8 [&_hr]:border-line',
].join(' ');

/** The not-found state of an article (accounts spec section 8). */
export function ArticleNotFound() {
  return (
    <div className="py-20 text-center">
      <h1 className="font-display text-3xl font-semibold">Article Not Found</h1>
      <p className="mt-3 text-ink-soft">The article you&apos;re looking for doesn&apos;t exist or has been moved.</p>
      <Button asChild className="mt-8">
        <Link href="/blog">Back to Blog</Link>
      </Button>
    </div>
  );
}

/** The article while it loads. */
export function ArticleSkeleton() {
  return (
    <div role="status" className="space-y-4">
      <span className="sr-only">Loading article...</span>
      <Skeleton className="h-4 w-32" />
      <Skeleton className="h-10 w-4/5" />
      <Skeleton className="h-5 w-3/5" />
      <Skeleton className="mt-6 aspect-[1200/630] w-full rounded-xl" />
    </div>
  );
}

function RelatedPosts({ post }: { post: BlogPost }) {
  const posts = useBlogPosts();
  const categories = useBlogCategories();
  const related = relatedPosts(posts.data ?? [], post);
  if (related.length === 0) return null;
  const names = new Map((categories.data ?? []).map((c) => [c.slug, c.name]));
  return (
    <section aria-labelledby="related-heading" className="mt-16 border-t border-line pt-10">
      <h2 id="related-heading" className="font-display text-2xl font-semibold">
        Related Articles
      </h2>
      <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {related.map((p) => (
          <PostCard key={p.slug} post={p} categories={names} />
        ))}
      </div>
    </section>
  );
}

/** One article (accounts spec section 2, "Blog post"). */
export function BlogArticle({ post }: { post: BlogPost }) {
  const categories = useBlogCategories();
  const categoryName = categories.data?.find((c) => c.slug === post.category)?.name ?? post.category;
  return (
    <>
      <article>
        <Link href="/blog" className="inline-flex items-center gap-1 text-sm text-muted hover:text-ink">
          <ArrowLeft aria-hidden="true" className="size-4" /> All articles
        </Link>
        <header className="mt-6 max-w-3xl">
          <p className="text-xs font-semibold tracking-wider text-accent uppercase">{categoryName}</p>
          <h1 className="mt-3 font-display text-3xl leading-tight font-semibold text-balance text-ink sm:text-4xl">{post.title}</h1>
          <p className="mt-4 text-lg text-ink-soft">{post.excerpt}</p>
          <div className="mt-5 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-muted">
            {post.publishedAt && <time dateTime={post.publishedAt}>{formatPostDate(post.publishedAt)}</time>}
            <span aria-hidden="true">·</span>
            <span>{readTimeLabel(post.content)}</span>
            <span className="ml-auto">
              <ShareButton title={post.title} />
            </span>
          </div>
        </header>
        {post.featuredImage && (
          <img src={post.featuredImage} alt="" className="mt-8 aspect-[1200/630] w-full max-w-4xl rounded-xl border border-line bg-paper-deep object-cover" />
        )}
        <div className={`mt-8 ${PROSE}`} dangerouslySetInnerHTML={{ __html: post.content }} />
        {post.tags.length > 0 && (
          <ul aria-label="Tags" className="mt-10 flex max-w-[68ch] flex-wrap gap-2">
            {post.tags.map((tag) => (
              <li key={tag}>
                <Badge variant="outline">{tag}</Badge>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-8 max-w-[68ch] rounded-lg border border-line bg-paper-deep/60 p-4 text-sm text-ink-soft">
          Articles on this blog may be written with AI assistance. Every article is reviewed by our team for accuracy
          before it is published.
        </p>
      </article>
      <RelatedPosts post={post} />
    </>
  );
}
