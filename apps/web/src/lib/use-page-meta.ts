import { useEffect } from 'react';

export type PageMeta = {
  title: string;
  description: string;
  /** Path of the canonical URL (e.g. `/`); absent for private pages. */
  canonicalPath?: string;
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

/** Sets the document title, description, canonical URL and social tags of a page. */
export function usePageMeta(meta: PageMeta): void {
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
