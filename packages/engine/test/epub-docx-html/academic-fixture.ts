/**
 * A hand-built thesis for the HTML and EPUB writers' tests of issue 31: a table with a header, spans, column
 * widths, a caption and a note; inline and display math (numbered and not, and TeX no converter reads); a code
 * listing; numbered figures (one with an image and a width); cross-references to each kind, forward and backward,
 * across chapters, to a section, and one to nothing.
 */
import type { Block, BookDocument, Inline, TableBlock } from '../../src/model/book-document.ts';

const t = (value: string): Inline => ({ type: 'text', value });
const p = (...children: Inline[]): Block => ({ type: 'paragraph', children });
const ref = (target: string, suppressPrefix?: boolean): Inline => ({ type: 'crossRef', target, ...(suppressPrefix ? { suppressPrefix } : {}) });
const cell = (text: string, extra: Partial<TableBlock['body'][number]['cells'][number]> = {}) => ({ children: [t(text)], ...extra });

/** 1x1 PNG (red pixel). */
export const PNG_1X1 = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64'),
);

/** The results table: two header rows (a spanning group header), a row span in the body, widths, caption, note. */
export const resultsTable: TableBlock = {
  type: 'table',
  id: 'tbl:results',
  caption: [t('Thrust by propeller and voltage')],
  columns: [
    { align: 'left', widthFraction: 0.4 },
    { align: 'right', widthFraction: 0.3 },
    { align: 'right', widthFraction: 0.3 },
  ],
  head: [
    { cells: [cell('Propeller', { rowSpan: 2 }), cell('Thrust (g)', { colSpan: 2, align: 'center' })] },
    { cells: [cell('11.1 V'), cell('14.8 V')] },
  ],
  body: [
    { cells: [cell('10 x 4.5', { rowSpan: 2 }), cell('820'), cell('1040')] },
    { cells: [cell('812'), { children: [t('1050 '), { type: 'math', tex: '\\pm 5' }] }] },
    { cells: [cell('12 x 3.8'), cell('960'), cell('1210')] },
  ],
  note: [t('Means of three runs; '), { type: 'emphasis', children: [t('g')] }, t(' = grams-force.')],
};

/** A table of a book layout's kind: no id, no caption (unnumbered in book layouts, numbered in academic ones). */
const plainTable: TableBlock = {
  type: 'table',
  caption: [],
  columns: [{ align: 'default' }, { align: 'center' }],
  head: [],
  body: [{ cells: [cell('a'), cell('b')] }, { cells: [cell('c & <d>'), cell('e')] }],
};

/** The thesis (see the module docs). Counts: 2 tables, 5 math (3 display, 2 inline + 1 in a cell), 1 code, 2 figures. */
export function academicBook(): BookDocument {
  return {
    meta: { title: 'Attitude Control of a Quadcopter', author: 'A. Student', language: 'en' },
    front: [{ type: 'section', kind: 'preface', id: 'front-1', title: [t('Abstract')], blocks: [p(t('We fly (see '), ref('sec:results'), t(').'))] }],
    body: [
      {
        type: 'chapter',
        id: 'ch-1',
        refId: 'sec:intro',
        title: [t('Introduction')],
        blocks: [
          p(t('The controller of '), ref('eq:pid'), t(' gives the thrust in '), ref('tbl:results'), t(' and the frame of '), ref('fig:frame'), t('; '), ref('fig:frame', true), t(' is the frame.')),
          { type: 'heading', level: 2, id: 'sec:model', children: [t('Model')] },
          p(t('Energy is '), { type: 'math', tex: 'E = mc^2' }, t(' and the angle '), { type: 'math', tex: '\\theta_{i} < \\frac{\\pi}{2}' }, t('.')),
          { type: 'math', id: 'eq:pid', tex: 'u(t) = K_p e(t) + K_i \\int_0^t e(\\tau)\\,d\\tau + K_d \\frac{de(t)}{dt}' },
          { type: 'math', tex: '\\begin{aligned} a &= b + c \\\\ d &= e \\end{aligned}' },
          { type: 'math', tex: '\\frac{a}{' },
          { type: 'figure', id: 'fig:frame', src: 'images/img-1.png', alt: 'The frame', caption: [t('The carbon frame')], widthFraction: 0.5 },
          { type: 'pageBreak' },
          { type: 'code', language: 'python', value: 'def pid(e, kp=1.0):\n    return kp * e  # a <comment> & "quotes" that run on and on and on past the width of the text block of the page\n' },
          p(t('Call '), { type: 'code', value: 'pid(e)' }, t(' with '), ref('sec:model'), t(' and '), ref('fig:missing'), t('.')),
        ],
      },
      {
        type: 'chapter',
        id: 'ch-2',
        refId: 'sec:results',
        title: [t('Results')],
        blocks: [
          p(t('Back to '), ref('eq:pid'), t(' and '), ref('sec:intro'), t('.')),
          resultsTable,
          plainTable,
          { type: 'figure', id: 'fig:plot', alt: 'A plot', caption: [t('Thrust against voltage')] },
          p(t('As '), ref('fig:plot'), t(' shows.')),
          // pandoc's implicit header references: a heading's identifier made from its text, and an empty link.
          p(t('See '), { type: 'link', href: '#model', children: [t('the model')] }, t(', '), { type: 'link', href: '#sec:model', children: [] }, t(', '),
            { type: 'link', href: '#introduction', children: [t('the introduction')] }, t(' and '), { type: 'link', href: '#nowhere', children: [t('nothing')] }, t('.')),
        ],
      },
    ],
    back: [],
    footnotes: {},
    assets: { 'images/img-1.png': { path: 'images/img-1.png', mediaType: 'image/png', bytes: PNG_1X1 } },
  };
}
