/**
 * Where sign-in returns a visitor to: a signed-in page asked for while signed out is remembered in the login
 * address (`/login?next=%2Fbook%2F42`) and opened again after signing in or registering.
 */

/** The query parameter of /login and /register that carries the page to return to. */
export const RETURN_PARAM = 'next';

/**
 * The page to open after signing in, from the raw `next` value of the login address: a path of this site
 * (`/book/42`, `/format/42?tab=export`), else `/`. Anything that could leave the site (`//evil.example`,
 * `/\evil.example`, `https://...`, `javascript:`) is refused, so the parameter cannot be used as an open redirect
 * (OWASP Unvalidated Redirects and Forwards Cheat Sheet).
 */
export function safeReturnPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  // Control characters and whitespace are dropped or reinterpreted by browsers' URL parsers; refuse them too.
  for (const char of next) {
    const code = char.charCodeAt(0);
    if (code <= 0x20 || code === 0x7f || char === '\\') return '/';
  }
  return next;
}

/**
 * `/login` or `/register` carrying the page to return to after signing in (`/login?next=%2Fbook%2F42`); the bare
 * path when that page is `/` or not a path of this site.
 */
export function authPathReturningTo(authPath: '/login' | '/register', next: string | null | undefined): string {
  const target = safeReturnPath(next);
  return target === '/' ? authPath : `${authPath}?${RETURN_PARAM}=${encodeURIComponent(target)}`;
}
