import { apiFetch } from '../../../lib/api-client.ts';

/**
 * The path a page view records: the location without its query string or fragment, which can carry secrets (a
 * reset link's token) and are not the page anyway.
 */
export function pageViewPath(location: string): string {
  const path = location.split(/[?#]/, 1)[0] ?? '';
  return path.startsWith('/') ? path : `/${path}`;
}

/**
 * POST /api/events/page-view (accounts spec section 2: each route change is reported), fire-and-forget: the
 * visitor never waits for it and never hears of its failure (offline, blocked, the server says no). The request
 * helper adds the bearer token when someone is signed in; nothing else about the visitor is sent.
 */
export function recordPageView(location: string): void {
  apiFetch('POST', '/api/events/page-view', { path: pageViewPath(location) }).catch(() => {});
}
