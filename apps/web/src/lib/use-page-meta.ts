import { createContext, useContext, useEffect } from 'react';

/**
 * A page's head tags (issue 13, "Findable and fast"): its `<title>` and description, and from them the Open Graph and
 * Twitter tags; the canonical URL is `canonicalPath` on the site's origin. Set in the browser by `usePageMeta`, and
 * collected on the server by the render (`pageMetaTags`).
 */
export type PageMeta = {
  /** The document title, also og:title and twitter:title. */
  title: string;
  /** The meta description (shown under the title in search results), also og:description. */
  description: string;
  /** Path of the canonical URL (e.g. `/`); absent for private pages. */
  canonicalPath?: string;
  /** Comma-separated keywords, where the page has them. */
  keywords?: string;
  /** `noindex` for pages behind sign-in. */
  robots?: string;
};

function upsertMeta(attr: 'name' | 'property', key: string, content: string | undefined): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (content === undefined) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.setAttribute('content', content);
}

function upsertCanonical(href: string | undefined): void {
  let el = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (href === undefined) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('link');
    el.rel = 'canonical';
    document.head.appendChild(el);
  }
  el.href = href;
}

/** Where a page's meta is written while the server renders it (prerender.tsx), since effects do not run there. */
export type PageMetaCollector = { meta?: PageMeta };

/** The collector of the page being rendered on the server; null in the browser. */
export const PageMetaCollectorContext = createContext<PageMetaCollector | null>(null);

/** Sets the document title, description, canonical URL and social tags of a page. */
export function usePageMeta(meta: PageMeta): void {
  const collector = useContext(PageMetaCollectorContext);
  if (collector) collector.meta = meta;
  const { title, description, canonicalPath, keywords, robots } = meta;
  useEffect(() => {
    document.title = title;
    const url = canonicalPath === undefined ? undefined : new URL(canonicalPath, window.location.origin).href;
    upsertMeta('name', 'description', description);
    upsertMeta('name', 'keywords', keywords);
    upsertMeta('name', 'robots', robots);
    upsertMeta('property', 'og:title', title);
    upsertMeta('property', 'og:description', description);
    upsertMeta('property', 'og:type', 'website');
    upsertMeta('property', 'og:site_name', 'Quire');
    upsertMeta('property', 'og:url', url);
    upsertMeta('name', 'twitter:card', 'summary');
    upsertMeta('name', 'twitter:title', title);
    upsertMeta('name', 'twitter:description', description);
    upsertCanonical(url);
  }, [title, description, canonicalPath, keywords, robots]);
}

/** Escapes text for an HTML attribute value or element content. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The `<head>` tags of `meta` as HTML, the same tags {@link usePageMeta} sets in the browser: title, description,
 * keywords, robots, Open Graph and Twitter card tags, and the canonical link (absolute, from `origin`). The server
 * puts them in the pages it renders, so crawlers and link previews read them without running the app.
 */
export function pageMetaTags(meta: PageMeta, origin: string): string {
  const url = meta.canonicalPath === undefined ? undefined : new URL(meta.canonicalPath, origin).href;
  const tag = (attr: 'name' | 'property', key: string, content: string | undefined) =>
    content === undefined ? [] : [`<meta ${attr}="${key}" content="${escapeHtml(content)}" />`];
  return [
    `<title>${escapeHtml(meta.title)}</title>`,
    ...tag('name', 'description', meta.description),
    ...tag('name', 'keywords', meta.keywords),
    ...tag('name', 'robots', meta.robots),
    ...tag('property', 'og:title', meta.title),
    ...tag('property', 'og:description', meta.description),
    ...tag('property', 'og:type', 'website'),
    ...tag('property', 'og:site_name', 'Quire'),
    ...tag('property', 'og:url', url),
    ...tag('name', 'twitter:card', 'summary'),
    ...tag('name', 'twitter:title', meta.title),
    ...tag('name', 'twitter:description', meta.description),
    ...(url ? [`<link rel="canonical" href="${escapeHtml(url)}" />`] : []),
  ].join('\n    ');
}
