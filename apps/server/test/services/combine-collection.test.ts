import { describe, expect, it } from 'vitest';
import { allChapters, chapterHeadingText, inlineText, parseMarkdown } from '@quire/engine';
import {
  collectionAuthor,
  combineCollection,
  combineReports,
  escapeHeadingText,
  orderTexts,
  quoteAttributeValue,
  textAsPart,
  VARIOUS_AUTHORS,
} from '../../src/services/combine-collection.ts';

const META = { title: 'A Collection', author: 'Various', language: 'en' };
const titles = (xs: { title: string }[]) => xs.map((x) => x.title);

describe('orderTexts', () => {
  const texts = [
    { title: 'The Raven', author: 'Edgar Allan Poe' },
    { title: 'Ode to a Nightingale', author: null },
    { title: 'a Dream Within a Dream', author: 'Edgar Allan Poe' },
    { title: 'Kubla Khan', author: 'Samuel Taylor Coleridge' },
    { title: 'Annabel Lee', author: 'edgar allan poe' },
  ];

  it('sequential keeps the order of the URLs', () => {
    expect(orderTexts(texts, 'sequential')).toEqual(texts);
  });

  it('by_author groups by author (case-insensitive, unknown last), input order within an author', () => {
    expect(titles(orderTexts(texts, 'by_author'))).toEqual([
      'The Raven',
      'a Dream Within a Dream',
      'Annabel Lee',
      'Kubla Khan',
      'Ode to a Nightingale',
    ]);
  });

  it('by_title sorts by title, case-insensitively', () => {
    expect(titles(orderTexts(texts, 'by_title'))).toEqual([
      'a Dream Within a Dream',
      'Annabel Lee',
      'Kubla Khan',
      'Ode to a Nightingale',
      'The Raven',
    ]);
  });

  it('does not change its input', () => {
    const copy = [...texts];
    orderTexts(texts, 'by_title');
    expect(texts).toEqual(copy);
  });
});

describe('collectionAuthor', () => {
  it('uses the given author when it is not blank', () => {
    expect(collectionAuthor('  The Editors ', [{ author: 'A' }, { author: 'B' }])).toBe('The Editors');
  });
  it('else the author every text shares', () => {
    expect(collectionAuthor('  ', [{ author: 'Jane Austen' }, { author: 'jane austen' }])).toBe('Jane Austen');
  });
  it("else 'Various' (different or unknown authors)", () => {
    expect(collectionAuthor(undefined, [{ author: 'Jane Austen' }, { author: 'Lewis Carroll' }])).toBe(VARIOUS_AUTHORS);
    expect(collectionAuthor(undefined, [{ author: 'Jane Austen' }, { author: null }])).toBe(VARIOUS_AUTHORS);
    expect(collectionAuthor(undefined, [{ author: null }, { author: null }])).toBe(VARIOUS_AUTHORS);
  });
});

describe('combineCollection', () => {
  const alice = {
    title: "Alice's Adventures in Wonderland",
    author: 'Lewis Carroll',
    markdown: [
      '# Preface {.front .preface}',
      '',
      'A note before the story.[^1]',
      '',
      '# CHAPTER I. Down the Rabbit-Hole',
      '',
      'Alice was beginning to get very tired.',
      '',
      '# CHAPTER II. The Pool of Tears',
      '',
      '"Curiouser and curiouser!" cried Alice.',
      '',
      '[^1]: Alice\u2019s note.',
    ].join('\n'),
  };
  const poem = {
    title: 'The Raven',
    author: 'Edgar Allan Poe',
    markdown: '::: verse\nOnce upon a midnight dreary, while I pondered, weak and weary,\n:::\n\nA line with a note.[^1]\n\n[^1]: Poe\u2019s note.\n',
  };
  const epic = {
    title: 'War and Peace',
    author: 'Leo Tolstoy',
    markdown: '# BOOK ONE: 1805 {.part}\n\n# CHAPTER I\n\n"Well, Prince."\n\n# Notes {.back .notes}\n\nSome notes.\n',
  };

  it('makes each text a part holding its own chapters; a text without chapters becomes one chapter', () => {
    const doc = parseMarkdown(combineCollection([alice, poem, epic]), META);
    expect(doc.front).toEqual([]);
    expect(doc.back).toEqual([]);
    expect(doc.body.map((d) => [d.type, inlineText(d.title)])).toEqual([
      ['part', "Alice's Adventures in Wonderland"],
      ['part', 'The Raven'],
      ['part', 'War and Peace'],
    ]);
    const chaptersOf = (i: number) => {
      const part = doc.body[i]!;
      return part.type === 'part' ? part.chapters.map((c) => chapterHeadingText(c)) : [];
    };
    // Each part names its text's author (`{.part author="..."}`), which the parser reads into Part.author.
    expect(doc.body.map((d) => (d.type === 'part' ? d.author : undefined))).toEqual(['Lewis Carroll', 'Edgar Allan Poe', 'Leo Tolstoy']);
    expect(chaptersOf(0)).toEqual(['Preface', 'CHAPTER I. Down the Rabbit-Hole', 'CHAPTER II. The Pool of Tears']);
    expect(chaptersOf(1)).toEqual(['The Raven']);
    expect(chaptersOf(2)).toEqual(['BOOK ONE: 1805', 'CHAPTER I', 'Notes']);
    expect(allChapters(doc)).toHaveLength(7);
  });

  it('keeps the footnotes of different texts apart', () => {
    const doc = parseMarkdown(combineCollection([alice, poem]), META);
    const notes = Object.values(doc.footnotes).map((blocks) =>
      blocks.map((b) => (b.type === 'paragraph' ? inlineText(b.children) : '')).join(''),
    );
    expect(notes.sort()).toEqual(['Alice\u2019s note.', 'Poe\u2019s note.']);
  });

  it('keeps every word of every text', () => {
    const words = (s: string) => s.match(/[\p{L}\p{N}]+/gu) ?? [];
    const combined = words(combineCollection([alice, poem, epic]));
    for (const text of [alice, poem, epic]) {
      for (const w of words(text.markdown).filter((x) => !['front', 'preface', 'part', 'back', 'notes'].includes(x))) {
        expect(combined).toContain(w);
      }
    }
  });

  it('writes the author on the part heading when it is known, quoted with its double quotes escaped', () => {
    expect(textAsPart({ title: 'Emma', author: ' Jane Austen ', markdown: 'Text.' }, 1)).toBe('# Emma {.part author="Jane Austen"}\n\n# Emma\n\nText.');
    expect(textAsPart({ title: 'Emma', author: null, markdown: 'Text.' }, 1)).toBe('# Emma {.part}\n\n# Emma\n\nText.');
    expect(textAsPart({ title: 'Emma', author: '  ', markdown: 'Text.' }, 1)).toBe('# Emma {.part}\n\n# Emma\n\nText.');
    expect(quoteAttributeValue('Dwight "Mac" Moody')).toBe(String.raw`"Dwight \"Mac\" Moody"`);
    expect(quoteAttributeValue('A\\B {ed.}\nC')).toBe(String.raw`"A\\B (ed.) C"`);
    const doc = parseMarkdown(combineCollection([{ title: 'Sermons', author: 'Dwight "Mac" Moody', markdown: 'Text.' }]), META);
    expect(doc.body.map((d) => [d.type, inlineText(d.title), d.type === 'part' ? d.author : undefined])).toEqual([['part', 'Sermons', 'Dwight "Mac" Moody']]);
  });

  it("reads a text's own part heading with an author as a chapter of its part", () => {
    const part = textAsPart({ title: 'Both', author: null, markdown: '# The Raven {.part author="Edgar Allan Poe"}\n\nOnce upon a midnight dreary.' }, 1);
    expect(part).toBe('# Both {.part}\n\n# The Raven\n\nOnce upon a midnight dreary.');
    const curly = textAsPart({ title: 'Both', author: null, markdown: '# Dubliners {.part author=“James Joyce”}\n\nText.' }, 1);
    expect(curly).toBe('# Both {.part}\n\n# Dubliners\n\nText.');
  });

  it('leaves fenced code alone', () => {
    const part = textAsPart({ title: 'Code', author: null, markdown: '# Listing\n\n```\n# not a heading {.part}\n[^1]\n```\n' }, 2);
    expect(part).toContain('```\n# not a heading {.part}\n[^1]\n```');
  });

  it('escapes titles so that they stay plain text in the heading', () => {
    expect(escapeHeadingText('*Emma* {.back} & [Persuasion]\n#1')).toBe('\\*Emma\\* \\{.back\\} \\& \\[Persuasion\\] \\#1');
    const doc = parseMarkdown(combineCollection([{ title: 'Ballads {.back} #2', author: null, markdown: 'Text.' }]), META);
    expect(doc.body.map((d) => [d.type, inlineText(d.title)])).toEqual([['part', 'Ballads {.back} #2']]);
  });
});

describe('combineReports', () => {
  it('sums the counts of each pass over the texts and takes the totals given', () => {
    const a = { passes: [{ id: 'boilerplate', label: 'Boilerplate lines removed', count: 300 }, { id: 'hardWraps', label: 'Lines joined', count: 10 }], chaptersFound: 2, partsFound: 0, wordCount: 100 };
    const b = { passes: [{ id: 'boilerplate', label: 'Boilerplate lines removed', count: 12 }, { id: 'pgHtml', label: 'Page numbers removed', count: 4 }], chaptersFound: 1, partsFound: 0, wordCount: 50 };
    expect(combineReports([a, null, b], { chaptersFound: 4, partsFound: 3, wordCount: 160 })).toEqual({
      passes: [
        { id: 'boilerplate', label: 'Boilerplate lines removed', count: 312 },
        { id: 'hardWraps', label: 'Lines joined', count: 10 },
        { id: 'pgHtml', label: 'Page numbers removed', count: 4 },
      ],
      chaptersFound: 4,
      partsFound: 3,
      wordCount: 160,
    });
  });
});
