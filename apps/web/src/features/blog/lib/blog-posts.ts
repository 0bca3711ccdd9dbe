import { format, parseISO } from 'date-fns';
import type { BlogPost } from '@quire/contracts';

/** Words read per minute (accounts spec section 9: read time = words / 200, rounded up). */
const WORDS_PER_MINUTE = 200;

/** Words of an HTML text, tags and entities aside. */
export function countWords(html: string): number {
  const text = html.replace(/<[^>]*>/g, ' ').replace(/&[a-z0-9#]+;/gi, ' ');
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** Minutes to read `html`: at least 1. */
export function readMinutes(html: string): number {
  return Math.max(1, Math.ceil(countWords(html) / WORDS_PER_MINUTE));
}

/** 'N min read'. */
export function readTimeLabel(html: string): string {
  return `${readMinutes(html)} min read`;
}

/** A post's date as 'Mar 05, 2024'; empty when it has none. */
export function formatPostDate(iso: string | null): string {
  if (!iso) return '';
  const date = parseISO(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'MMM dd, yyyy');
}

/**
 * The posts matching the search (in the title or the excerpt, case-insensitive) and the category (`'all'`: any),
 * in their given order (accounts spec section 5, "Blog search").
 */
export function filterPosts(posts: readonly BlogPost[], search: string, category: string): BlogPost[] {
  const needle = search.trim().toLocaleLowerCase();
  return posts.filter(
    (p) =>
      (category === 'all' || p.category === category) &&
      (!needle || p.title.toLocaleLowerCase().includes(needle) || p.excerpt.toLocaleLowerCase().includes(needle)),
  );
}

/** Up to `max` other posts of the same category as `post`, in their given order. */
export function relatedPosts(posts: readonly BlogPost[], post: BlogPost, max = 3): BlogPost[] {
  return posts.filter((p) => p.category === post.category && p.slug !== post.slug).slice(0, max);
}
