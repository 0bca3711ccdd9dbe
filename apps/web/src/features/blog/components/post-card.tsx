import { Link } from 'wouter';
import type { BlogPost } from '@quire/contracts';
import { cn } from '../../../lib/cn.ts';
import { formatPostDate, readTimeLabel } from '../lib/blog-posts.ts';

/** The category name of a slug, or the slug itself while the categories load. */
export type CategoryNames = ReadonlyMap<string, string>;

function PostMeta({ post }: { post: BlogPost }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted">
      {post.publishedAt && <time dateTime={post.publishedAt}>{formatPostDate(post.publishedAt)}</time>}
      <span aria-hidden="true">·</span>
      <span>{readTimeLabel(post.content)}</span>
    </p>
  );
}

/** A post in the blog list: image, category, title, excerpt, date and read time; the featured one is larger. */
export function PostCard({ post, categories, featured = false }: { post: BlogPost; categories: CategoryNames; featured?: boolean }) {
  return (
    <article
      className={cn(
        'group relative flex overflow-hidden rounded-xl border border-line bg-surface transition-shadow hover:shadow-md',
        featured ? 'flex-col md:flex-row' : 'flex-col',
      )}
      data-testid={featured ? 'featured-post' : 'post-card'}
    >
      {post.featuredImage && (
        <img
          src={post.featuredImage}
          alt=""
          className={cn('aspect-[1200/630] w-full bg-paper-deep object-cover', featured && 'md:w-3/5')}
          loading={featured ? 'eager' : 'lazy'}
        />
      )}
      <div className={cn('flex flex-1 flex-col gap-3 p-5', featured && 'md:justify-center md:p-8')}>
        <p className="text-xs font-semibold tracking-wider text-accent uppercase">
          {featured && <span>Featured · </span>}
          {categories.get(post.category) ?? post.category}
        </p>
        <h2 className={cn('font-display font-semibold text-ink', featured ? 'text-2xl md:text-3xl' : 'text-xl')}>
          <Link href={`/blog/${post.slug}`} className="after:absolute after:inset-0 focus-visible:outline-none group-hover:underline">
            {post.title}
          </Link>
        </h2>
        <p className={cn('text-ink-soft', !featured && 'line-clamp-3 text-sm')}>{post.excerpt}</p>
        <div className="mt-auto">
          <PostMeta post={post} />
        </div>
      </div>
    </article>
  );
}
