/**
 * The web app's route table (accounts spec section 2, the routes built so far), shared by the web app's router and
 * the server that serves it: the server answers the app's page with 200 on these paths and with 404 on any other
 * (where the app shows its 'Page Not Found'), and its robots.txt keeps crawlers out of the signed-in pages.
 */

/** Who a page is for: anyone (`public`, crawlable), or a signed-in user (sent to /login otherwise, never crawled). */
export type WebRouteAccess = 'public' | 'signed-in';

/**
 * A route of the web app. `path` is a pattern in the router's syntax (wouter, regexparam): literal segments and
 * `:name` for one segment, `:name?` for an optional last one.
 */
export type WebRoute = {
  readonly path: string;
  readonly access: WebRouteAccess;
  /** Listed in /sitemap.xml for search engines (the public pages with content of their own). */
  readonly inSitemap?: boolean;
};

/** Every page the web app has, by name. A path not matched by one of them is the app's 404 page. */
export const WEB_ROUTES = {
  home: { path: '/', access: 'public', inSitemap: true },
  login: { path: '/login', access: 'public' },
  register: { path: '/register', access: 'public' },
  forgotPassword: { path: '/forgot-password', access: 'public' },
  resetPassword: { path: '/reset-password', access: 'public' },
  account: { path: '/account', access: 'signed-in' },
  book: { path: '/book/:id', access: 'signed-in' },
  format: { path: '/format/:id?', access: 'signed-in' },
  // Payment pages (workspace spec section 2): /checkout pays for one of the user's documents; the subscription
  // pages are open to anyone (a visitor is asked to sign in before paying); /success is where Stripe returns.
  checkout: { path: '/checkout', access: 'signed-in' },
  subscribe: { path: '/subscribe', access: 'public' },
  subscribePublisher: { path: '/subscribe-publisher', access: 'public' },
  success: { path: '/success', access: 'public' },
  // The public site (issue 13).
  about: { path: '/about', access: 'public', inSitemap: true },
  // The spec lists /contact among the signed-in routes; it is open to visitors, who ask before they sign up.
  contact: { path: '/contact', access: 'public', inSitemap: true },
  // Where the newsletter's confirmation and unsubscribe links lead (?confirm=<token> or ?unsubscribe=<token>).
  newsletter: { path: '/newsletter', access: 'public' },
  privacyPolicy: { path: '/privacy-policy', access: 'public', inSitemap: true },
  sitemap: { path: '/sitemap', access: 'public', inSitemap: true },
  termsOfService: { path: '/terms-of-service', access: 'public', inSitemap: true },
  blog: { path: '/blog', access: 'public', inSitemap: true },
  blogPost: { path: '/blog/:slug', access: 'public' },
  academicConcierge: { path: '/academic-concierge', access: 'public', inSitemap: true },
  conciergeCheckout: { path: '/concierge-checkout', access: 'public' },
  conciergeSuccess: { path: '/concierge-success', access: 'public' },
  // Open to anyone (its password gate is the protection); crawlers may fetch it but the page asks for noindex.
  adminAnalytics: { path: '/admin/analytics', access: 'public' },
} as const satisfies Record<string, WebRoute>;

/**
 * Short addresses the /sitemap page's quick-access links use (accounts spec section 2, "Sitemap": /pricing, /demo,
 * /features, /faq, /help, /privacy, /terms), each leading to the page or section that answers it: the server
 * redirects them (301) and the web app's router does the same for a link followed inside the app.
 */
export const SITE_ALIASES: Readonly<Record<string, string>> = {
  '/pricing': '/#pricing',
  '/demo': '/#demo',
  '/features': '/#features',
  '/faq': '/contact#faq',
  '/help': '/contact',
  '/privacy': '/privacy-policy',
  '/terms': '/terms-of-service',
};

/**
 * The route pattern as a regular expression, as the router reads it: `:name` is one non-empty segment, `:name?` an
 * optional one, a trailing slash is allowed and letters match in either case (regexparam's `parse`).
 */
function routePattern(path: string): RegExp {
  const source = path
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      if (!segment.startsWith(':')) return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
      return segment.endsWith('?') ? '(?:/([^/]+?))?' : '/([^/]+?)';
    })
    .join('');
  return new RegExp(`^${source}/?$`, 'i');
}

const ROUTE_PATTERNS: ReadonlyArray<readonly [RegExp, WebRoute]> = Object.values(WEB_ROUTES).map(
  (route) => [routePattern(route.path), route] as const,
);

/**
 * The web app's route for a URL path (`/book/42`; the query string, if any, is ignored), or `undefined` when the
 * app has no such page.
 */
export function matchWebRoute(urlPath: string): WebRoute | undefined {
  const pathname = urlPath.split(/[?#]/, 1)[0] ?? '';
  return ROUTE_PATTERNS.find(([pattern]) => pattern.test(pathname))?.[1];
}

/**
 * The path prefix that every URL of a route starts with, up to its first parameter (`/book/` for `/book/:id`,
 * `/format` for `/format/:id?`): what a robots.txt `Disallow` line names (RFC 9309 section 2.2.2, prefix match).
 */
export function webRoutePrefix(route: WebRoute): string {
  // An optional last parameter takes its slash with it (`/format` is a page too); a required one keeps it.
  const param = route.path.search(/\/:[^/]*\?$|:/);
  return param === -1 ? route.path : route.path.slice(0, param);
}
