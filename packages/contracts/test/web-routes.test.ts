import { describe, expect, it } from 'vitest';
import { matchWebRoute, WEB_ROUTES, webRoutePrefix } from '../src/web-routes.ts';

describe('matchWebRoute', () => {
  it.each([
    ['/', WEB_ROUTES.home],
    ['/login', WEB_ROUTES.login],
    ['/register?email=ada%40example.com', WEB_ROUTES.register],
    ['/book/6f1c2a9e-0000-4000-8000-000000000000', WEB_ROUTES.book],
    ['/book/42/', WEB_ROUTES.book],
    ['/format', WEB_ROUTES.format],
    ['/format/42', WEB_ROUTES.format],
    ['/LOGIN', WEB_ROUTES.login],
    ['/forgot-password', WEB_ROUTES.forgotPassword],
    ['/reset-password?token=abc', WEB_ROUTES.resetPassword],
    ['/account', WEB_ROUTES.account],
    ['/admin/analytics', WEB_ROUTES.adminAnalytics],
    ['/about', WEB_ROUTES.about],
  ])('finds the page of %s', (path, route) => {
    expect(matchWebRoute(path)).toBe(route);
  });

  it.each(['/no-such-page', '/book', '/book/', '/book/42/extra', '/format/42/43', '/about-us', '/assets/app.js', '/api/books', '/login/x', '/admin', '/account/x'])(
    'has no page at %s',
    (path) => {
      expect(matchWebRoute(path)).toBeUndefined();
    },
  );
});

describe('webRoutePrefix', () => {
  it('is the path up to the first parameter', () => {
    expect(webRoutePrefix(WEB_ROUTES.login)).toBe('/login');
    expect(webRoutePrefix(WEB_ROUTES.book)).toBe('/book/');
    expect(webRoutePrefix(WEB_ROUTES.format)).toBe('/format');
  });
});
