/**
 * A blog article file (`content/blog/<slug>.md`): a front-matter block between `---` lines, then Markdown.
 *
 * The front matter is a small YAML subset, one `key: value` per line: strings (optionally in double or single
 * quotes), `tags: [a, b, c]` lists, and `published: false` for a draft. Keys: title, slug, excerpt, category, tags,
 * publishedAt (ISO date), featuredImage (a site path such as `/blog/kdp-margins.svg`), published (default true).
 * The body is rendered by markdown-it (tables, smart quotes) and then sanitised like any other post HTML.
 */
import MarkdownIt from 'markdown-it';
import { sanitizePostHtml } from './sanitize-post-html.ts';

/** A post read from a file, ready to be stored. */
export interface BlogArticle {
  title: string;
  slug: string;
  excerpt: string;
  category: string;
  tags: string[];
  featuredImage: string | null;
  published: boolean;
  publishedAt: Date | null;
  /** Sanitised HTML. */
  content: string;
}

/** A category of `content/blog/categories.json`. */
export interface BlogCategoryInput {
  name: string;
  slug: string;
  description: string;
}

/** An article file that cannot be read; the message names the file and the field. */
export class BlogContentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BlogContentError';
  }
}

const markdown = new MarkdownIt({ html: true, linkify: false, typographer: true });

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function unquote(value: string): string {
  const v = value.trim();
  if (v.length >= 2 && ((v.startsWith('"') && v.endsWith('"')) || (v.startsWith("'") && v.endsWith("'")))) return v.slice(1, -1);
  return v;
}

function parseFrontMatter(block: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of block.split('\n')) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    const colon = line.indexOf(':');
    if (colon <= 0) throw new BlogContentError(`front matter line without "key: value": ${line}`);
    fields.set(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return fields;
}

function parseList(value: string): string[] {
  const inner = value.startsWith('[') && value.endsWith(']') ? value.slice(1, -1) : value;
  return inner
    .split(',')
    .map(unquote)
    .filter((tag) => tag.length > 0);
}

/**
 * Reads one article file's text. `source` names the file in error messages.
 * @throws BlogContentError when the front matter is missing or a required field is absent or malformed.
 */
export function parseArticle(text: string, source: string): BlogArticle {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(text.replace(/^\uFEFF/, ''));
  if (!match) throw new BlogContentError(`${source}: no front matter between --- lines`);
  const fields = parseFrontMatter((match[1] ?? '').replace(/\r\n/g, '\n'));
  const required = (key: string): string => {
    const value = unquote(fields.get(key) ?? '');
    if (!value) throw new BlogContentError(`${source}: front matter has no ${key}`);
    return value;
  };
  const slug = required('slug');
  if (!SLUG.test(slug)) throw new BlogContentError(`${source}: slug "${slug}" is not lower-case words joined by hyphens`);
  const publishedAtText = unquote(fields.get('publishedAt') ?? '');
  const publishedAt = publishedAtText ? new Date(publishedAtText) : null;
  if (publishedAt && Number.isNaN(publishedAt.getTime())) throw new BlogContentError(`${source}: publishedAt "${publishedAtText}" is not a date`);
  const featuredImage = unquote(fields.get('featuredImage') ?? '') || null;
  return {
    title: required('title'),
    slug,
    excerpt: required('excerpt'),
    category: required('category'),
    tags: parseList(fields.get('tags') ?? ''),
    featuredImage,
    published: unquote(fields.get('published') ?? 'true') !== 'false',
    publishedAt,
    content: sanitizePostHtml(markdown.render(match[2] ?? '')),
  };
}

/**
 * Reads `categories.json`: an array of `{ name, slug, description? }`.
 * @throws BlogContentError when it is not such an array.
 */
export function parseCategories(text: string, source: string): BlogCategoryInput[] {
  const data: unknown = JSON.parse(text);
  if (!Array.isArray(data)) throw new BlogContentError(`${source}: expected an array of categories`);
  return data.map((item: unknown, i) => {
    const c = item as Partial<Record<'name' | 'slug' | 'description', unknown>>;
    if (typeof c.name !== 'string' || typeof c.slug !== 'string' || !SLUG.test(c.slug)) {
      throw new BlogContentError(`${source}: category ${i} needs a name and a lower-case hyphenated slug`);
    }
    return { name: c.name, slug: c.slug, description: typeof c.description === 'string' ? c.description : '' };
  });
}
