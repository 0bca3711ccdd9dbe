/**
 * XHTML content documents of the EPUB (EPUB 3.3 §6.1): one per unit (front section, part title page, chapter,
 * back section), plus the title page and the nav document. Bodies come from the HTML writer's handlers in the
 * `xhtml` flavour.
 */
import { escapeXml } from '../html/escape.ts';
import type { Unit } from '../html/units.ts';

/** Value of `epub:type` on `<body>`: the book region of a unit (EPUB 3.2 SSV, "partitions"). */
export type Region = 'frontmatter' | 'bodymatter' | 'backmatter';

/** The EPUB region of a unit. */
export function unitRegion(unit: Unit): Region {
  if (unit.kind === 'front') return 'frontmatter';
  if (unit.kind === 'back') return 'backmatter';
  return 'bodymatter';
}

/**
 * A complete XHTML content document (XML declaration, HTML5 doctype, XHTML and OPS namespaces).
 * @param title plain text for `<title>` (escaped here).
 * @param body already-rendered markup of `<body>`'s content.
 * @param region `epub:type` of `<body>`, when any.
 */
export function xhtmlDocument(lang: string, title: string, cssHref: string, body: string, region?: Region): string {
  const l = escapeXml(lang);
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="${l}" lang="${l}">
<head>
<meta charset="UTF-8"/>
<title>${escapeXml(title)}</title>
<link rel="stylesheet" type="text/css" href="${escapeXml(cssHref)}"/>
</head>
<body${region ? ` epub:type="${region}"` : ''}>
${body}</body>
</html>
`;
}
