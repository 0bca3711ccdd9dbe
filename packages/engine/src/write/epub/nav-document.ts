/**
 * The EPUB navigation document (EPUB 3.3 §7): table of contents and landmarks.
 */
import { escapeXml } from '../html/escape.ts';
import { tocList } from '../html/index.ts';
import type { Unit } from '../html/units.ts';

/** Files the landmarks point at (EPUB 3.3 §7.4.3; EPUB 3.2 SSV terms `cover`, `titlepage`, `toc`, `bodymatter`). */
export interface LandmarkFiles {
  /** First document of the body, when the book has one. */
  bodyStart?: string;
  titlePage?: string;
  cover?: string;
}

/**
 * Body of the nav document (EPUB 3.3 §7): the `toc` nav (parts hold their chapters in a nested list) and a hidden
 * `landmarks` nav with, in reading order, the cover and title page (when given), the contents, and the start of
 * the body (when the book has one).
 * @param hrefOf file (and fragment) of each unit, relative to the nav document.
 * @param fallback entry used when the book has no unit at all (a `toc` nav needs one `<li>`: EPUB 3.3 §7.3.4).
 */
export function navBody(units: readonly Unit[], hrefOf: (u: Unit) => string, fallback: { href: string; label: string }, files: LandmarkFiles): string {
  const list = tocList(units, hrefOf) || `<ol>\n<li><a href="${escapeXml(fallback.href)}">${escapeXml(fallback.label)}</a></li>\n</ol>\n`;
  const landmarks: string[] = [];
  if (files.cover) landmarks.push(`<li><a epub:type="cover" href="${escapeXml(files.cover)}">Cover</a></li>`);
  if (files.titlePage) landmarks.push(`<li><a epub:type="titlepage" href="${escapeXml(files.titlePage)}">Title Page</a></li>`);
  landmarks.push(`<li><a epub:type="toc" href="nav.xhtml#toc">Contents</a></li>`);
  if (files.bodyStart) landmarks.push(`<li><a epub:type="bodymatter" href="${escapeXml(files.bodyStart)}">Start of Content</a></li>`);
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
