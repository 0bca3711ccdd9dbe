/**
 * After `vite build` and the server-side build of `src/prerender.tsx` (into `dist-prerender/`), writes:
 * - `dist/landing.html`: the app's index.html with the landing page rendered into `#root` and its style sheet
 *   inlined (one request fewer before the page can be drawn; the app keeps the same document as it moves to other
 *   pages), with its Brotli and gzip forms; the server answers `/` with it when it renders no pages itself;
 * - `dist/page-shell.html`: the same document with an empty `#root`, into which the server puts each public page it
 *   renders with `dist-prerender/prerender.js` (kept for it; apps/server `services/page-renderer.ts`).
 * Usage: node --import tsx scripts/prerender.ts (from apps/web; `npm run build` runs it).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { precompressFile } from '../vite-precompress.ts';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const distDir = path.join(webRoot, 'dist');
const ssrDir = path.join(webRoot, 'dist-prerender');

const ROOT_ELEMENT = '<div id="root"></div>';

const { renderLandingPage } = (await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href)) as {
  renderLandingPage: () => Promise<string>;
};
const indexHtml = await readFile(path.join(distDir, 'index.html'), 'utf8');
if (!indexHtml.includes(ROOT_ELEMENT)) throw new Error(`dist/index.html has no ${ROOT_ELEMENT} to render the landing page into.`);
/** Vite's `<link rel="stylesheet" crossorigin href="/assets/index-<hash>.css">`. */
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g;

async function inlineStyleSheets(html: string): Promise<string> {
  let out = html;
  for (const [link, href] of html.matchAll(STYLESHEET_LINK)) {
    const css = await readFile(path.join(distDir, href ?? ''), 'utf8');
    if (/<\/style/i.test(css)) throw new Error(`${href} cannot be inlined: it contains </style.`);
    out = out.replace(link, () => `<style>${css}</style>`);
  }
  if (out === html) throw new Error('dist/index.html links no style sheet to inline.');
  return out;
}

const landingFile = path.join(distDir, 'landing.html');
const landingHtml = indexHtml.replace(ROOT_ELEMENT, `<div id="root">${await renderLandingPage()}</div>`);
await writeFile(landingFile, await inlineStyleSheets(landingHtml));
await precompressFile(landingFile);
await writeFile(path.join(distDir, 'page-shell.html'), await inlineStyleSheets(indexHtml));
