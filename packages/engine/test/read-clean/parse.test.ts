import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../src/markdown/parse.ts';
import { allChapters, inlineText, type BookMeta } from '../../src/model/book-document.ts';

const meta: BookMeta = { title: 'A Book', author: 'An Author', language: 'en' };

describe('parseMarkdown', () => {
  it('builds front, parts with chapters, and back with unique ids', () => {
    const doc = parseMarkdown(
      [
        'Title page text.',
        '# Preface {.front .preface}',
        'Why this book.',
        '# BOOK ONE: 1805 {.part}',
        'A part introduction.',
        '# CHAPTER I',
        'Well, Prince, so Genoa and Lucca are now _just_ family estates.',
        '## 1',
        'A numbered section.',
        '# CHAPTER II',
        'Text.',
        '# BOOK TWO {.part}',
        '# CHAPTER I',
        'Text.',
        '# Notes {.back}',
        'A note.',
      ].join('\n\n'),
      meta,
    );
    expect(doc.front.map((s) => [s.id, s.kind, inlineText(s.title)])).toEqual([
      ['front-1', 'other', ''],
      ['front-2', 'preface', 'Preface'],
    ]);
    expect(doc.body.map((d) => [d.type, d.id, inlineText(d.title)])).toEqual([
      ['part', 'part-1', 'BOOK ONE: 1805'],
      ['part', 'part-2', 'BOOK TWO'],
    ]);
    const part = doc.body[0]!;
    expect(part.type === 'part' && part.blocks).toEqual([{ type: 'paragraph', children: [{ type: 'text', value: 'A part introduction.' }] }]);
    expect(allChapters(doc).map((c) => c.id)).toEqual(['ch-1', 'ch-2', 'ch-3']);
    const ch1 = allChapters(doc)[0]!;
    expect(ch1.blocks[0]).toEqual({
      type: 'paragraph',
      children: [
        { type: 'text', value: 'Well, Prince, so Genoa and Lucca are now ' },
        { type: 'emphasis', children: [{ type: 'text', value: 'just' }] },
        { type: 'text', value: ' family estates.' },
      ],
    });
    expect(ch1.blocks[1]).toEqual({ type: 'heading', level: 2, children: [{ type: 'text', value: '1' }] });
    expect(doc.back.map((s) => [s.id, s.kind])).toEqual([['back-1', 'notes']]);
  });

  it('reads verse with stanzas and indent levels, scene breaks and footnotes', () => {
    const doc = parseMarkdown(
      [
        '# Songs',
        '::: verse\nTwinkle, twinkle, little bat!\n  How I _wonder_ what you\'re at!\n\nUp above the world you fly,\n:::',
        '* * *',
        'A claim.[^1] Another.[^n2]',
        '[^1]: First note.',
        '[^n2]: Second note.',
      ].join('\n\n'),
      meta,
    );
    const ch = allChapters(doc)[0]!;
    expect(ch.blocks[0]).toEqual({
      type: 'verse',
      stanzas: [
        [
          { indent: 0, children: [{ type: 'text', value: 'Twinkle, twinkle, little bat!' }] },
          {
            indent: 1,
            children: [
              { type: 'text', value: 'How I ' },
              { type: 'emphasis', children: [{ type: 'text', value: 'wonder' }] },
              { type: 'text', value: " what you're at!" },
            ],
          },
        ],
        [{ indent: 0, children: [{ type: 'text', value: 'Up above the world you fly,' }] }],
      ],
    });
    expect(ch.blocks[1]).toEqual({ type: 'sceneBreak' });
    expect(ch.blocks[2]).toEqual({
      type: 'paragraph',
      children: [
        { type: 'text', value: 'A claim.' },
        { type: 'footnoteRef', id: 'fn-1' },
        { type: 'text', value: ' Another.' },
        { type: 'footnoteRef', id: 'fn-n2' },
      ],
    });
    expect(doc.footnotes).toEqual({
      'fn-1': [{ type: 'paragraph', children: [{ type: 'text', value: 'First note.' }] }],
      'fn-n2': [{ type: 'paragraph', children: [{ type: 'text', value: 'Second note.' }] }],
    });
  });

  it('makes one chapter titled with the book title when there is no heading', () => {
    const doc = parseMarkdown('Just text.\n\nMore text.', meta);
    expect(doc.front).toEqual([]);
    expect(doc.body).toEqual([
      {
        type: 'chapter',
        id: 'ch-1',
        title: [{ type: 'text', value: 'A Book' }],
        blocks: [
          { type: 'paragraph', children: [{ type: 'text', value: 'Just text.' }] },
          { type: 'paragraph', children: [{ type: 'text', value: 'More text.' }] },
        ],
      },
    ]);
  });

  it('keeps a paragraph\'s trailing {1} and escaped characters as text', () => {
    const doc = parseMarkdown('# Ch\n\nSection {1}\n\n\\# not a heading \\{2}', meta);
    expect(allChapters(doc)[0]!.blocks).toEqual([
      { type: 'paragraph', children: [{ type: 'text', value: 'Section {1}' }] },
      { type: 'paragraph', children: [{ type: 'text', value: '# not a heading {2}' }] },
    ]);
  });

  it('treats raw HTML as text and never throws on hostile input', () => {
    const doc = parseMarkdown('# <script>alert(1)</script>\n\n<img src=x onerror=alert(1)>', meta);
    expect(inlineText(allChapters(doc)[0]!.title)).toBe('<script>alert(1)</script>');
    for (const s of ['', '#', '# {.part}', ':::', '::: verse', '[^1]', '[^1]:', '>'.repeat(5000), '*'.repeat(10000), '[' .repeat(3000), '# a {.front}\n# b {.back}\n# c']) {
      expect(() => parseMarkdown(s, meta)).not.toThrow();
    }
  });

  it('gives XML-safe, unique footnote ids for odd labels', () => {
    const doc = parseMarkdown('# C\n\nA[^a b]. B[^a-b].\n\n[^a b]: one\n[^a-b]: two', meta);
    const ids = Object.keys(doc.footnotes);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z_][\w.-]*$/);
  });
});
