/**
 * Word sections of the DOCX writer: page geometry from the layout, folios and running heads.
 *
 * Every unit (title page, front section, part, chapter, back section) is its own Word section so that it starts
 * on a new page — on an odd page (`w:type="oddPage"`, OOXML §17.18.77) when the layout opens chapters on a recto.
 * Each section has a different first page (`w:titlePg`): chapter opening pages carry the folio but no running head.
 * Headers and footers are defined once, on the first section after the title page; later sections inherit them
 * (OOXML §17.10.5). The title page has none.
 */
import {
  AlignmentType,
  Footer,
  Header,
  NumberFormat,
  PageNumber,
  Paragraph,
  SectionType,
  TextRun,
  type ISectionOptions,
  type ParagraphChild,
} from 'docx';
import type { Layout } from '../../layout/layout.ts';
import { STYLE } from './styles.ts';
import { docxText } from './state.ts';

/** Twips per inch. */
const INCH = 1440;

/** Twips of a length in inches. */
export function twips(inches: number): number {
  return Math.round(inches * INCH);
}

/**
 * Page size and margins of every section, in twips. Left/right carry inside/outside; with `w:mirrorMargins` in
 * settings (patched in by `package-patch.ts`) Word reads them as inside/outside (OOXML §17.15.1.57).
 * Header and footer sit halfway into the top and bottom margins.
 */
export function pageProperties(layout: Layout) {
  return {
    size: { width: twips(layout.trimWidthIn), height: twips(layout.trimHeightIn) },
    margin: {
      top: twips(layout.marginTopIn),
      bottom: twips(layout.marginBottomIn),
      left: twips(layout.marginInsideIn),
      right: twips(layout.marginOutsideIn),
      header: twips(layout.marginTopIn / 2),
      footer: twips(layout.marginBottomIn / 2),
      gutter: 0,
    },
  };
}

function line(style: string, alignment: (typeof AlignmentType)[keyof typeof AlignmentType], children: ParagraphChild[]) {
  return new Paragraph({ style, alignment, children });
}

const folio = () => new TextRun({ children: [PageNumber.CURRENT] });

/**
 * Headers and footers per the layout: running heads (book title on odd pages, author on even pages, none on
 * opening pages) and folios at `folioPosition` (`bottom-outside`/`top-outside` alternate sides on odd/even pages).
 * Opening pages keep a centred folio at the bottom unless the folio position is `none`.
 */
export function headersAndFooters(layout: Layout, title: string, author: string): Pick<ISectionOptions, 'headers' | 'footers'> {
  const pos = layout.folioPosition;
  const heads = layout.runningHeads;
  const C = AlignmentType.CENTER;
  const oddHead: ParagraphChild[] = heads ? [new TextRun(docxText(title))] : [];
  const evenHead: ParagraphChild[] = heads ? [new TextRun(docxText(author))] : [];
  let headers: ISectionOptions['headers'];
  let footers: ISectionOptions['footers'];
  const empty = () => new Header({ children: [new Paragraph({ style: STYLE.header })] });
  if (pos === 'top-outside') {
    headers = {
      default: new Header({ children: [line(STYLE.header, AlignmentType.RIGHT, [...oddHead, new TextRun('\u2003'), folio()])] }),
      even: new Header({ children: [line(STYLE.header, AlignmentType.LEFT, [folio(), new TextRun('\u2003'), ...evenHead])] }),
      first: empty(),
    };
    footers = { first: new Footer({ children: [line(STYLE.footer, C, [folio()])] }) };
  } else {
    headers = {
      default: new Header({ children: [line(STYLE.header, C, oddHead)] }),
      even: new Header({ children: [line(STYLE.header, C, evenHead)] }),
      first: empty(),
    };
    if (pos === 'none') {
      footers = undefined;
    } else {
      const [odd, even] = pos === 'bottom-outside' ? [AlignmentType.RIGHT, AlignmentType.LEFT] : [C, C];
      footers = {
        default: new Footer({ children: [line(STYLE.footer, odd, [folio()])] }),
        even: new Footer({ children: [line(STYLE.footer, even, [folio()])] }),
        first: new Footer({ children: [line(STYLE.footer, C, [folio()])] }),
      };
    }
  }
  return { headers, footers };
}

/** Where a section sits in the book, for its numbering. */
export type SectionRole = 'title' | 'front' | 'first-body' | 'body';

/**
 * Section properties: page geometry, start type (title page: new page; others: odd page when chapters open on a
 * recto, else next page), different first page, and page numbering — lower-case Roman numerals in the front
 * matter, Arabic from 1 at the first body section (Chicago 1.5).
 */
export function sectionProperties(layout: Layout, role: SectionRole): ISectionOptions['properties'] {
  const page = pageProperties(layout);
  const type = role === 'title' ? SectionType.NEXT_PAGE : layout.chapterOpensRecto ? SectionType.ODD_PAGE : SectionType.NEXT_PAGE;
  const pageNumbers =
    role === 'title' || role === 'front'
      ? { formatType: NumberFormat.LOWER_ROMAN, ...(role === 'title' ? { start: 1 } : {}) }
      : role === 'first-body'
        ? { start: 1, formatType: NumberFormat.DECIMAL }
        : { formatType: NumberFormat.DECIMAL };
  return { type, titlePage: true, page: { ...page, pageNumbers } };
}
