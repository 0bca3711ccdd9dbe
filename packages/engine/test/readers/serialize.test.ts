/**
 * serializeMarkdown: BookDocument -> Quire Markdown, checked by parsing it back (round trip) on real
 * books, on a document with every node, and on random text full of Markdown's special characters.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanText } from '../../src/clean/index.ts';
import type { Block, BookDocument, Inline } from '../../src/model/book-document.ts';
import { parseMarkdown } from '../../src/markdown/parse.ts';
import { escapeText, serializeMarkdown } from '../../src/markdown/serialize.ts';
import { readText } from '../../src/read/index.ts';
import { corpusDir } from '../helpers/corpus.ts';

const meta = { title: 'T', author: 'A', language: 'en' };
const t = (value: string): Inline => ({ type: 'text', value });
const p = (...children: Inline[]): Block => ({ type: 'paragraph', children });

/** Footnotes no reference points at are not kept by the parser: leave them out of the comparison. */
function referencedOnly(doc: BookDocument): BookDocument {
  const json = JSON.stringify({ ...doc, footnotes: {} });
  const refs = new Set([...json.matchAll(/"footnoteRef","id":"([^"]+)"/g)].map((m) => m[1]!));
  for (const blocks of Object.values(doc.footnotes)) {
    for (const m of JSON.stringify(blocks).matchAll(/"footnoteRef","id":"([^"]+)"/g)) refs.add(m[1]!);
  }
  return { ...doc, footnotes: Object.fromEntries(Object.entries(doc.footnotes).filter(([id]) => refs.has(id))) };
}

describe('round trip on cleaned corpus books', () => {
  it.each([
    'pg11-alice-in-wonderland.txt',
    'pg84-frankenstein.txt',
    'pg1322-leaves-of-grass.txt',
    'pg731-decline-and-fall-roman-empire-vol1.txt',
    'pg844-importance-of-being-earnest.txt',
    'pg2680-meditations.txt',
    'pg28464-luther-epistle-sermons-vol2-epiphany-easter-pentecost.txt',
  ])('%s: parse(serialize(parse(cleaned))) equals parse(cleaned)', (name) => {
    const read = readText(new Uint8Array(readFileSync(path.join(corpusDir(), 'gutenberg', name))));
    const doc = referencedOnly(parseMarkdown(cleanText(read.text, { meta: read.meta }).markdown, meta));
    // Exactly, small caps, figure alts and notes in verse included (nothing set aside).
    expect(parseMarkdown(serializeMarkdown(doc), meta)).toEqual(doc);
  });
});

describe('a document with every node', () => {
  const doc: BookDocument = {
    meta,
    front: [
      { type: 'section', kind: 'other', id: 'front-1', title: [], blocks: [p(t('An untitled opening.'))] },
      { type: 'section', kind: 'dedication', id: 'front-2', title: [t('To My Mother')], blocks: [p(t('For you.'))] },
    ],
    body: [
      {
        type: 'part',
        id: 'part-1',
        title: [t('BOOK ONE')],
        blocks: [p(t('The part opens.'))],
        chapters: [
          {
            type: 'chapter',
            id: 'ch-1',
            label: 'CHAPTER I.',
            title: [{ type: 'emphasis', children: [t('In which')] }, t(' things {happen} '), { type: 'smallCaps', children: [t('Finis')] }],
            blocks: [
              p(t('1984. A year, # not a heading, * not a list, > not a quote, '), { type: 'strong', children: [t('bold')] }, t(' and '), { type: 'emphasis', children: [t('un')] }, t('believable.')),
              p(t('- a dash line'), { type: 'lineBreak' }, t('+ and a plus'), { type: 'lineBreak' }, t('## hashes')),
              p(t('Tricky: a_b, _x_, *y*, [sic], [^1] literal, `code`, <tag>, &amp;, a \\ backslash, ~~no~~, {1}')),
              { type: 'heading', level: 2, children: [t('Section 2 #')] },
              { type: 'sceneBreak' },
              { type: 'verse', stanzas: [[{ indent: 0, children: [t('Twinkle, twinkle,'), { type: 'footnoteRef', id: 'fn-v1' }] }, { indent: 1, children: [t('::: not a fence')] }], [{ indent: 2, children: [{ type: 'emphasis', children: [t('little bat')] }] }]] },
              p(t('The '), { type: 'smallCaps', children: [t('Lord [sic] '), { type: 'emphasis', children: [t('Ashby')] }] }, t(' and a literal [1]{x} and [y]{.smallcaps}.')),
              { type: 'blockQuote', children: [p(t('Quoted.')), p(t('Twice.'))] },
              { type: 'list', ordered: true, items: [[p(t('First'))], [p(t('Second'))]] },
              { type: 'list', ordered: true, items: [[p(t('Another list'))]] },
              { type: 'list', ordered: false, items: [[p(t('Loose')), p(t('item'))], [p(t('Next'))]] },
              { type: 'figure', alt: 'A gate *with* [marks]', caption: [t('A gate *with* [marks]')] },
              { type: 'figure', src: 'images/i001.jpg', alt: 'The Garden Gate', caption: [t('The '), { type: 'smallCaps', children: [t('Garden')] }, t(' Gate')] },
              p(t('See '), { type: 'link', href: 'https://example.org/a_(b)', children: [t('the site')] }, t('.'), { type: 'footnoteRef', id: 'fn-1' }),
            ],
          },
          { type: 'chapter', id: 'ch-2', label: 'CHAPTER II', title: [], blocks: [p(t('Short.'), { type: 'footnoteRef', id: 'fn-x2' })] },
        ],
      },
    ],
    back: [{ type: 'section', kind: 'notes', id: 'back-1', title: [t('Notes')], blocks: [p(t('Back.'))] }],
    footnotes: {
      'fn-1': [p(t('A note.')), p(t('Its second paragraph.'))],
      'fn-x2': [p(t('Another.')), { type: 'verse', stanzas: [[{ indent: 0, children: [t('A verse in a note,')] }, { indent: 1, children: [t('indented once.')] }]] }],
      'fn-v1': [p(t('A note on a verse line.'))],
    },
    assets: {},
  };

  it('parses back into the same document', () => {
    const md = serializeMarkdown(doc);
    expect(parseMarkdown(md, meta)).toEqual(doc);
  });

  it('writes the convention of model/README.md', () => {
    const md = serializeMarkdown(doc);
    expect(md.startsWith('An untitled opening.\n\n# To My Mother {.front .dedication}\n\nFor you.\n\n# BOOK ONE {.part}\n\n')).toBe(true);
    expect(md).toContain('# CHAPTER I. _In which_ things \\{happen} [Finis]{.smallcaps}\n');
    expect(md).toContain('The [Lord \\[sic\\] _Ashby_]{.smallcaps} and a literal [1]{x} and [y]\\{.smallcaps}.');
    expect(md).toContain('![A gate \\*with\\* \\[marks\\]]()');
    expect(md).toContain('::: verse\nTwinkle, twinkle,[^v1]\n  \\::: not a fence\n\n    _little bat_\n:::');
    expect(md).toContain('[^x2]: Another.\n\n    ::: verse\n    A verse in a note,\n      indented once.\n    :::');
    expect(md).toContain('# Notes {.back .notes}');
    expect(md).toContain('[^1]: A note.\n\n    Its second paragraph.');
    expect(md.endsWith('\n')).toBe(true);
  });
});

describe('escapeText', () => {
  it('escapes only what Markdown would read as syntax', () => {
    expect(escapeText('snake_case and [sic] and a < b')).toBe('snake_case and [sic] and a < b');
    expect(escapeText('_x_ *y* [a](b) [^1] <http://x> &amp; `c` ~~s~~')).toBe('\\_x\\_ \\*y\\* [a\\](b) \\[^1] \\<http://x> \\&amp; \\`c\\` \\~\\~s\\~\\~');
  });

  it('random text with special characters survives a paragraph round trip (fast-check)', () => {
    const alphabet = fc.constantFrom(...'ab1 *_[]<>#`&{}!~:-+=.()^|\\"\'é—'.split(''));
    fc.assert(
      fc.property(fc.array(alphabet, { minLength: 1, maxLength: 40 }), (chars) => {
        const value = chars.join('').replace(/\s+/g, ' ').trim();
        if (!value) return;
        const doc: BookDocument = { meta, front: [], body: [{ type: 'chapter', id: 'ch-1', title: [t('C')], blocks: [p(t(value))] }], back: [], footnotes: {}, assets: {} };
        expect(parseMarkdown(serializeMarkdown(doc), meta)).toEqual(doc);
      }),
      { numRuns: 500 },
    );
  });
});
