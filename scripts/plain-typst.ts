/**
 * The benchmark's reference document: the same book as plain Typst, the way a user would write it by hand with
 * nothing of Quire's template. Same trim size and margins, the same body type (font, size, leading, paragraph
 * indent), justified and hyphenated in the book's language, a folio on every page, each part and chapter a
 * heading opening on a recto (`pagebreak(to: "odd")`), each paragraph (and each verse line) a paragraph of text.
 * No running heads, drop caps, small capitals, title or contents pages: what it costs to typeset the text
 * alone, so that `npm run bench` can say what Quire's template adds on top.
 */
import { inlineText, type Block, type BookDocument, type Layout } from '@quire/engine';

/** Typst markup escape: a backslash before every character that could start markup. */
function escapeMarkup(text: string): string {
  return text.replace(/[\\#*_`$<>@[\]~/=+\-.:;'"{}]/g, (c) => `\\${c}`).replace(/\s+/g, ' ');
}

function inches(value: number): string {
  return `${Math.round(value * 10000) / 10000}in`;
}

/** The blocks of a unit as plain paragraphs: verse line by line, quotes and lists as their paragraphs. */
function plainBlocks(blocks: readonly Block[]): string[] {
  return blocks.flatMap((block): string[] => {
    switch (block.type) {
      case 'paragraph':
      case 'heading':
        return [escapeMarkup(inlineText(block.children))];
      case 'speech':
        return [escapeMarkup(inlineText(block.speaker)), ...plainBlocks(block.children)];
      case 'verse':
        return block.stanzas.flatMap((stanza) => stanza.map((line) => escapeMarkup(inlineText(line.children))));
      case 'blockQuote':
        return plainBlocks(block.children);
      case 'list':
        return block.items.flatMap((item) => plainBlocks(item));
      case 'figure':
        return [escapeMarkup(inlineText(block.caption) || block.alt)];
      case 'table':
        // The reference sets a table's rows as plain lines, its cells run together.
        return [...block.head, ...block.body].map((row) => escapeMarkup(row.cells.map((c) => inlineText(c.children)).join('  ')));
      case 'code':
        return block.value.split('\n').map((line) => escapeMarkup(line));
      case 'math':
        return [escapeMarkup(block.tex)];
      case 'sceneBreak':
        return ['\\* \\* \\*'];
      case 'pageBreak':
        return [];
    }
  });
}

/**
 * The plain Typst document of `doc` on `layout`'s page and body type (see the module comment). Units: the
 * layout's inches and points; line spacing as the print template sets it (`lineHeight` - 1 em of leading
 * between 1 em line boxes). Returns a self-contained Typst source.
 */
export function plainTypst(doc: BookDocument, layout: Layout): string {
  const leadingEm = Math.round(Math.max(0, layout.lineHeight - 1) * 10000) / 10000;
  const lang = /^[a-z]{2,3}/i.exec(doc.meta.language)?.[0]?.toLowerCase() ?? 'en';
  const out: string[] = [
    `#set page(width: ${inches(layout.trimWidthIn)}, height: ${inches(layout.trimHeightIn)}, numbering: "1",`,
    `  margin: (inside: ${inches(layout.marginInsideIn)}, outside: ${inches(layout.marginOutsideIn)}, top: ${inches(layout.marginTopIn)}, bottom: ${inches(layout.marginBottomIn)}))`,
    `#set text(font: "${layout.fontFamily}", fallback: false, size: ${layout.fontSizePt}pt, lang: "${lang}", hyphenate: true, top-edge: 0.8em, bottom-edge: -0.2em)`,
    `#set par(justify: true, leading: ${leadingEm}em, spacing: ${leadingEm}em, first-line-indent: ${layout.paragraphIndentEm}em)`,
    // Chapter openings sunk as the layout sinks them, three lines above the text, so that the page count is the same.
    `#show heading: it => { v(${inches(layout.chapterSinkIn)}); it; v(${Math.round(3 * layout.lineHeight * 100) / 100}em) }`,
    // The title page and the contents (Typst's own outline).
    `#align(center)[#text(size: 2em)[${escapeMarkup(doc.meta.title)}] #linebreak() ${escapeMarkup(doc.meta.author)}]`,
    '#pagebreak(to: "odd")',
    '#outline()',
  ];
  const unit = (level: number, title: string, blocks: readonly Block[]) => {
    out.push('#pagebreak(to: "odd", weak: true)', `${'='.repeat(level)} ${escapeMarkup(title)}`, ...plainBlocks(blocks));
  };
  for (const section of doc.front) unit(1, inlineText(section.title), section.blocks);
  for (const division of doc.body) {
    if (division.type === 'chapter') {
      unit(1, inlineText(division.title), division.blocks);
      continue;
    }
    unit(1, inlineText(division.title), division.blocks);
    for (const chapter of division.chapters) unit(2, inlineText(chapter.title), chapter.blocks);
  }
  for (const section of doc.back) unit(1, inlineText(section.title), section.blocks);
  return `${out.join('\n\n')}\n`;
}
