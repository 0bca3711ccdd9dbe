/**
 * A page's critical CSS: the rules of the build's style sheet that the page's own markup uses, inlined in its head, and
 * the whole sheet fetched without holding up the first paint (`beasties`). A public page is drawn from its inlined rules
 * alone, and the rest of the sheet (the app's other pages, states the markup does not show yet) arrives while the app
 * starts. The whole sheet inlined was 80 kB in every page's head; Lighthouse on mobile (slow 4G, 4x CPU) measured the
 * landing page at performance 93 that way, 95 this way (median of 5 runs on the server; FCP 2.35 s -> 1.97 s, LCP
 * 2.65 s -> 2.27 s, with the page in Brotli at quality 11: apps/server services/page-renderer.ts).
 *
 * Used by the build (`scripts/prerender.ts`, landing.html) and by the server for each public page it renders
 * (exported by `prerender.tsx` to apps/server `workers/page-tasks.ts`).
 */
import Beasties from 'beasties';

/** The attribute with which beasties turns its preload into a style sheet: an inline script handler. */
const SWAP_HANDLER = / onload="this\.rel='stylesheet'"/g;

/**
 * `documentHtml` with its `<link rel="stylesheet">` to the build's sheet replaced by the rules the document's markup
 * uses, in a `<style>` in the head, and a `<link rel="preload" as="style">` to the whole sheet (a `<noscript>` link for
 * a browser without scripts). The pages' Content-Security-Policy allows no inline script, so the preload carries no
 * `onload` handler: a small script of the build's, loaded `async` right after it, makes it a style sheet
 * (`public/apply-style-sheet.js`).
 * @param webDistDir the web build's folder, where the sheet named by the link is read (`/assets/...css`).
 * @returns the document as given when it links no sheet of the build.
 * @throws when the sheet the document links cannot be read.
 */
export async function inlineCriticalCss(documentHtml: string, webDistDir: string): Promise<string> {
  const beasties = new Beasties({
    path: webDistDir,
    publicPath: '/',
    preload: 'swap',
    // The sheet stays whole on disk: every page links the same file.
    pruneSource: false,
    // The faces of the fonts the page uses are inlined with its rules: drawn with a fallback font until the whole
    // sheet came, the page's text moved when the faces did (layout shift 0.025-0.07 on the landing and about pages).
    inlineFonts: true,
    preloadFonts: false,
    logLevel: 'silent',
  });
  const html = (await beasties.process(documentHtml)).replace(SWAP_HANDLER, '');
  // The preload becomes the style sheet when `public/apply-style-sheet.js` runs: fetched without holding up the parser,
  // it runs as soon as it arrives, long before the app's bundle.
  return html.replace(PRELOAD_LINK, (link) => `${link}<script async src="${APPLY_SCRIPT}"></script>`);
}

/** Beasties' preload of the whole sheet. */
const PRELOAD_LINK = /<link rel="preload"[^>]* as="style">/;

/** The script that makes the preload a style sheet (`public/apply-style-sheet.js`, copied to the build's root). */
const APPLY_SCRIPT = '/apply-style-sheet.js';
