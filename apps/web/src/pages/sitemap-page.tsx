import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { SITE_ALIASES, WEB_ROUTES } from '@quire/contracts';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { usePageMeta } from '../lib/use-page-meta.ts';
import { useBlogPosts } from '../features/blog/api/get-blog-posts.ts';
import { PageIntro, PublicPageFrame } from './public-page-frame.tsx';

/** Posts listed by name before the rest are summed up (accounts spec section 2, "Sitemap": the first 8). */
const POSTS_LISTED = 8;

type SiteLink = { href: string; label: string };

const MAIN_LINKS: SiteLink[] = [
  { href: WEB_ROUTES.home.path, label: 'Home' },
  { href: WEB_ROUTES.about.path, label: 'About Quire' },
  { href: WEB_ROUTES.academicConcierge.path, label: 'Academic Publishing Concierge' },
  { href: WEB_ROUTES.blog.path, label: 'Blog' },
  { href: WEB_ROUTES.contact.path, label: 'Contact and Support' },
  { href: WEB_ROUTES.register.path, label: 'Start Free Trial' },
  { href: WEB_ROUTES.login.path, label: 'Sign In' },
];

const LEGAL_LINKS: SiteLink[] = [
  { href: WEB_ROUTES.privacyPolicy.path, label: 'Privacy Policy' },
  { href: WEB_ROUTES.termsOfService.path, label: 'Terms of Service' },
];

/** The spec's quick-access links, each a short address the server and the router lead to its page (SITE_ALIASES). */
const QUICK_LINKS: SiteLink[] = [
  { href: '/pricing', label: 'Pricing' },
  { href: '/demo', label: 'Demo' },
  { href: '/features', label: 'Features' },
  { href: '/faq', label: 'FAQ' },
  { href: '/help', label: 'Help' },
  { href: '/privacy', label: 'Privacy' },
  { href: '/terms', label: 'Terms' },
].filter((link) => link.href in SITE_ALIASES);

function LinkList({ links }: { links: SiteLink[] }) {
  return (
    <ul className="flex flex-col gap-2">
      {links.map((link) => (
        <li key={link.href}>
          <Link href={link.href} className="text-accent-ink underline-offset-4 hover:underline">
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function SitemapSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-line bg-surface p-6 shadow-card">
      <h2 id={id} className="font-display text-xl font-semibold">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** The blog's posts: the first eight by title, then '+ N more articles...' leading to /blog. */
function BlogLinks() {
  const posts = useBlogPosts();
  if (posts.isPending) {
    return (
      <div className="flex flex-col gap-2" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-5 w-4/5" />
        ))}
      </div>
    );
  }
  if (posts.isError) {
    return (
      <div className="flex flex-col gap-2 text-ink-soft">
        <p>The articles could not be loaded.</p>
        <LinkList links={[{ href: WEB_ROUTES.blog.path, label: 'Go to the blog' }]} />
      </div>
    );
  }
  const rest = posts.data.length - POSTS_LISTED;
  return (
    <>
      <LinkList links={posts.data.slice(0, POSTS_LISTED).map((post) => ({ href: `/blog/${post.slug}`, label: post.title }))} />
      {rest > 0 && (
        <Link href={WEB_ROUTES.blog.path} className="mt-3 inline-block text-sm font-medium text-ink-soft underline-offset-4 hover:underline">
          + {rest} more articles...
        </Link>
      )}
    </>
  );
}

/** /sitemap (accounts spec section 2, "Sitemap"): main links, blog links, legal links and quick-access links. */
export function SitemapPage() {
  usePageMeta({
    title: 'Sitemap — Quire',
    description: 'Every page of Quire: the product, the Academic Publishing Concierge, the blog’s articles, support and the legal pages.',
    canonicalPath: WEB_ROUTES.sitemap.path,
  });
  return (
    <PublicPageFrame>
      <PageIntro eyebrow="Sitemap" title="Every page of Quire" />
      <div className="mx-auto grid max-w-6xl gap-6 px-5 py-12 sm:px-8 md:grid-cols-2">
        <SitemapSection id="sitemap-main" title="Main pages">
          <LinkList links={MAIN_LINKS} />
        </SitemapSection>
        <SitemapSection id="sitemap-blog" title="Blog">
          <BlogLinks />
        </SitemapSection>
        <SitemapSection id="sitemap-legal" title="Legal">
          <LinkList links={LEGAL_LINKS} />
        </SitemapSection>
        <SitemapSection id="sitemap-quick" title="Quick access">
          <LinkList links={QUICK_LINKS} />
        </SitemapSection>
      </div>
    </PublicPageFrame>
  );
}
