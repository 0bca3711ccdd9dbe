/**
 * The EPUB navigation document (EPUB 3.3 §7): table of contents and landmarks.
 */
import { escapeXml } from '../html/escape.ts';
import { tocList } from '../html/index.ts';
import type { Unit } from '../html/units.ts';

/**
 * Body of the nav document (EPUB 3.3 §7): the `toc` nav (parts hold their chapters in a nested list) and a hidden
 * `landmarks` nav with `toc` and `bodymatter` (when the book has a body).
 * @param hrefOf file (and fragment) of each unit, relative to the nav document.
 * @param fallback entry used when the book has no unit at all (a `toc` nav needs one `<li>`: EPUB 3.3 §7.3.4).
 */
export function navBody(
  units: readonly Unit[],
  hrefOf: (u: Unit) => string,
  fallback: { href: string; label: string },
  bodyStart: string | undefined,
): string {
  const list = tocList(units, hrefOf) || `<ol>\n<li><a href="${escapeXml(fallback.href)}">${escapeXml(fallback.label)}</a></li>\n</ol>\n`;
  const landmarks = [`<li><a epub:type="toc" href="nav.xhtml#toc">Contents</a></li>`];
  if (bodyStart) landmarks.push(`<li><a epub:type="bodymatter" href="${escapeXml(bodyStart)}">Start of Content</a></li>`);
  return `<nav epub:type="toc" id="toc" role="doc-toc">
<h1>Contents</h1>
${list}</nav>
<nav epub:type="landmarks" id="landmarks" hidden="hidden">
<h2>Landmarks</h2>
<ol>
${landmarks.join('\n')}
</ol>
</nav>
`;
}
