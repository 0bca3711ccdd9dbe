/**
 * Books built by hand for the PDF writer tests (no parser involved).
 */
import type { Block, BookDocument, Chapter, Inline } from '../../src/model/book-document.ts';

/** A text inline. */
export function t(value: string): Inline {
  return { type: 'text', value };
}

/** A paragraph of plain text. */
export function p(value: string): Block {
  return { type: 'paragraph', children: [t(value)] };
}

const WORDS =
  'the of and to in that was his he it with is for as had you not be her on at by which have or from this but she they were all so my one an would there what been when if who their said more no'.split(
    ' ',
  );

/** Deterministic pseudo-prose: `count` words, starting with a capital, ending with a full stop. */
export function prose(seed: number, count: number): string {
  let x = seed * 7919 + 1;
  const words: string[] = [];
  for (let i = 0; i < count; i += 1) {
    x = (x * 1103515245 + 12345) % 2147483648;
    words.push(WORDS[x % WORDS.length]!);
  }
  const first = words[0]!;
  words[0] = first.charAt(0).toUpperCase() + first.slice(1);
  return `${words.join(' ')}.`;
}

/** A chapter of `paragraphs` paragraphs of prose. */
export function proseChapter(n: number, paragraphs: number, wordsPer = 120): Chapter {
  const blocks: Block[] = [];
  for (let i = 0; i < paragraphs; i += 1) blocks.push(p(prose(n * 1000 + i, wordsPer)));
  return { type: 'chapter', id: `ch-${n}`, title: [t(`Chapter ${n}`)], blocks };
}

/** A paragraph full of Typst syntax that must print literally. */
export const HOSTILE =
  '#set page(width: 1in) = Heading - item + item / term: x 1. one $x^2$ *bold* _emph_ `raw` <label> @ref ' +
  '\\ backslash [bracket] ~tilde "quoted" \'single\' -- --- -? -1 ... // comment /* block */ https://example.com/x ' +
  '#emph[x].foo #f(y); \\u{41}';

/** A small book with every node type: front matter, a part with chapters, a lone chapter, back matter. */
export function sampleBook(): BookDocument {
  return {
    meta: { title: 'The Sample Book', author: 'Ann Author', language: 'en', publisher: 'Quire Press', publicationYear: 2025 },
    front: [
      { type: 'section', kind: 'dedication', id: 'front-1', title: [t('Dedication')], blocks: [p('For everyone who reads.')] },
      { type: 'section', kind: 'preface', id: 'front-2', title: [t('Preface')], blocks: [p(prose(1, 200)), p(prose(2, 200))] },
    ],
    body: [
      {
        type: 'part',
        id: 'part-1',
        title: [t('Part One')],
        blocks: [],
        chapters: [
          {
            type: 'chapter',
            id: 'ch-1',
            title: [t('Chapter One')],
            blocks: [
              p(`Firstword ${prose(3, 150)}`),
              p('Typography — “curly” ‘single’ … é ß œ Æ naïve – en dash.'),
              {
                type: 'paragraph',
                children: [
                  t('Some '),
                  { type: 'emphasis', children: [t('emphasised')] },
                  t(' and '),
                  { type: 'strong', children: [t('strong')] },
                  t(' and '),
                  { type: 'smallCaps', children: [t('Small Caps')] },
                  t(' text with a note'),
                  { type: 'footnoteRef', id: 'n1' },
                  t(' and a '),
                  { type: 'link', href: 'https://example.com', children: [t('link text')] },
                  t('.'),
                  { type: 'lineBreak' },
                  t('After a line break.'),
                ],
              },
              { type: 'sceneBreak' },
              p(`Afterbreak ${prose(4, 300)}`),
              { type: 'heading', level: 2, children: [t('A Sub-heading')] },
              {
                type: 'verse',
                stanzas: [
                  [
                    { indent: 0, children: [t('Versefirst line of the stanza,')] },
                    { indent: 2, children: [t('Indented second line,')] },
                  ],
                  [{ indent: 0, children: [t('A second stanza.')] }],
                ],
              },
              { type: 'blockQuote', children: [p('Quoted words of wisdom.')] },
              { type: 'list', ordered: false, items: [[p('Bulletitem one')], [p('Bulletitem two')]] },
              { type: 'list', ordered: true, items: [[p('Numbereditem one')]] },
              { type: 'figure', alt: 'alt text', caption: [t('Figurecaption of an illustration')] },
              p(prose(5, 600)),
            ],
          },
          proseChapter(2, 12),
        ],
      },
      proseChapter(3, 9),
    ],
    back: [{ type: 'section', kind: 'afterword', id: 'back-1', title: [t('Afterword')], blocks: [p('Lastword of the book.')] }],
    footnotes: { n1: [p('Footnotetext here.')] },
    assets: {},
  };
}
