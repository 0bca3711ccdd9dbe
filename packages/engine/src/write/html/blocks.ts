/**
 * Block (flow content) handlers of the HTML writer, shared with the EPUB writer. Output is HTML5 and
 * well-formed XHTML at the same time.
 *
 * - [x] paragraphs (class `first` after a title, sub-heading or scene break: no first-line indent, Chicago 2.13)
 * - [x] sub-headings h2–h6, scene breaks, verse with indented lines, block quotes, lists
 * - [x] figures: the book's own image (`BookDocument.assets`) + caption: a `data:` URI in the single-file HTML
 *   outputs (the file stays self-contained), the file `images/img-N.ext` in EPUB content documents; an image
 *   that is not an asset: http/https `src` in the HTML outputs only; a figure without a picture (a plain-text
 *   `[Illustration: ...]`, an image that is not an asset) is its caption alone, `<p class="caption">` (centred,
 *   italic, smaller), not an empty `<figure>`, unless it is numbered or the layout academic (the figure keeps its
 *   label and anchor)
 * - [x] footnotes: written at the end of the unit that first references them
 * - [x] speeches (`div.speech`, `span.speaker`) and paragraph roles (classes `dateline`, `salutation`,
 *   `signature`, `stage-direction`)
 * - [x] tables (`table.ts`), display math as MathML (`math.ts`), code listings (`<pre><code>`), page breaks (a
 *   `div.page-break` in the print HTML only: e-books have no pages to break)
 * - [x] anchors for cross-references: the numbered figure, table or equation and the heading with an id carry the
 *   anchor `write/numbering.ts` gives them (`ref-fig-x`); figure captions start with their label (`Figure 3.`)
 */
import { figureAsset, inlineText, type Block, type ParagraphRole, type VerseLine } from '../../model/book-document.ts';
import { isSceneLabel } from '../../structure/heading-lines.ts';
import { num } from './css.ts';
import { escapeXml, safeImageSrc } from './escape.ts';
import { splitLeadIn } from '../layout-text.ts';
import { noteId, noteRefId, renderInlines } from './inlines.ts';
import { headingIdentifiers } from '../../model/heading-ids.ts';
import { renderDisplayMath } from './math.ts';
import { renderDropCapOpening } from './opening.ts';
import { anchorAttr, report, sceneAnchor, semantics, type Handlers, type HtmlState } from './state.ts';
import { renderTable } from './table.ts';

/** Class of a paragraph role (`stageDirection` -> `stage-direction`); the style sheet styles each. */
export const ROLE_CLASS: Readonly<Record<ParagraphRole, string>> = {
  dateline: 'dateline',
  salutation: 'salutation',
  signature: 'signature',
  stageDirection: 'stage-direction',
  persona: 'persona',
  ending: 'ending',
};

function paragraph(node: Extract<Block, { type: 'paragraph' }>, state: HtmlState): string {
  const opening = state.chapterOpening && !node.role;
  state.chapterOpening = false;
  // An opening quotation mark is set apart from the drop capital (`opening.ts`).
  const dropCap = opening ? renderDropCapOpening(node.children, state) : undefined;
  const classes = [state.afterBreak ? 'first' : '', opening ? 'opening' : '', dropCap ? 'opening-mark' : '', node.role ? ROLE_CLASS[node.role] : '']
    .filter(Boolean)
    .join(' ');
  state.afterBreak = false;
  const split = opening && !dropCap && state.layout.smallCapsLeadIn ? splitLeadIn(node.children) : undefined;
  const content =
    dropCap ??
    (split
      ? `<span class="lead-in">${renderInlines([{ type: 'text', value: split.lead }], state)}</span>${renderInlines(split.rest, state)}`
      : renderInlines(node.children, state));
  return `<p${classes ? ` class="${classes}"` : ''}>${content}</p>\n`;
}

/**
 * A speech: `<div class="speech">`, the speaker in `<span class="speaker">` (small capitals in the style
 * sheet) and a full stop run in at the start of the first paragraph when the speech opens with plain prose, else a
 * `<p class="speaker">` line of its own (above verse, Faust).
 */
function speech(node: Extract<Block, { type: 'speech' }>, state: HtmlState): string {
  const speaker = renderInlines(node.speaker, state);
  const [first, ...rest] = node.children;
  let inner: string;
  if (first && first.type === 'paragraph' && !first.role) {
    state.afterBreak = false;
    // The name runs in with its full stop, as the PDF and DOCX set it (ALGERNON. Did you hear ...; Chicago 13.45).
    inner = `<p class="first"><span class="speaker">${speaker}</span>. ${renderInlines(first.children, state)}</p>\n${renderBlocks(rest, state)}`;
  } else {
    state.afterBreak = true;
    inner = `<p class="speaker">${speaker}</p>\n${renderBlocks(node.children, state)}`;
  }
  state.afterBreak = true;
  return `<div class="speech">\n${inner}</div>\n`;
}

function heading(node: Extract<Block, { type: 'heading' }>, state: HtmlState): string {
  state.afterBreak = true;
  // Run-in levels (APA 7th ed. 2.27 levels 4-5) float into the paragraph that follows (`css.ts`).
  const runIn = state.layout.academic?.headingLevels[node.level - 1]?.runIn === true;
  // `{#sec:method}`: the anchor `@sec:method` links to.
  const anchor = node.id === undefined ? undefined : state.numbering.target(node.id)?.anchor;
  const id = anchorAttr(state, anchor, node.id === undefined ? headingIdentifiers(node.children) : [node.id, ...headingIdentifiers(node.children)]);
  // A play's scene: the anchor the nav document's entry under its act links to (`tocList`).
  const scene = node.level === 2 && isSceneLabel(inlineText(node.children)) ? `<span id="${sceneAnchor(state.unitId, ++state.sceneCount)}"></span>` : '';
  return `<h${node.level}${id}${runIn ? ' class="run-in"' : ''}>${scene}${renderInlines(node.children, state)}</h${node.level}>\n`;
}

function sceneBreak(_node: Extract<Block, { type: 'sceneBreak' }>, state: HtmlState): string {
  state.afterBreak = true;
  // An <hr> is HTML5's "paragraph-level thematic break" (HTML5 §4.4.2); CSS draws the ornament.
  return '<hr class="scene-break"/>\n';
}

function verseLine(line: VerseLine, state: HtmlState): string {
  const indent = Math.max(0, Math.min(6, Math.trunc(line.indent)));
  const cls = indent > 0 ? `line indent-${indent}` : 'line';
  return `<span class="${cls}">${renderInlines(line.children, state)}</span>`;
}

function verse(node: Extract<Block, { type: 'verse' }>, state: HtmlState): string {
  state.afterBreak = false;
  // One <p> per stanza, lines separated by <br/>: reading systems without CSS still show the line breaks.
  const stanzas = node.stanzas
    .map((lines) => `<p class="stanza">${lines.map((l) => verseLine(l, state)).join('<br/>')}</p>`)
    .join('\n');
  return `<div class="verse">\n${stanzas}\n</div>\n`;
}

function blockQuote(node: Extract<Block, { type: 'blockQuote' }>, state: HtmlState): string {
  state.afterBreak = true;
  const inner = renderBlocks(node.children, state);
  state.afterBreak = false;
  return `<blockquote>\n${inner}</blockquote>\n`;
}

function list(node: Extract<Block, { type: 'list' }>, state: HtmlState): string {
  const tag = node.ordered ? 'ol' : 'ul';
  const items = node.items
    .map((blocks) => {
      state.afterBreak = true;
      return `<li>${renderBlocks(blocks, state)}</li>\n`;
    })
    .join('');
  state.afterBreak = false;
  // An empty list is not valid content for <ul>/<ol> in EPUB 3.2's schema: write nothing.
  return items ? `<${tag}>\n${items}</${tag}>\n` : '';
}

/** ` style="width:NN%"` for a figure's image when the source asks for a width (`{width=50%}`); `''` otherwise. */
function widthStyle(fraction: number | undefined): string {
  return fraction !== undefined && fraction > 0 && fraction <= 1 ? ` style="width:${num(fraction * 100)}%"` : '';
}

/**
 * `<figcaption>`: the label when the figure is numbered and the caption. Academic layouts set it above the image,
 * the label bold on a line of its own and the title in italics (APA 7 7.24); book layouts below, label and
 * caption run on (`Figure 3. The harbour`). `''` when there is neither.
 */
function figureCaption(node: Extract<Block, { type: 'figure' }>, label: string | undefined, state: HtmlState): string {
  const caption = renderInlines(node.caption, state);
  if (!label && !caption) return '';
  if (state.layout.academic) {
    const title = caption ? `${label ? '<br/>' : ''}<em class="caption-title">${caption}</em>` : '';
    return `<figcaption class="academic">${label ? `<strong class="caption-label">${escapeXml(label)}</strong>` : ''}${title}</figcaption>`;
  }
  const lead = label ? `<span class="caption-label">${escapeXml(label)}${caption ? '.' : ''}</span>${caption ? ' ' : ''}` : '';
  return `<figcaption>${lead}${caption}</figcaption>`;
}

function figure(node: Extract<Block, { type: 'figure' }>, state: HtmlState): string {
  state.afterBreak = false;
  let img = '';
  const asset = figureAsset(state, node.src);
  const src = node.src === undefined ? undefined : safeImageSrc(node.src);
  const width = widthStyle(node.widthFraction);
  if (asset) {
    state.usedAssets.add(asset.path);
    // Media type and base64 alphabet only: nothing of the user's text goes into the URI.
    const url = state.flavour === 'xhtml' ? asset.path : `data:${asset.mediaType};base64,${Buffer.from(asset.bytes).toString('base64')}`;
    img = `<img src="${escapeXml(url)}" alt="${escapeXml(node.alt)}"${width}/>`;
  } else if (src && state.flavour !== 'xhtml') {
    img = `<img src="${escapeXml(src)}" alt="${escapeXml(node.alt)}"${width}/>`;
  } else if (node.src !== undefined) {
    report(state, 'image-missing', `The image "${node.src}" is not one of the book's image files, so only its caption and description are printed.`);
  }
  const numbered = state.numbering.of(node);
  // The caption of a picture the text does not include (a plain-text `[Illustration: ...]`): a caption, set as
  // one paragraph (centred, italic, smaller), not an empty figure. A numbered figure keeps its figure and label.
  if (!img && !numbered && !state.layout.academic) {
    const text = node.caption.length > 0 ? renderInlines(node.caption, state) : escapeXml(node.alt);
    return text ? `<p class="caption">${text}</p>\n` : '';
  }
  const figcaption = figureCaption(node, numbered?.label, state);
  // Without an image, the description is the only trace of the illustration: keep it visible.
  const alt = !img && node.alt && node.caption.length === 0 ? `<p class="figure-alt">${escapeXml(node.alt)}</p>` : '';
  if (!img && !alt && !figcaption) return '';
  const content = state.layout.academic ? `${figcaption}${img}${alt}` : `${img}${alt}${figcaption}`;
  return `<figure class="illustration"${anchorAttr(state, numbered?.anchor)}>${content}</figure>\n`;
}

/** Language class of a code listing (`language-python`, the HTML5 spec's convention for `<code>`); `''` when none. */
function languageClass(language: string | undefined): string {
  const lang = (language ?? '').trim().replace(/[^A-Za-z0-9_+#.-]+/g, '-').replace(/^-+|-+$/g, '');
  return lang ? ` class="language-${lang}"` : '';
}

/** A code listing: `<pre class="code"><code class="language-x">`, the text escaped, line by line as written. */
function code(node: Extract<Block, { type: 'code' }>, state: HtmlState): string {
  state.afterBreak = false;
  // One final line end is the fence's, not the listing's.
  const value = node.value.replace(/\r\n?/g, '\n').replace(/\n$/, '');
  return `<pre class="code"><code${languageClass(node.language)}>${escapeXml(value)}</code></pre>\n`;
}

/**
 * A forced page break: in the print HTML an empty `div.page-break` (CSS Fragmentation 3 `break-after: page`);
 * nothing in e-books, whose screens are not pages the author laid out.
 */
function pageBreak(_node: Extract<Block, { type: 'pageBreak' }>, state: HtmlState): string {
  state.afterBreak = true;
  return state.flavour === 'print' ? '<div class="page-break" aria-hidden="true"></div>\n' : '';
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
  table: renderTable,
  math: renderDisplayMath,
  code,
  pageBreak,
} satisfies Handlers<Block, HtmlState, string>;

/** Render flow content. */
export function renderBlocks(blocks: readonly Block[], state: HtmlState): string {
  let out = '';
  for (const block of blocks) {
    // Only a paragraph can open a chapter (drop capital, lead-in); anything else first cancels it.
    if (block.type !== 'paragraph') state.chapterOpening = false;
    const handler = blockHandlers[block.type] as (n: Block, s: HtmlState) => string;
    out += handler(block, state);
  }
  return out;
}

/**
 * Write the notes first referenced in the current unit (and notes they reference in turn), then clear the list.
 * Each note is `<aside id="fn-N" class="footnote" role="doc-footnote">` (EPUB: plus `epub:type="footnote"`,
 * EPUB 3.2 SSV) whose first paragraph starts with a back link to the first reference.
 * @returns `''` when no note is pending.
 */
export function renderPendingNotes(state: HtmlState): string {
  let out = '';
  while (state.pendingNotes.length > 0) {
    const id = state.pendingNotes.shift() as string;
    const placement = state.notes.get(id);
    const blocks = state.defs[id];
    if (!placement || !blocks) continue;
    out += renderNote(placement.number, blocks, state, true, placement.shown);
  }
  if (!out) return '';
  return state.flavour === 'xhtml'
    ? `<section class="footnotes"${semantics(state, 'footnotes', 'doc-endnotes')} aria-label="Notes">\n${out}</section>\n`
    : `<section class="footnotes" role="doc-endnotes" aria-label="Notes">\n${out}</section>\n`;
}

/**
 * One note. A referenced note is an `<aside>` footnote (reading systems may hide it and show it as a pop-up:
 * EPUB 3.2 SSV `footnote`) starting with a back link; a note nothing references (`backlink` false) is a plain
 * `<div class="footnote">` so that it stays visible. `n` is the note's book-wide index (its element id), `shown` the
 * number printed (its number in its unit; `n` by default).
 */
export function renderNote(n: number, blocks: readonly Block[], state: HtmlState, backlink: boolean, shown = n): string {
  const label = backlink
    ? `<a class="note-number" href="#${noteRefId(n, 1)}"${semantics(state, undefined, 'doc-backlink')}>${shown}.</a> `
    : `<span class="note-number">${shown}.</span> `;
  state.afterBreak = true;
  let body = renderBlocks(blocks, state);
  // Put the number inside the first paragraph when there is one, else in a paragraph of its own.
  body = body.startsWith('<p') ? body.replace(/^<p( class="first")?>/, `<p>${label}`) : `<p>${label}</p>\n${body}`;
  return backlink
    ? `<aside class="footnote" id="${noteId(n)}"${semantics(state, 'footnote', 'doc-footnote')}>\n${body}</aside>\n`
    : `<div class="footnote" id="${noteId(n)}">\n${body}</div>\n`;
}
