/**
 * Block handlers of the DOCX writer: flow content -> Word paragraphs, each with a style from `styles.ts`.
 *
 * - [x] paragraphs (Body Text / First Paragraph), sub-headings (Heading 2–6), scene breaks, verse, block quotes
 * - [x] lists with Word numbering (each ordered list restarts at 1; nesting up to 3 levels)
 * - [x] figures: the book's image (`BookDocument.assets`: PNG, JPEG, GIF) as an inline picture, centred, at its
 *   natural size at 96 px per inch scaled down to the text block's width and 60 % of the page height, with its
 *   alt text; then the caption (or description) in the Caption style. WebP, which Word does not open, and a
 *   figure without an asset keep the caption only
 * - [x] speeches (Speaker paragraph, then the speech) and paragraph roles (Stage Direction, Dateline, Salutation,
 *   Signature styles)
 */
import { LevelFormat, AlignmentType, ImageRun, Paragraph, TextRun, type INumberingOptions, type ParagraphChild } from 'docx';
import { figureAsset, type Block, type BookAsset, type Inline, type ParagraphRole } from '../../model/book-document.ts';
import { fitImage, imageDimensions } from '../../model/image-bytes.ts';
import type { Handlers } from '../html/state.ts';
import { inlineRuns } from './inlines.ts';
import { STYLE } from './styles.ts';
import { docxText, type DocxState } from './state.ts';

/** Numbering definitions (OOXML §17.9) referenced by list paragraphs. */
export const LIST_NUMBERING: INumberingOptions = {
  config: [
    {
      reference: 'quire-ordered',
      levels: [0, 1, 2].map((level) => ({
        level,
        format: [LevelFormat.DECIMAL, LevelFormat.LOWER_LETTER, LevelFormat.LOWER_ROMAN][level],
        text: `%${level + 1}.`,
        alignment: AlignmentType.START,
        style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
      })),
    },
    {
      reference: 'quire-bullet',
      levels: [0, 1, 2].map((level) => ({
        level,
        format: LevelFormat.BULLET,
        text: ['\u2022', '\u2013', '\u2022'][level] as string,
        alignment: AlignmentType.START,
        style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
      })),
    },
  ],
};

/** Style of a body paragraph in the current context. */
function paragraphStyle(state: DocxState): string {
  if (state.inFootnote) return STYLE.footnoteText;
  if (state.quoteDepth > 0) return STYLE.blockText;
  return state.afterBreak ? STYLE.firstParagraph : STYLE.bodyText;
}

function paragraph(node: Extract<Block, { type: 'paragraph' }>, state: DocxState): Paragraph[] {
  const children = inlineRuns(node.children, state);
  const list = state.list;
  if (list) {
    // Only the first paragraph of an item carries the number; later ones align with its text.
    state.list = undefined;
    return [new Paragraph({ style: STYLE.listParagraph, numbering: list, children })];
  }
  const style = node.role && !state.inFootnote ? ROLE_STYLE[node.role] : paragraphStyle(state);
  state.afterBreak = node.role === 'salutation' || node.role === 'dateline';
  return [new Paragraph({ style, children })];
}

/** Word style of each paragraph role. */
const ROLE_STYLE: Readonly<Record<ParagraphRole, string>> = {
  dateline: STYLE.dateline,
  salutation: STYLE.salutation,
  signature: STYLE.signature,
  stageDirection: STYLE.stageDirection,
};

/** A speech: the speaker's name in the Speaker style (small capitals), then what they say. */
function speech(node: Extract<Block, { type: 'speech' }>, state: DocxState): Paragraph[] {
  if (state.inFootnote) {
    return [new Paragraph({ style: STYLE.footnoteText, children: inlineRuns(node.speaker, state) }), ...renderBlocks(node.children, state)];
  }
  const out = [new Paragraph({ style: STYLE.speaker, children: inlineRuns(node.speaker, state) })];
  state.afterBreak = true;
  out.push(...renderBlocks(node.children, state));
  state.afterBreak = true;
  return out;
}

function heading(node: Extract<Block, { type: 'heading' }>, state: DocxState): Paragraph[] {
  state.afterBreak = true;
  if (state.inFootnote) return [new Paragraph({ style: STYLE.footnoteText, children: inlineRuns(node.children, state) })];
  return [new Paragraph({ style: `Heading${node.level}`, children: inlineRuns(node.children, state) })];
}

function sceneBreak(_node: Extract<Block, { type: 'sceneBreak' }>, state: DocxState): Paragraph[] {
  state.afterBreak = true;
  return [new Paragraph({ style: STYLE.sceneBreak, children: [new TextRun('*\u2002*\u2002*')] })];
}

function verse(node: Extract<Block, { type: 'verse' }>, state: DocxState): Paragraph[] {
  state.afterBreak = false;
  return node.stanzas.map((lines) => {
    const children: ParagraphChild[] = [];
    lines.forEach((line, i) => {
      if (i > 0) children.push(new TextRun({ break: 1 }));
      // Indented lines: one em space per level (the model's unit, ~1 em), so restyling keeps the shape.
      const indent = Math.max(0, Math.min(6, Math.trunc(line.indent)));
      if (indent > 0) children.push(new TextRun('\u2003'.repeat(indent)));
      children.push(...inlineRuns(line.children, state));
    });
    return new Paragraph({ style: state.inFootnote ? STYLE.footnoteText : STYLE.verse, children });
  });
}

function blockQuote(node: Extract<Block, { type: 'blockQuote' }>, state: DocxState): Paragraph[] {
  state.quoteDepth += 1;
  const out = renderBlocks(node.children, state);
  state.quoteDepth -= 1;
  state.afterBreak = false;
  return out;
}

function list(node: Extract<Block, { type: 'list' }>, state: DocxState): Paragraph[] {
  const outer = state.list;
  const level = outer ? Math.min(outer.level + 1, 2) : 0;
  state.listInstances += 1;
  const instance = state.listInstances;
  const reference = node.ordered ? 'quire-ordered' : 'quire-bullet';
  const out: Paragraph[] = [];
  for (const item of node.items) {
    state.list = { reference, level, instance };
    out.push(...renderBlocks(item, state));
  }
  state.list = undefined;
  state.afterBreak = false;
  return out;
}

/** Word's picture types for the media types it opens (ECMA-376 allows any; Word does not show WebP). */
const WORD_IMAGE_TYPES: Partial<Record<BookAsset['mediaType'], 'png' | 'jpg' | 'gif'>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
};

/** The largest share of the page height an image may take (a figure and its caption stay on one page). */
const MAX_IMAGE_PAGE_SHARE = 0.6;

/** A centred paragraph holding the figure's picture, or undefined when there is none Word can show. */
function picture(node: Extract<Block, { type: 'figure' }>, state: DocxState): Paragraph | undefined {
  const asset = figureAsset(state, node.src);
  const type = asset ? WORD_IMAGE_TYPES[asset.mediaType] : undefined;
  const dims = asset ? imageDimensions(asset.bytes) : undefined;
  if (!asset || !type || !dims) return undefined;
  const { layout } = state;
  const blockWidth = layout.trimWidthIn - layout.marginInsideIn - layout.marginOutsideIn;
  const blockHeight = layout.trimHeightIn - layout.marginTopIn - layout.marginBottomIn;
  const size = fitImage(dims, blockWidth, Math.min(blockHeight, layout.trimHeightIn * MAX_IMAGE_PAGE_SHARE));
  const run = new ImageRun({
    type,
    data: asset.bytes,
    // Pixels at 96 to the inch (the docx package converts them to EMUs).
    transformation: { width: Math.max(1, Math.round(size.widthIn * 96)), height: Math.max(1, Math.round(size.heightIn * 96)) },
    altText: { name: asset.path, description: docxText(node.alt), title: docxText(node.alt) },
  });
  return new Paragraph({ style: STYLE.caption, alignment: AlignmentType.CENTER, keepNext: node.caption.length > 0, children: [run] });
}

function figure(node: Extract<Block, { type: 'figure' }>, state: DocxState): Paragraph[] {
  state.afterBreak = false;
  const image = picture(node, state);
  if (node.src !== undefined && !image) {
    state.diagnostics.push({ code: 'BLOCK_NOT_RENDERED', message: `Image "${node.src}" was not embedded; its caption is kept` });
  }
  const caption: Inline[] = node.caption.length > 0 ? node.caption : node.alt && !image ? [{ type: 'text', value: `[${node.alt}]` }] : [];
  const out: Paragraph[] = image ? [image] : [];
  if (caption.length > 0) out.push(new Paragraph({ style: STYLE.caption, children: inlineRuns(caption, state) }));
  return out;
}

/** One handler per block node type. */
export const blockHandlers = {
  paragraph,
  speech,
  heading,
  sceneBreak,
  verse,
  blockQuote,
  list,
  figure,
} satisfies Handlers<Block, DocxState, Paragraph[]>;

/** Render flow content. */
export function renderBlocks(blocks: readonly Block[], state: DocxState): Paragraph[] {
  const out: Paragraph[] = [];
  for (const block of blocks) {
    const handler = blockHandlers[block.type] as (n: Block, s: DocxState) => Paragraph[];
    out.push(...handler(block, state));
  }
  return out;
}

/** Render a footnote body in the Footnote Text style (context saved and restored around it). */
export function renderNoteBody(blocks: readonly Block[], state: DocxState): Paragraph[] {
  const saved = { afterBreak: state.afterBreak, quoteDepth: state.quoteDepth, list: state.list };
  state.afterBreak = false;
  state.quoteDepth = 0;
  state.list = undefined;
  const out = renderBlocks(blocks, state);
  Object.assign(state, saved);
  return out.length > 0 ? out : [new Paragraph({ style: STYLE.footnoteText, children: [new TextRun(docxText(''))] })];
}
