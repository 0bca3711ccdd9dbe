import { useMemo, useState } from 'react';
import { Search } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Input, NativeSelect } from '../../../components/ui/input.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useBlogCategories } from '../api/get-blog-categories.ts';
import { useBlogPosts } from '../api/get-blog-posts.ts';
import { filterPosts } from '../lib/blog-posts.ts';
import { PostCard } from './post-card.tsx';

function ListSkeleton() {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Loading blog posts...</span>
      <Skeleton className="h-72 w-full rounded-xl" />
      <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-80 rounded-xl" />
        ))}
      </div>
    </div>
  );
}

/**
 * The blog list (accounts spec section 2, "Blog list"): search on title or excerpt combined with a category, the
 * first matching post featured and the rest in a grid, a skeleton while loading and an empty state that clears the
 * filters.
 */
export function BlogList() {
  const posts = useBlogPosts();
  const categories = useBlogCategories();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('all');
  const names = useMemo(() => new Map((categories.data ?? []).map((c) => [c.slug, c.name])), [categories.data]);
  const matches = useMemo(() => filterPosts(posts.data ?? [], search, category), [posts.data, search, category]);
  const [featured, ...rest] = matches;

  const clear = () => {
    setSearch('');
    setCategory('all');
  };

  return (
    <div>
      <div className="mb-8 flex flex-col gap-3 sm:flex-row" role="search">
        <label className="relative flex-1">
          <span className="sr-only">Search articles</span>
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
          <Input
            type="search"
            placeholder="Search articles..."
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="pl-9"
          />
        </label>
        <label className="sm:w-64">
          <span className="sr-only">Category</span>
          <NativeSelect value={category} onChange={(e) => setCategory(e.target.value)}>
            <option value="all">All Categories</option>
            {(categories.data ?? []).map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </NativeSelect>
        </label>
      </div>

      {posts.isPending ? (
        <ListSkeleton />
      ) : posts.isError ? (
        <RetryAlert title="The articles could not be loaded." message="Please check your connection and try again." onRetry={() => void posts.refetch()} />
      ) : !featured ? (
        <div className="rounded-xl border border-dashed border-line-strong px-6 py-16 text-center">
          <h2 className="font-display text-2xl font-semibold">No articles found</h2>
          <p className="mt-2 text-ink-soft">Try adjusting your search terms or category filter</p>
          <Button variant="secondary" className="mt-6" onClick={clear}>
            Clear filters
          </Button>
        </div>
      ) : (
        <>
          <PostCard post={featured} categories={names} featured />
          {rest.length > 0 && (
            <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {rest.map((post) => (
                <PostCard key={post.slug} post={post} categories={names} />
              ))}
            </div>
          )}
        </>
      )}
    </div>
  );
}
