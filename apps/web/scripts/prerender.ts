/**
 * After `vite build` and the server-side build of `src/prerender.tsx` (into `dist-prerender/`), writes:
 * - `dist/landing.html`: the app's index.html with the landing page rendered into `#root` and the style rules it uses
 *   inlined, the whole sheet preloaded (`src/critical-css.ts`: the page is drawn without waiting for the sheet; the app
 *   keeps the same document as it moves to other pages), with its Brotli and gzip forms; the server answers `/` with
 *   it when it renders no pages itself;
 * - `dist/page-shell.html`: the app's index.html, into which the server puts each public page it renders with
 *   `dist-prerender/prerender.js` and inlines that page's critical CSS (apps/server `services/page-renderer.ts`).
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

const { renderLandingPage, inlineCriticalCss } = (await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href)) as {
  renderLandingPage: () => Promise<string>;
  inlineCriticalCss: (html: string, webDistDir: string) => Promise<string>;
};
const indexHtml = await readFile(path.join(distDir, 'index.html'), 'utf8');
if (!indexHtml.includes(ROOT_ELEMENT)) throw new Error(`dist/index.html has no ${ROOT_ELEMENT} to render the landing page into.`);
const landingFile = path.join(distDir, 'landing.html');
const landingHtml = indexHtml.replace(ROOT_ELEMENT, `<div id="root">${await renderLandingPage()}</div>`);
const landingWithCss = await inlineCriticalCss(landingHtml, distDir);
if (!landingWithCss.includes('<style>')) throw new Error('dist/index.html links no style sheet to take the critical CSS from.');
await writeFile(landingFile, landingWithCss);
await precompressFile(landingFile);
// The server inlines each page's own critical CSS as it renders it (apps/server workers/page-tasks.ts).
await writeFile(path.join(distDir, 'page-shell.html'), indexHtml);
