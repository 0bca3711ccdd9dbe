/**
 * Security headers on every answer (issue 14, "Security"; OWASP Secure Headers Project):
 * - all: `X-Content-Type-Options: nosniff` (no type guessing of an upload or an export), `Referrer-Policy:
 *   strict-origin-when-cross-origin` (reset and newsletter links keep their tokens to themselves), `X-Frame-Options:
 *   DENY` for browsers without CSP level 2, `Cross-Origin-Opener-Policy: same-origin`;
 * - the API (`/api/...`): `Cache-Control: no-store` unless the route set its own (private data never sits in a cache);
 * - HTML pages: a Content-Security-Policy without `unsafe-*` (below); a public page the server rendered also allows
 *   its own critical CSS by hash (`app.pageSecurityPolicy`, set by routes/web-app.ts);
 * - over TLS (the request's protocol is https, through `X-Forwarded-Proto` behind a trusted proxy):
 *   `Strict-Transport-Security` for a year (RFC 6797). Never over plain HTTP, where a browser ignores it anyway and a
 *   local install must stay reachable.
 * A header a route set itself (the images' and covers' `default-src 'none'` policy) is kept.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';

/** Pages of the web build whose inline `<style>` (landing.html's critical CSS, put in at build time) the policy allows by hash. */
const PAGE_FILES = ['index.html', 'landing.html', 'page-shell.html'];

/** Stripe.js and the frames of its payment form (Stripe's "Content Security Policy" guide). */
const STRIPE_SCRIPT_ORIGINS = ['https://js.stripe.com', 'https://*.js.stripe.com'];
const STRIPE_FRAME_ORIGINS = ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'];
const STRIPE_API_ORIGIN = 'https://api.stripe.com';

const HSTS = 'max-age=31536000; includeSubDomains';

/** The base64 SHA-256 source expression of each inline `<style>` element of `html` (CSP level 2 hash sources). */
export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => `'sha256-${createHash('sha256').update(match[1] ?? '', 'utf8').digest('base64')}'`);
}

/**
 * The Content-Security-Policy of the app's pages: scripts, styles, fonts and requests from this origin only (and
 * Stripe's, for the payment form), the build's inline styles by hash, images also as `data:` and `blob:` URLs (page
 * previews, covers), no plugins, no `<base>`, no framing by other sites.
 * @param styleHashes hash sources of the build's inline styles ({@link inlineStyleHashes}).
 * @param stripeApiOrigin where Stripe.js sends its requests: Stripe's API, or the address tests point it at.
 */
export function contentSecurityPolicy(styleHashes: readonly string[], stripeApiOrigin: string): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...STRIPE_SCRIPT_ORIGINS],
    'style-src': ["'self'", ...new Set(styleHashes)],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", stripeApiOrigin],
    'frame-src': STRIPE_FRAME_ORIGINS,
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The pages' Content-Security-Policy with the inline styles of one rendered page allowed too (its critical CSS,
     * services/page-renderer.ts), for a route that sends that page: hash sources from {@link inlineStyleHashes}.
     */
    pageSecurityPolicy(pageStyleHashes: readonly string[]): string;
  }
}

/**
 * Sets the headers above. `webDistDir` is the web build (null without one: no inline styles to allow); `stripeApiUrl`
 * the Stripe API address the server is configured with (null: Stripe's own).
 */
export const securityHeadersPlugin = fp<{ webDistDir: string | null; stripeApiUrl: string | null }>(
  async (app, { webDistDir, stripeApiUrl }) => {
    const styleHashes = webDistDir
      ? PAGE_FILES.map((file) => path.join(webDistDir, file))
          .filter((file) => existsSync(file))
          .flatMap((file) => inlineStyleHashes(readFileSync(file, 'utf8')))
      : [];
    const stripeApiOrigin = stripeApiUrl ? new URL(stripeApiUrl).origin : STRIPE_API_ORIGIN;
    const policy = contentSecurityPolicy(styleHashes, stripeApiOrigin);
    app.decorate('pageSecurityPolicy', (pageStyleHashes: readonly string[]) =>
      pageStyleHashes.length === 0 ? policy : contentSecurityPolicy([...styleHashes, ...pageStyleHashes], stripeApiOrigin),
    );

    app.addHook('onSend', async (request, reply, payload) => {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
      reply.header('x-frame-options', 'DENY');
      reply.header('cross-origin-opener-policy', 'same-origin');
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
      const url = request.url;
      if ((url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) && !reply.hasHeader('cache-control')) {
        reply.header('cache-control', 'no-store');
      }
      const type = String(reply.getHeader('content-type') ?? '');
      if (type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) reply.header('content-security-policy', policy);
      return payload;
    });
  },
  { name: 'quire-security-headers' },
);
