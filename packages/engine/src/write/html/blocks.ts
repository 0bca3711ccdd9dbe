/**
 * Block (flow content) handlers of the HTML writer, shared with the EPUB writer. Output is HTML5 and
 * well-formed XHTML at the same time.
 *
 * - [x] paragraphs (class `first` after a title, sub-heading or scene break: no first-line indent, Chicago 2.13)
 * - [x] sub-headings h2–h6, scene breaks, verse with indented lines, block quotes, lists
 * - [x] figures: the book's own image (`BookDocument.assets`) + caption: a `data:` URI in the single-file HTML
 *   outputs (the file stays self-contained), the file `images/img-N.ext` in EPUB content documents; an image
 *   that is not an asset: http/https `src` in the HTML outputs only, else caption and alt only
 * - [x] footnotes: written at the end of the unit that first references them
 * - [x] speeches (`div.speech`, `span.speaker`) and paragraph roles (classes `dateline`, `salutation`,
 *   `signature`, `stage-direction`)
 */
import { figureAsset, type Block, type ParagraphRole, type VerseLine } from '../../model/book-document.ts';
import { escapeXml, safeImageSrc } from './escape.ts';
import { splitLeadIn } from '../layout-text.ts';
import { noteId, noteRefId, renderInlines } from './inlines.ts';
import { renderDropCapOpening } from './opening.ts';
import { semantics, type Handlers, type HtmlState } from './state.ts';

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
  return `<h${node.level}${runIn ? ' class="run-in"' : ''}>${renderInlines(node.children, state)}</h${node.level}>\n`;
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

function figure(node: Extract<Block, { type: 'figure' }>, state: HtmlState): string {
  state.afterBreak = false;
  let img = '';
  const asset = figureAsset(state, node.src);
  const src = node.src === undefined ? undefined : safeImageSrc(node.src);
  if (asset) {
    state.usedAssets.add(asset.path);
    // Media type and base64 alphabet only: nothing of the user's text goes into the URI.
    const url = state.flavour === 'xhtml' ? asset.path : `data:${asset.mediaType};base64,${Buffer.from(asset.bytes).toString('base64')}`;
    img = `<img src="${escapeXml(url)}" alt="${escapeXml(node.alt)}"/>`;
  } else if (src && state.flavour !== 'xhtml') {
    img = `<img src="${escapeXml(src)}" alt="${escapeXml(node.alt)}"/>`;
  } else if (node.src !== undefined) {
    state.diagnostics.push({
      code: 'BLOCK_NOT_RENDERED',
      message: `Image "${node.src}" was not embedded; its caption and description are kept`,
    });
  }
  const caption = renderInlines(node.caption, state);
  // Without an image, the description is the only trace of the illustration: keep it visible.
  const alt = !img && node.alt && !caption ? `<p class="figure-alt">${escapeXml(node.alt)}</p>` : '';
  const figcaption = caption ? `<figcaption>${caption}</figcaption>` : '';
  if (!img && !alt && !figcaption) return '';
  return `<figure class="illustration">${img}${alt}${figcaption}</figure>\n`;
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
