/**
 * The layout of an uploaded style guide: the built-in guide it reads closest to (`extract.ts`), with the values
 * the document states set over it. Academic guides stay one-sided on US Letter (ACADEMIC_LAYOUT_DEFAULTS; APA
 * 7th ed. 2.22, Turabian 9th ed. A.1); a publisher's guide keeps its KDP book layout, its left margin being the
 * inside one.
 */
import { getLayout } from '../index.ts';
import { DEFAULT_FAMILY_FOR_GENERIC } from '../fonts.ts';
import type { Layout } from '../layout.ts';
import type { StyleGuideRequirements } from '../style-guides/types.ts';
import type { StyleGuideBase } from './extract.ts';

/** The shipped family that sets a named face: its metric twin, a similar design, or the generic default. */
export function shippedFamilyFor(face: string): string {
  const f = face.toLowerCase();
  if (/times/.test(f)) return 'Tinos';
  if (/garamond/.test(f)) return 'EB Garamond';
  if (/minion|palatino|book antiqua|georgia|cambria|century|computer modern/.test(f)) return 'Crimson Pro';
  if (/arial|helvetica|calibri|verdana/.test(f)) return 'Inter';
  if (/courier/.test(f)) return 'JetBrains Mono';
  return DEFAULT_FAMILY_FOR_GENERIC.serif;
}

/**
 * The layout of an uploaded guide with id `id` and name `name`: the base layout `baseLayoutId` with the
 * requirements' margins (inches; left is the inside margin), font (face set in its shipped stand-in, size in
 * points), line spacing, page-number position and format, the parts required (title page, abstract, contents,
 * acknowledgments, appendices) and numbered headings.
 * @throws EngineError `UNKNOWN_FORMAT` when `baseLayoutId` is not a built-in layout.
 */
export function styleGuideLayout(requirements: StyleGuideRequirements, baseLayoutId: StyleGuideBase, identity: { id: string; name: string }): Layout {
  const base = getLayout(baseLayoutId);
  const r = requirements;
  const layout: Layout = {
    ...base,
    id: identity.id,
    name: identity.name,
    marginTopIn: r.margins.top,
    marginBottomIn: r.margins.bottom,
    marginInsideIn: r.margins.left,
    marginOutsideIn: r.margins.right,
    fontFamily: shippedFamilyFor(r.font.family),
    fontSizePt: r.font.size,
    lineHeight: r.spacing.line,
    folioPosition: r.pageNumbers.position,
    romanFrontMatterFolios: r.pageNumbers.format === 'roman-then-arabic',
  };
  // Heads and folios sit halfway into the margin, never nearer the edge than the base layout puts them.
  layout.headerDistanceIn = Math.min(base.headerDistanceIn, r.margins.top / 2);
  layout.footerDistanceIn = Math.min(base.footerDistanceIn, r.margins.bottom / 2);
  if (base.academic) {
    const titlePage = !r.titlePage ? 'none' : base.academic.titlePage === 'none' ? 'chicago' : base.academic.titlePage;
    layout.academic = {
      ...base.academic,
      titlePage,
      headingBlock: base.academic.headingBlock && !r.titlePage,
      abstract: r.abstract,
      tableOfContents: r.tableOfContents,
      acknowledgments: r.acknowledgments,
      appendices: r.appendices,
      numberedHeadings: r.headers.numbering,
      // Numbered sections (1, 1.1) go with numbers by chapter (Table 2.1), as the built-in Harvard layout sets them.
      captionNumbering: r.headers.numbering ? 'by-chapter' : base.academic.captionNumbering,
    };
  }
  return layout;
}
