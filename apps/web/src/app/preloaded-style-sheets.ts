/**
 * Turns the whole style sheet that a public page preloads (its critical CSS is inlined: `critical-css.ts`) into the
 * page's style sheet. Beasties does this with an inline `onload` handler, which the pages' Content-Security-Policy
 * (no inline script) refuses, so the app's entry does it as it starts. Throws nothing; a page without such a preload
 * is left as it is.
 */
export function applyPreloadedStyleSheets(doc: Document = document): void {
  for (const link of doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]')) link.rel = 'stylesheet';
}
