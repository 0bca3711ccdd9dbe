/**
 * Figures of the Typst writer.
 *
 * A book's unnumbered illustration (a Gutenberg edition's pictures) is set as before: Typst's `figure` with the
 * image at its natural size at 96 px per inch, at most the text block wide and 60 % of the page high, its caption
 * in italics below. A figure the author numbered or sized (`{#fig:x width=50%}`), or any captioned figure of a
 * paper, is a block that never breaks (`block(breakable: false)`), so the caption always stands on the page of
 * its picture and the picture never runs into the bottom margin:
 * - width: `widthFraction` of the text block's width, else the natural size at most the text width; in both
 *   cases at most {@link MAX_TEXT_HEIGHT_SHARE} of the text block's height (with room for the caption), keeping
 *   the aspect ratio;
 * - books: the caption below, centred, starting with the number in italics (`Figure 3.`);
 * - academic layouts (APA 7 7.22-7.28): the number in bold on its own line and the title in italics above the
 *   image, both flush left;
 * - a label from the numbering's anchor (`<ref-fig-x>`) for cross-references.
 */
import { figureAsset, type Block } from '../../model/book-document.ts';
import { fitImage, imageDimensions } from '../../model/image-bytes.ts';
import { numberingFor } from '../numbering.ts';
import { escapeTypst, typstStringLiteral } from './escape.ts';
import { renderInlines } from './inlines.ts';
import type { TypstState } from './state.ts';

/** The largest share of the page height an unnumbered book illustration may take (the old rule, unchanged). */
const MAX_IMAGE_PAGE_SHARE = 0.6;

/** The largest share of the text block's height a numbered or sized figure's image may take. */
export const MAX_TEXT_HEIGHT_SHARE = 0.6;

type FigureBlock = Extract<Block, { type: 'figure' }>;

/**
 * Fewest pixels per inch of a printed picture: KDP asks for 300 dpi images ("Paperback Manuscript Formatting
 * Guide", images), below which they print soft or jagged. A picture short of it is printed all the same, and said.
 */
export const PRINT_MIN_PPI = 300;

/** Reports a picture with fewer than {@link PRINT_MIN_PPI} pixels per inch at `widthIn`, its printed width. */
function checkPrintResolution(widthPx: number, widthIn: number, name: string, state: TypstState): void {
  if (widthIn <= 0) return;
  const ppi = widthPx / widthIn;
  if (ppi >= PRINT_MIN_PPI) return;
  const shown = name.trim().length > 50 ? `${name.trim().slice(0, 47)}...` : name.trim();
  const what = shown ? `The picture "${shown}"` : 'A picture';
  state.diagnostics.add(
    'image-low-resolution',
    `${what} has ${Math.round(ppi)} pixels per inch at its printed width of ${widthIn.toFixed(2)} in; print needs ${PRINT_MIN_PPI}, so it may look soft. Use a file of at least ${Math.ceil(widthIn * PRINT_MIN_PPI)} pixels across.`,
    state.where.value || undefined,
  );
}

/** A figure block (see the module docs). */
export function renderFigure(node: FigureBlock, state: TypstState): string {
  const numbered = numberingFor(state.doc, state.layout).of(node);
  if (!numbered && node.id === undefined && node.widthFraction === undefined && state.layout.academic === null) return renderIllustration(node, state);
  const { layout } = state;
  const blockWidth = layout.trimWidthIn - layout.marginInsideIn - layout.marginOutsideIn;
  const blockHeight = layout.trimHeightIn - layout.marginTopIn - layout.marginBottomIn;
  const asset = figureAsset(state.doc, node.src);
  const dims = asset ? imageDimensions(asset.bytes) : undefined;
  const caption = node.caption.length > 0 ? renderInlines(node.caption, state) : '';
  const number = numbered ? escapeTypst(numbered.label) : '';
  const label = numbered ? `<${numbered.anchor}>` : '';
  let image = 'none';
  if (asset && dims) {
    const maxHeight = blockHeight * MAX_TEXT_HEIGHT_SHARE;
    const fraction = node.widthFraction !== undefined && node.widthFraction > 0 && node.widthFraction <= 1 ? node.widthFraction : undefined;
    const natural = fitImage(dims, blockWidth, maxHeight).widthIn;
    // A width the author asked for is honoured unless the picture would then be taller than the share allows.
    const byHeight = (maxHeight * dims.width) / dims.height;
    const widthIn = fraction !== undefined ? Math.min(fraction * blockWidth, byHeight) : natural;
    image = `image(${typstStringLiteral(asset.path)}, width: ${widthIn.toFixed(3)}in, alt: ${typstStringLiteral(node.alt)})`;
    checkPrintResolution(dims.width, widthIn, numbered?.label ?? node.alt, state);
  }
  if (image === 'none' && !caption && !number) return node.alt ? `#quire-figure[${escapeTypst(node.alt)}]` : '';
  return `#quire-numbered-figure(${image}, number: ${number ? `[${number}]` : 'none'}, caption: ${caption ? `[${caption}]` : 'none'})${label}`;
}

/**
 * A book's unnumbered illustration: with an image among the book's assets, `#figure(image(...), caption: [...])`,
 * the image at its natural size at 96 px per inch, scaled down to the text block's width and to 60 % of the page
 * height (and of the text block's height); the path is an asset path (`images/img-1.png`, a closed shape checked
 * by `figureAsset`) that the compile maps in. Without one, the caption, or the alt text when there is none, is
 * printed in italics where the illustration stood.
 */
function renderIllustration(node: FigureBlock, state: TypstState): string {
  const asset = figureAsset(state.doc, node.src);
  const dims = asset ? imageDimensions(asset.bytes) : undefined;
  if (asset && dims) {
    const { layout } = state;
    const blockWidth = layout.trimWidthIn - layout.marginInsideIn - layout.marginOutsideIn;
    const blockHeight = layout.trimHeightIn - layout.marginTopIn - layout.marginBottomIn;
    const { widthIn } = fitImage(dims, blockWidth, Math.min(blockHeight, layout.trimHeightIn * MAX_IMAGE_PAGE_SHARE));
    const image = `image(${typstStringLiteral(asset.path)}, width: ${widthIn.toFixed(3)}in, alt: ${typstStringLiteral(node.alt)})`;
    checkPrintResolution(dims.width, widthIn, node.alt, state);
    const caption = node.caption.length > 0 ? `, caption: text(style: "italic")[${renderInlines(node.caption, state)}]` : '';
    return `#figure(${image}${caption}, numbering: none)`;
  }
  const caption = node.caption.length > 0 ? renderInlines(node.caption, state) : escapeTypst(node.alt);
  return caption === '' ? '' : `#quire-figure[${caption}]`;
}
