/**
 * Block handlers of the DOCX writer: flow content -> Word paragraphs, each with a style from `styles.ts`.
 *
 * - [x] paragraphs (Body Text / First Paragraph), sub-headings (Heading 2–6), scene breaks (the layout's mark),
 *   verse, block quotes (Quote), a chapter's opening paragraph (drop capital, small-caps lead-in)
 * - [x] lists with Word numbering (each ordered list restarts at 1; nesting up to 3 levels)
 * - [x] figures: the book's image (`BookDocument.assets`: PNG, JPEG, GIF) as an inline picture, centred, at its
 *   natural size at 96 px per inch scaled down to the text block's width and 60 % of the page height, with its
 *   alt text; then the caption (or description) in the Caption style. WebP, which Word does not open, and a
 *   figure without an asset keep the caption only
 * - [x] speeches (Speaker paragraph, then the speech) and paragraph roles (Stage Direction, Dateline, Salutation,
 *   Signature styles)
 * - [x] numbered figures: the caption below the picture starts with `Figure 3` as a SEQ field (`fields.ts`), so that
 *   Word's list of figures works; `widthFraction` sizes the picture as a share of the text block
 * - [x] tables (`tables.ts`), display equations (`math.ts`), code listings (Source Code), page breaks
 * - [x] sub-headings with an id bookmarked for cross-references
 */
import type {
  Table} from 'docx';
import {
  AlignmentType,
  Bookmark,
  DropCapType,
  FrameAnchorType,
  FrameWrap,
  ImageRun,
  LevelFormat,
  LineRuleType,
  PageBreak,
  Paragraph,
  TextRun,
  type INumberingOptions,
  type ParagraphChild,
} from 'docx';
import { figureAsset, inlineText, type Block, type BookAsset, type Inline, type ParagraphRole } from '../../model/book-document.ts';
import { baselineStepPt } from '../../layout/line-spacing.ts';
import { fitImage, imageDimensions } from '../../model/image-bytes.ts';
import type { Handlers } from '../html/state.ts';
import { sceneBreakMark, splitLeadIn } from '../layout-text.ts';
import { inlineRuns, type RunFormat } from './inlines.ts';
import { displayMath } from './math.ts';
import { captionParagraph, table } from './tables.ts';
import { PT, STYLE } from './styles.ts';
import { docxText, report, type DocxState } from './state.ts';

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
  if (state.quoteDepth > 0) return STYLE.quote;
  return state.afterBreak ? STYLE.firstParagraph : STYLE.bodyText;
}

function paragraph(node: Extract<Block, { type: 'paragraph' }>, state: DocxState): Paragraph[] {
  const list = state.list;
  if (list) {
    // Only the first paragraph of an item carries the number; later ones align with its text.
    state.list = undefined;
    return [new Paragraph({ style: STYLE.listParagraph, numbering: list, children: inlineRuns(node.children, state) })];
  }
  const style = node.role && !state.inFootnote ? ROLE_STYLE[node.role] : paragraphStyle(state);
  state.afterBreak = node.role === 'salutation' || node.role === 'dateline';
  if (state.chapterOpening && !node.role && !state.inFootnote && state.quoteDepth === 0) {
    state.chapterOpening = false;
    return chapterOpening(node.children, style, state);
  }
  return [new Paragraph({ style, children: inlineRuns(node.children, state) })];
}

/**
 * A chapter's first paragraph: a drop capital (`dropCapLines` > 0) as Word writes one — the first letter alone
 * in a paragraph framed `w:dropCap="drop"` over that many lines (OOXML §17.3.1.11), an opening quotation mark
 * before it at the body size (Bringhurst 4.3.3: the mark is not a capital) — and the first words in the
 * `Lead-in` small-caps style when `smallCapsLeadIn`.
 */
function chapterOpening(inlines: readonly Inline[], style: string, state: DocxState): Paragraph[] {
  const { layout } = state;
  let rest: Inline[] = [...inlines];
  const out: Paragraph[] = [];
  const first = rest[0];
  if (layout.dropCapLines > 0 && first?.type === 'text') {
    const letter = /^\s*[\p{Pi}\p{Ps}\u201c\u2018"']*\p{L}/u.exec(first.value)?.[0].trim();
    if (letter) {
      out.push(dropCapParagraph(letter, state));
      const after = first.value.replace(/^\s*/, '').slice(letter.length);
      rest = after ? [{ type: 'text', value: after }, ...rest.slice(1)] : rest.slice(1);
    }
  }
  const split = layout.smallCapsLeadIn ? splitLeadIn(rest) : undefined;
  const children = split
    ? [...inlineRuns([{ type: 'text', value: split.lead }], state, { smallCaps: true, leadIn: true }), ...inlineRuns(split.rest, state)]
    : inlineRuns(rest, state);
  out.push(new Paragraph({ style, children }));
  return out;
}

/** The framed paragraph of a drop capital: the letter sized to span `dropCapLines` lines of the body. */
function dropCapParagraph(opening: string, state: DocxState): Paragraph {
  const { layout } = state;
  const lines = layout.dropCapLines;
  const pitchPt = baselineStepPt(layout);
  // Cap height taken as 0.66 of the size: the capital runs from the first line's cap height to the last baseline.
  const sizePt = ((lines - 1) * pitchPt + 0.66 * layout.fontSizePt) / 0.66;
  const mark = opening.slice(0, -[...opening].at(-1)!.length);
  const letter = opening.slice(mark.length);
  return new Paragraph({
    keepNext: true,
    frame: {
      type: 'absolute',
      position: { x: 0, y: 0 },
      dropCap: DropCapType.DROP,
      lines,
      wrap: FrameWrap.AROUND,
      anchor: { horizontal: FrameAnchorType.TEXT, vertical: FrameAnchorType.TEXT },
    },
    spacing: { line: Math.round(lines * pitchPt * 20), lineRule: LineRuleType.EXACT, before: 0, after: 0 },
    children: [
      ...(mark ? [new TextRun({ text: docxText(mark) })] : []),
      new TextRun({ text: docxText(letter), size: Math.round(sizePt * 2) }),
    ],
  });
}

/** Word style of each paragraph role. */
const ROLE_STYLE: Readonly<Record<ParagraphRole, string>> = {
  dateline: STYLE.dateline,
  salutation: STYLE.salutation,
  signature: STYLE.signature,
  stageDirection: STYLE.stageDirection,
  persona: STYLE.persona,
  ending: STYLE.ending,
};

/** A speech: the speaker's name in the Speaker style (small capitals), then what they say. */
function speech(node: Extract<Block, { type: 'speech' }>, state: DocxState): DocxBlock[] {
  if (state.inFootnote) {
    return [new Paragraph({ style: STYLE.footnoteText, children: inlineRuns(node.speaker, state) }), ...renderBlocks(node.children, state)];
  }
  const [first, ...rest] = node.children;
  if (first && first.type === 'paragraph' && !first.role) {
    // Prose: the name in small capitals runs in at the start of the first paragraph (ALGERNON. Did you hear...).
    const name = [...inlineRuns(node.speaker, state, { smallCaps: true }), new TextRun('. ')];
    const out: DocxBlock[] = [new Paragraph({ style: STYLE.firstParagraph, children: [...name, ...inlineRuns(first.children, state)] })];
    state.afterBreak = false;
    out.push(...renderBlocks(rest, state));
    state.afterBreak = true;
    return out;
  }
  const out: DocxBlock[] = [new Paragraph({ style: STYLE.speaker, children: inlineRuns(node.speaker, state) })];
  state.afterBreak = true;
  out.push(...renderBlocks(node.children, state));
  state.afterBreak = true;
  return out;
}

/** A sub-heading in Heading 2-6; one with an id (`{#sec:method}`) bookmarked with its anchor for cross-references. */
function heading(node: Extract<Block, { type: 'heading' }>, state: DocxState): Paragraph[] {
  state.afterBreak = true;
  if (state.inFootnote) return [new Paragraph({ style: STYLE.footnoteText, children: inlineRuns(node.children, state) })];
  return [new Paragraph({ style: `Heading${node.level}`, children: headingRuns(node, state) })];
}

/** A heading's runs, inside a bookmark named by its anchor when it has an id or a link names it (`numberingFor`). */
function headingRuns(node: Extract<Block, { type: 'heading' }>, state: DocxState, fmt: RunFormat = {}): ParagraphChild[] {
  const runs = inlineRuns(node.children, state, fmt);
  const anchor = node.id !== undefined ? state.numbering.target(node.id)?.anchor : state.numbering.headingTarget(node)?.anchor;
  return anchor ? [new Bookmark({ id: anchor, children: runs })] : runs;
}

function sceneBreak(_node: Extract<Block, { type: 'sceneBreak' }>, state: DocxState): Paragraph[] {
  state.afterBreak = true;
  // The layout's ornament, asterisks, or an empty line (`sceneBreak: blank-line`).
  return [new Paragraph({ style: STYLE.sceneBreak, children: [new TextRun(docxText(sceneBreakMark(state.layout)))] })];
}

/**
 * Verse: a paragraph per line in the Verse style, so that a long line turns over with the style's hanging indent
 * (a line break inside one paragraph would start the turnover at the left margin). An indented line starts one em
 * further per level and hangs from there; the last line of a stanza is followed by a blank line.
 */
function verse(node: Extract<Block, { type: 'verse' }>, state: DocxState): Paragraph[] {
  state.afterBreak = false;
  const em = Math.round(state.layout.fontSizePt * PT);
  const stanzaGap = state.layout.academic ? 0 : Math.round(state.layout.lineHeight * state.layout.fontSizePt * PT);
  const style = state.inFootnote ? STYLE.footnoteText : STYLE.verse;
  return node.stanzas.flatMap((lines) =>
    lines.map((line, i) => {
      // Indent levels: one em each (the model's unit, ~1 em), so restyling keeps the shape.
      const indent = Math.max(0, Math.min(6, Math.trunc(line.indent)));
      const last = i === lines.length - 1;
      return new Paragraph({
        style,
        indent: { left: (4 + indent) * em, hanging: 2 * em },
        spacing: { after: last ? stanzaGap || em : 0 },
        children: inlineRuns(line.children, state),
      });
    }),
  );
}

function blockQuote(node: Extract<Block, { type: 'blockQuote' }>, state: DocxState): DocxBlock[] {
  state.quoteDepth += 1;
  const out = renderBlocks(node.children, state);
  state.quoteDepth -= 1;
  state.afterBreak = false;
  return out;
}

function list(node: Extract<Block, { type: 'list' }>, state: DocxState): DocxBlock[] {
  const outer = state.list;
  const level = outer ? Math.min(outer.level + 1, 2) : 0;
  state.listInstances += 1;
  const instance = state.listInstances;
  const reference = node.ordered ? 'quire-ordered' : 'quire-bullet';
  const out: DocxBlock[] = [];
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
  const maxHeight = Math.min(blockHeight, layout.trimHeightIn * MAX_IMAGE_PAGE_SHARE);
  // The width the source asks for (`{width=50%}`: a share of the text block), else the natural size, scaled down.
  const fraction = node.widthFraction !== undefined && node.widthFraction > 0 ? Math.min(1, node.widthFraction) : undefined;
  const size = fraction
    ? fitImage({ width: fraction * blockWidth * 96, height: (fraction * blockWidth * 96 * dims.height) / dims.width }, blockWidth, maxHeight)
    : fitImage(dims, blockWidth, maxHeight);
  const run = new ImageRun({
    type,
    data: asset.bytes,
    // Pixels at 96 to the inch (the docx package converts them to EMUs).
    transformation: { width: Math.max(1, Math.round(size.widthIn * 96)), height: Math.max(1, Math.round(size.heightIn * 96)) },
    altText: { name: asset.path, description: docxText(node.alt), title: docxText(node.alt) },
  });
  return new Paragraph({ style: STYLE.figure, alignment: AlignmentType.CENTER, keepNext: node.caption.length > 0 || state.numbering.of(node) !== undefined, children: [run] });
}

/**
 * A figure: the picture, then its caption below in the Caption style; a numbered figure's caption starts with
 * `Figure 3` (a SEQ Figure field in a bookmark with the figure's anchor, `fields.ts`), so that Word's list of
 * figures finds it and cross-references point to it.
 */
function figure(node: Extract<Block, { type: 'figure' }>, state: DocxState): Paragraph[] {
  state.afterBreak = false;
  const image = picture(node, state);
  if (node.src !== undefined && !image) {
    const asset = figureAsset(state, node.src);
    if (asset) report(state, 'image-refused', `The image "${node.src}" is a ${asset.mediaType.replace('image/', '').toUpperCase()} file, which Word does not show, so only its caption is in the Word file.`);
    else report(state, 'image-missing', `The image "${node.src}" is not among the book's files, so only its caption is in the Word file.`);
  }
  const numbered = state.numbering.of(node);
  const caption: Inline[] = node.caption.length > 0 ? node.caption : node.alt && !image ? [{ type: 'text', value: `[${node.alt}]` }] : [];
  const out: Paragraph[] = image ? [image] : [];
  if (numbered || caption.length > 0) out.push(captionParagraph('Figure', numbered, caption, state));
  return out;
}

/** A code listing: one Source Code paragraph, its lines kept by line breaks, tabs as spaces to the next fourth column. */
function codeBlock(node: Extract<Block, { type: 'code' }>, state: DocxState): Paragraph[] {
  state.afterBreak = true;
  const lines = node.value.replace(/\r\n?/g, '\n').replace(/\n+$/, '').split('\n');
  const children = lines.map((line, i) => new TextRun({ text: docxText(expandTabs(line)), break: i > 0 ? 1 : undefined }));
  return [new Paragraph({ style: state.inFootnote ? STYLE.footnoteText : STYLE.sourceCode, children })];
}

/** A line with each tab replaced by the spaces up to the next multiple of four columns. */
function expandTabs(line: string): string {
  let out = '';
  for (const ch of line) out += ch === '\t' ? ' '.repeat(4 - (out.length % 4)) : ch;
  return out;
}

/** A forced page break: an empty paragraph holding a page break (`w:br w:type="page"`, §17.3.3.1). */
function pageBreak(_node: Extract<Block, { type: 'pageBreak' }>, state: DocxState): Paragraph[] {
  state.afterBreak = true;
  if (state.inFootnote) return [];
  return [new Paragraph({ children: [new PageBreak()] })];
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
  table,
  math: (node, state) => [displayMath(node, state)],
  code: codeBlock,
  pageBreak,
} satisfies Handlers<Block, DocxState, DocxBlock[]>;

/** The academic heading style of a sub-heading when it runs in (APA 7th ed. Table 2.3, levels 4 and 5), else undefined. */
function runInStyle(node: Extract<Block, { type: 'heading' }>, state: DocxState) {
  const style = state.layout.academic?.headingLevels[node.level - 1];
  return style?.runIn && !state.inFootnote ? style : undefined;
}

/**
 * A run-in heading and the paragraph it opens as one Body Text paragraph (APA 7th ed. 2.27: "Indented, Bold
 * Title Case Heading Ending With a Period. Text begins on the same line"): the heading's runs bold (and italic
 * at level 5), a period unless it ends with one, then the text. The paragraph carries the heading's outline
 * level (`w:outlineLvl`, OOXML §17.3.1.20), so Word's navigation pane still lists it.
 */
function runInParagraph(node: Extract<Block, { type: 'heading' }>, text: Extract<Block, { type: 'paragraph' }>, state: DocxState): Paragraph {
  const style = runInStyle(node, state)!;
  const fmt = { bold: style.bold, italics: style.italic };
  const ends = /[.?!:]\s*$/u.test(inlineText(node.children));
  const children = [...headingRuns(node, state, fmt), new TextRun({ text: ends ? ' ' : '. ', bold: style.bold, italics: style.italic }), ...inlineRuns(text.children, state)];
  state.afterBreak = false;
  return new Paragraph({ style: STYLE.bodyText, outlineLevel: node.level - 1, children });
}

/** What a block becomes: paragraphs, and Word tables. */
export type DocxBlock = Paragraph | Table;

/** Render flow content. */
export function renderBlocks(blocks: readonly Block[], state: DocxState): DocxBlock[] {
  const out: DocxBlock[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    const next = blocks[i + 1];
    if (block.type === 'heading' && next?.type === 'paragraph' && !next.role && runInStyle(block, state)) {
      state.chapterOpening = false;
      out.push(runInParagraph(block, next, state));
      i++;
      continue;
    }
    // Only a paragraph can open a chapter (drop capital, lead-in); anything else first cancels it.
    if (block.type !== 'paragraph') state.chapterOpening = false;
    const handler = blockHandlers[block.type] as (n: Block, s: DocxState) => DocxBlock[];
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
  // In a footnote every handler gives paragraphs (a table is set as lines of text: `tables.ts`).
  const out = renderBlocks(blocks, state).filter((b): b is Paragraph => b instanceof Paragraph);
  Object.assign(state, saved);
  return out.length > 0 ? out : [new Paragraph({ style: STYLE.footnoteText, children: [new TextRun(docxText(''))] })];
}
