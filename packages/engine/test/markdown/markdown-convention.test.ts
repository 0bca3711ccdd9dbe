/**
 * The four fixes of the Markdown convention: small caps (`[text]{.smallcaps}`), a figure's alt as its
 * caption's plain text, footnote references inside verse, and the indent of verse inside indented blocks.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cleanText } from '../../src/clean/index.ts';
import { escapeParagraph } from '../../src/clean/passes/escape-markdown.ts';
import { allChapters, type Block, type BookDocument, type Inline } from '../../src/model/book-document.ts';
import { parseMarkdown } from '../../src/markdown/parse.ts';
import { serializeMarkdown } from '../../src/markdown/serialize.ts';
import { readHtml } from '../../src/read/html/index.ts';

const meta = { title: 'T', author: 'A', language: 'en' };
const t = (value: string): Inline => ({ type: 'text', value });
const blocksOf = (md: string): Block[] => allChapters(parseMarkdown(md, meta))[0]!.blocks;
const verseLines = (block: Block | undefined) => (block?.type === 'verse' ? block.stanzas : []);

describe('small caps: [text]{.smallcaps}', () => {
  it('parses a span, with emphasis, a note and brackets inside, in paragraphs and headings', () => {
    const doc = parseMarkdown('# I\n\n## [Finis]{.smallcaps}\n\nThe [Lord]{.smallcaps} and [_Lady_ \\[sic\\][^1]]{.smallcaps}.\n\n[^1]: Note.\n', meta);
    const blocks = allChapters(doc)[0]!.blocks;
    expect(blocks[0]).toEqual({ type: 'heading', level: 2, children: [{ type: 'smallCaps', children: [t('Finis')] }] });
    expect(blocks[1]).toEqual({
      type: 'paragraph',
      children: [
        t('The '),
        { type: 'smallCaps', children: [t('Lord')] },
        t(' and '),
        { type: 'smallCaps', children: [{ type: 'emphasis', children: [t('Lady')] }, t(' [sic]'), { type: 'footnoteRef', id: 'fn-1' }] },
        t('.'),
      ],
    });
    expect(Object.keys(doc.footnotes)).toEqual(['fn-1']);
  });

  it('only the exact `{.smallcaps}` right after the bracket makes a span; a heading keeps its attributes', () => {
    for (const text of ['[1]{x} and [sic] {.smallcaps}', '[a]{.smallcaps .x}', '\\[a]{.smallcaps}', '[a]\\{.smallcaps}']) {
      expect(JSON.stringify(blocksOf(`# I\n\n${text}\n`))).not.toContain('smallCaps');
    }
    const doc = parseMarkdown('# [Part]{.smallcaps} One {.part}\n\n# Chapter\n\nText.\n', meta);
    expect(doc.body[0]).toMatchObject({ type: 'part', title: [{ type: 'smallCaps', children: [t('Part')] }, t(' One')] });
  });

  it('the serializer writes spans and escapes text that would read as one', () => {
    const doc: BookDocument = {
      meta,
      front: [],
      body: [{ type: 'chapter', id: 'ch-1', title: [t('I')], blocks: [
        { type: 'paragraph', children: [{ type: 'smallCaps', children: [t('a ]b[ c')] }, t(' and [y]{.smallcaps} and [1]{x}')] },
      ] }],
      back: [],
      footnotes: {},
      assets: {},
    };
    const md = serializeMarkdown(doc);
    expect(md).toContain('[a \\]b\\[ c]{.smallcaps} and [y]\\{.smallcaps} and [1]\\{x}');
    expect(parseMarkdown(md, meta)).toEqual(doc);
  });

  it('the HTML reader\'s small caps (span.smcap) reach the Markdown and come back', () => {
    const { doc } = readHtml(readFileSync(new URL('../readers/fixtures/pg-modern.html', import.meta.url), 'utf8'));
    const md = serializeMarkdown(doc);
    expect(md).toContain('morning that [Lord]{.smallcaps} Ashby could remember,');
    expect(JSON.stringify(parseMarkdown(md, meta))).toContain('{"type":"smallCaps","children":[{"type":"text","value":"Lord"}]}');
  });

  it('cleanup keeps a span, and escapes a book\'s own `[1]{x}` so it stays text', () => {
    expect(escapeParagraph('The [Lord]{.smallcaps}').line).toBe('The [Lord]{.smallcaps}');
    expect(escapeParagraph('See note [1]{x}').line).toBe('See note [1]\\{x}');
    const cleaned = cleanText('CHAPTER I\n\n\nThe [Lord]{.smallcaps} spoke of [1]{x} and [2]{y} twice.\nAnd [3]{z}\n').markdown;
    const json = JSON.stringify(parseMarkdown(cleaned, meta));
    expect(json).toContain('{"type":"smallCaps","children":[{"type":"text","value":"Lord"}]}');
    expect(json).toContain(' spoke of [1]{x} and [2]{y} twice.');
    expect(json).toContain('And [3]{z}');
    expect(json.match(/smallCaps/g)).toHaveLength(1);
  });
});

describe('a figure\'s alt is its caption\'s plain text', () => {
  it('without markdown-it\'s backslash escapes or markup', () => {
    const [figure] = blocksOf('# I\n\n![A \\*gate\\* \\[x\\] _in_ [Spring]{.smallcaps}](img/a.png)\n');
    expect(figure).toEqual({
      type: 'figure',
      src: 'img/a.png',
      alt: 'A *gate* [x] in Spring',
      caption: [t('A *gate* [x] '), { type: 'emphasis', children: [t('in')] }, t(' '), { type: 'smallCaps', children: [t('Spring')] }],
    });
  });
});

describe('verse', () => {
  it('a note referenced in a verse line is a footnote reference, and the note is kept (Luther, pg28464)', () => {
    const md = '# I\n\n::: verse\n_Fourth Sunday After Easter_\nSecond Sermon.[^c65-1]\n:::\n\nText.\n\n[^c65-1]: This sermon was printed first in 1536.\n';
    const doc = parseMarkdown(md, meta);
    expect(verseLines(allChapters(doc)[0]!.blocks[0])[0]![1]).toEqual({ indent: 0, children: [t('Second Sermon.'), { type: 'footnoteRef', id: 'fn-c65-1' }] });
    expect(doc.footnotes['fn-c65-1']).toEqual([{ type: 'paragraph', children: [t('This sermon was printed first in 1536.')] }]);
    expect(parseMarkdown(serializeMarkdown(doc), meta)).toEqual(doc);
  });

  it('indents count from the block that holds the verse: a footnote definition, a list item, a quote', () => {
    const md = '# I\n\nSee.[^1]\n\n- ::: verse\n  Zero\n    One\n  :::\n\n> ::: verse\n> Zero\n>     Two\n> :::\n\n[^1]: A note.\n\n    ::: verse\n    Zero\n      One\n    :::\n';
    const doc = parseMarkdown(md, meta);
    const indents = (b: Block | undefined) => verseLines(b).flat().map((l) => l.indent);
    const [, list, quote] = allChapters(doc)[0]!.blocks;
    expect(list?.type === 'list' && indents(list.items[0]![0])).toEqual([0, 1]);
    expect(quote?.type === 'blockQuote' && indents(quote.children[0])).toEqual([0, 2]);
    expect(indents(doc.footnotes['fn-1']![1])).toEqual([0, 1]);
  });

  it('lines Markdown would read as blocks stay verse lines: four-space indents, list markers, hashes', () => {
    const [verse] = blocksOf('# I\n\n::: verse\n    Indented refrain\n- not a list\n# not a heading\n1. nor this\n:::\n');
    expect(verseLines(verse)[0]!.map((l) => [l.indent, (l.children[0] as { value: string }).value])).toEqual([
      [2, 'Indented refrain'], [0, '- not a list'], [0, '# not a heading'], [0, '1. nor this'],
    ]);
  });

  it('an unclosed verse ends with the block that holds it; a longer fence closes it', () => {
    const doc = parseMarkdown('# I\n\n:::: speech FAUST\n::: verse\nHabe nun, ach!\n::::\n\nProse after.\n', meta);
    const blocks = allChapters(doc)[0]!.blocks;
    expect(blocks[0]).toMatchObject({ type: 'speech', children: [{ type: 'verse', stanzas: [[{ indent: 0, children: [t('Habe nun, ach!')] }]] }] });
    expect(blocks[1]).toEqual({ type: 'paragraph', children: [t('Prose after.')] });
  });

  it('a footnote definition inside a verse container is read as a note, not printed as verse (Gibbon, pg731)', () => {
    const md = '# I\n\nText.[^c2-8]\n\n::: verse\n[^c2-8]: See the admirable abridgment given\nby Tacitus.\n:::\n\nMore.\n';
    const doc = parseMarkdown(md, meta);
    expect(allChapters(doc)[0]!.blocks.map((b) => b.type)).toEqual(['paragraph', 'paragraph']);
    expect(doc.footnotes['fn-c2-8']).toEqual([{ type: 'paragraph', children: [t('See the admirable abridgment given by Tacitus.')] }]);
  });
});
