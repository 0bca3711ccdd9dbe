import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BlogCategoryListSchema, BlogPostListSchema, BlogPostSchema, type BlogPost } from '@quire/contracts';
import { blogPosts } from '../../src/db/schema/index.ts';
import { createBlogService, DEFAULT_BLOG_CONTENT_DIR } from '../../src/services/blog/blog-service.ts';
import { parseArticle } from '../../src/services/blog/parse-article.ts';
import { sanitizePostHtml } from '../../src/services/blog/sanitize-post-html.ts';
import { buildTestApp, type TestApp } from '../helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  // A draft and two dated posts beside the shipped articles.
  await t.app.db.insert(blogPosts).values([
    { title: 'Secret draft', slug: 'zz-secret-draft', excerpt: 'Not yet', content: '<p>draft</p>', category: 'e-books', published: false, publishedAt: new Date('2099-01-01T00:00:00Z') },
    { title: 'From the future', slug: 'zz-future', excerpt: 'Newest', content: '<p>new</p>', category: 'e-books', published: true, publishedAt: new Date('2099-02-01T00:00:00Z') },
    { title: 'From long ago', slug: 'zz-ancient', excerpt: 'Oldest', content: '<p>old</p>', category: 'e-books', published: true, publishedAt: new Date('1999-02-01T00:00:00Z') },
  ]);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function list(url = '/api/blog-posts?published=true'): Promise<BlogPost[]> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return BlogPostListSchema.parse(res.json());
}

describe(`blog routes (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('lists only published posts, newest first, with the shipped articles loaded at start', async () => {
    const posts = await list();
    const slugs = posts.map((p) => p.slug);
    expect(slugs).not.toContain('zz-secret-draft');
    expect(slugs[0]).toBe('zz-future');
    expect(slugs.at(-1)).toBe('zz-ancient');
    expect(posts.every((p) => p.published)).toBe(true);
    const times = posts.map((p) => Date.parse(p.publishedAt ?? ''));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const files = (await readdir(DEFAULT_BLOG_CONTENT_DIR)).filter((n) => n.endsWith('.md'));
    expect(files.length).toBeGreaterThanOrEqual(10);
    expect(posts.length).toBe(files.length + 2);
  });

  it('never lists drafts, even without the published flag', async () => {
    const slugs = (await list('/api/blog-posts')).map((p) => p.slug);
    expect(slugs).not.toContain('zz-secret-draft');
    expect(slugs).toContain('zz-future');
  });

  it('answers one published post by slug', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/blog-posts/zz-future' });
    expect(res.statusCode).toBe(200);
    const post = BlogPostSchema.parse(res.json());
    expect(post).toMatchObject({ title: 'From the future', content: '<p>new</p>', tags: [], authorId: null, featuredImage: null });
  });

  it("answers 404 'Post not found' for an unknown slug and for a draft", async () => {
    for (const slug of ['no-such-post', 'zz-secret-draft']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/blog-posts/${slug}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Post not found' });
    }
  });

  it('lists the categories as {name, slug}', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/blog-categories' });
    expect(res.statusCode).toBe(200);
    const categories = BlogCategoryListSchema.parse(res.json());
    expect(categories.length).toBeGreaterThanOrEqual(4);
    expect(Object.keys(categories[0] ?? {}).sort()).toEqual(['name', 'slug']);
    // Every shipped post names a category that exists.
    const slugs = new Set(categories.map((c) => c.slug));
    for (const post of await list()) if (!post.slug.startsWith('zz-')) expect(slugs).toContain(post.category);
  });

  it('serves shipped articles as sanitised HTML with their featured image', async () => {
    const posts = (await list()).filter((p) => !p.slug.startsWith('zz-'));
    for (const post of posts) {
      expect(post.content).toMatch(/<h2>/);
      expect(post.content).not.toMatch(/<script|onerror|javascript:/i);
      expect(post.featuredImage).toMatch(/^\/blog\/[a-z0-9-]+\.svg$/);
    }
  });
});

describe('sanitising post HTML', () => {
  it('removes scripts, event handlers, styles, iframes and javascript: links', () => {
    const html = sanitizePostHtml(
      '<p style="color:red" onclick="x()">Hi<script>alert(1)</script></p><img src="/blog/a.svg" onerror="alert(1)" alt="A">' +
        '<a href="javascript:alert(1)">bad</a><iframe src="https://evil.example"></iframe><style>p{}</style>' +
        '<img src="http://insecure.example/x.png" alt="x"><img src="data:image/png;base64,AAAA" alt="d">',
    );
    expect(html).not.toMatch(/script|onerror|onclick|style|iframe|javascript:|insecure|data:/i);
    expect(html).toContain('<p>Hi</p>');
    expect(html).toContain('<img src="/blog/a.svg" alt="A" />');
    expect(html).toContain('<a rel="noopener noreferrer">bad</a>');
  });

  it('keeps article markup and marks links noopener', () => {
    const input =
      '<h2>Title</h2><h3>Sub</h3><p><em>a</em> <strong>b</strong> <code>c</code></p><ul><li>one</li></ul><ol start="3"><li>two</li></ol>' +
      '<blockquote><p>q</p></blockquote><figure><img src="https://example.com/i.png" alt="i" /><figcaption>cap</figcaption></figure>' +
      '<table><thead><tr><th scope="col">h</th></tr></thead><tbody><tr><td>d</td></tr></tbody></table><pre><code class="language-ts">x</code></pre>';
    const html = sanitizePostHtml(input + '<a href="https://example.com">link</a>');
    expect(html).toContain(input);
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer">link</a>');
  });

  it('renders an article file: front matter fields, Markdown to safe HTML', () => {
    const article = parseArticle(
      '---\ntitle: "A: title"\nslug: a-title\nexcerpt: Short\ncategory: e-books\ntags: [epub, "a11y"]\npublishedAt: 2024-03-05\nfeaturedImage: /blog/a.svg\n---\n## Head\n\nText <script>x</script> [l](javascript:alert(1)).\n',
      'a.md',
    );
    expect(article).toMatchObject({ title: 'A: title', slug: 'a-title', tags: ['epub', 'a11y'], published: true, featuredImage: '/blog/a.svg' });
    expect(article.publishedAt?.toISOString()).toBe('2024-03-05T00:00:00.000Z');
    expect(article.content).toContain('<h2>Head</h2>');
    expect(article.content).not.toMatch(/<script|href="javascript/);
    expect(article.content).not.toContain('x</');
  });
});

describe('loading articles from files', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'quire-blog-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const file = (title: string, body: string) =>
    `---\ntitle: ${title}\nslug: loader-test\nexcerpt: About loading\ncategory: e-books\ntags: [test]\npublishedAt: 2020-01-01\n---\n${body}\n`;

  it('inserts a new file, updates a changed one, adds no duplicates and deletes nothing', async () => {
    const blog = createBlogService({ db: t.app.db });
    await writeFile(path.join(dir, 'categories.json'), JSON.stringify([{ name: 'Loader Cat', slug: 'loader-cat' }]));
    await writeFile(path.join(dir, 'loader-test.md'), file('First title', 'One.'));
    expect(await blog.loadContent(dir)).toEqual({ inserted: 1, updated: 0, unchanged: 0 });
    expect(await blog.loadContent(dir)).toEqual({ inserted: 0, updated: 0, unchanged: 1 });

    await writeFile(path.join(dir, 'loader-test.md'), file('Second title', 'Two.'));
    expect(await blog.loadContent(dir)).toEqual({ inserted: 0, updated: 1, unchanged: 0 });
    const rows = await t.app.db.select().from(blogPosts).where(eq(blogPosts.slug, 'loader-test'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ title: 'Second title', content: '<p>Two.</p>\n', published: true });

    // Posts without a file (here: the ones inserted by the tests above) stay.
    expect((await list()).map((p) => p.slug)).toEqual(expect.arrayContaining(['zz-future', 'zz-ancient', 'loader-test']));
    const cats = await blog.listCategories();
    expect(cats).toContainEqual({ name: 'Loader Cat', slug: 'loader-cat' });
  });

  it('a second start of the app on the same content adds no duplicates', async () => {
    const blog = createBlogService({ db: t.app.db });
    const before = (await list()).length;
    const again = await blog.loadContent();
    expect(again.inserted).toBe(0);
    expect(again.updated).toBe(0);
    expect((await list()).length).toBe(before);
  });

  it('every shipped article parses with a known category and 600 to 1200 words', async () => {
    const names = (await readdir(DEFAULT_BLOG_CONTENT_DIR)).filter((n) => n.endsWith('.md'));
    const categories = JSON.parse(await readFile(path.join(DEFAULT_BLOG_CONTENT_DIR, 'categories.json'), 'utf8')) as { slug: string }[];
    for (const name of names) {
      const text = await readFile(path.join(DEFAULT_BLOG_CONTENT_DIR, name), 'utf8');
      const article = parseArticle(text, name);
      expect(`${article.slug}.md`).toBe(name);
      expect(categories.map((c) => c.slug)).toContain(article.category);
      const words = article.content.replace(/<[^>]+>/g, ' ').split(/\s+/).filter(Boolean).length;
      expect(words, name).toBeGreaterThanOrEqual(600);
      expect(words, name).toBeLessThanOrEqual(1200);
    }
  });
});
