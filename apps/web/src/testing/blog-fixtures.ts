import type { BlogPost } from '@quire/contracts';

/** A published post of the blog tests; `over` replaces fields. */
export function post(slug: string, over: Partial<BlogPost> = {}): BlogPost {
  return {
    id: slug,
    title: `Title ${slug}`,
    slug,
    excerpt: `Excerpt ${slug}`,
    content: '<p>Hello world</p>',
    authorId: null,
    category: 'e-books',
    tags: [],
    featuredImage: null,
    published: true,
    publishedAt: '2024-03-05T12:00:00.000Z',
    createdAt: '2024-03-05T12:00:00.000Z',
    updatedAt: '2024-03-05T12:00:00.000Z',
    ...over,
  };
}
