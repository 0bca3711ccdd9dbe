/** The document walker every model walk shares (`model/walk.ts`): no block kind or inline run is missed. */
import { describe, expect, it } from 'vitest';
import type { BookDocument, Inline } from '../../src/model/book-document.ts';
import { forEachBlock, forEachInline, ownInlines } from '../../src/model/walk.ts';

const t = (value: string): Inline => ({ type: 'text', value });

const doc: BookDocument = {
  meta: { title: 'T', author: 'A', language: 'en' },
  front: [{ type: 'section', kind: 'preface', id: 'f', title: [t('Preface')], blocks: [{ type: 'paragraph', children: [t('front')] }] }],
  body: [
    {
      type: 'part',
      id: 'p1',
      title: [t('Part')],
      blocks: [{ type: 'paragraph', children: [t('part')] }],
      chapters: [
        {
          type: 'chapter',
          id: 'c1',
          title: [t('One')],
          blocks: [
            { type: 'blockQuote', children: [{ type: 'paragraph', children: [{ type: 'emphasis', children: [t('quoted')] }] }] },
            { type: 'speech', speaker: [t('HAMLET')], children: [{ type: 'paragraph', children: [t('spoken')] }] },
            { type: 'list', ordered: false, items: [[{ type: 'paragraph', children: [t('item')] }]] },
            { type: 'verse', stanzas: [[{ children: [t('line')], indent: 0 }]] },
            { type: 'figure', alt: '', caption: [t('figcap')] },
            {
              type: 'table',
              caption: [t('tabcap')],
              columns: [{ align: 'default' }],
              head: [{ cells: [{ children: [t('head')] }] }],
              body: [{ cells: [{ children: [{ type: 'link', href: '#x', children: [t('cell')] }] }] }],
              note: [t('note')],
            },
            { type: 'code', value: 'code' },
          ],
        },
      ],
    },
  ],
  back: [{ type: 'section', kind: 'afterword', id: 'b', title: [t('After')], blocks: [{ type: 'paragraph', children: [t('back')] }] }],
  footnotes: { n1: [{ type: 'paragraph', children: [t('footnote')] }] },
  assets: {},
};

describe('forEachBlock, ownInlines, forEachInline', () => {
  it('visit every block in reading order, containers before what they hold, notes last', () => {
    const types: string[] = [];
    forEachBlock(doc, (b) => types.push(b.type));
    expect(types).toEqual(['paragraph', 'paragraph', 'blockQuote', 'paragraph', 'speech', 'paragraph', 'list', 'paragraph', 'verse', 'figure', 'table', 'code', 'paragraph', 'paragraph']);
  });

  it('reach every text of every inline run, nested formatting and links included', () => {
    const words: string[] = [];
    forEachBlock(doc, (b) => {
      for (const run of ownInlines(b)) forEachInline(run, (x) => x.type === 'text' && words.push(x.value));
    });
    expect(words).toEqual(['front', 'part', 'quoted', 'HAMLET', 'spoken', 'item', 'line', 'figcap', 'tabcap', 'note', 'head', 'cell', 'back', 'footnote']);
  });
});
