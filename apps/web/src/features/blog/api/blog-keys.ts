/** Query keys of the blog: every post, one post by slug, the categories. */
export const blogKeys = {
  all: ['blog'] as const,
  posts: () => ['blog', 'posts'] as const,
  post: (slug: string) => ['blog', 'post', slug] as const,
  categories: () => ['blog', 'categories'] as const,
};
