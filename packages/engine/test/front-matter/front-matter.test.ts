/**
 * Front matter: dedication and epigraph pages without a heading (pass `frontMatter`), front-matter names
 * of older and non-English books (`detect-headings.ts` + `detect-front-matter.ts`), volunteer credits
 * above the title page (pass `creditLines`). Each case runs the whole cleanup, checks the Markdown and
 * the document the writers get, that a second cleanup changes nothing and that no word is lost.
 */
import { describe, expect, it } from 'vitest';
import { cleanText } from '../../src/clean/index.ts';
import { parseMarkdown } from '../../src/markdown/parse.ts';
import { chapterHeadingText, allChapters, inlineText, type BookDocument } from '../../src/model/book-document.ts';
import { detectFrontMatter, classifyFrontHeading } from '../../src/structure/detect-front-matter.ts';
import { isNameList } from '../../src/clean/passes/drop-credit-lines.ts';
import { wordSurvival } from '../read-clean/corpus-helpers.ts';

const META = { title: 'The Test Book', author: 'Ann Author', language: 'en' };

/** Gutenberg's layout: four blank lines before a chapter heading, two after. */
const CHAPTER_ONE = `\n\n\n\nCHAPTER I\n\n\nIt was a dark and stormy night; the rain fell in torrents, except at occasional\nintervals, when it was checked by a violent gust of wind.\n\nCHAPTER II\n\nThe second chapter begins here and goes on for a while as chapters do.\n`;

function clean(text: string, meta: Partial<typeof META> = META) {
  const result = cleanText(text, { meta });
  const doc = parseMarkdown(result.markdown, { ...META, ...meta });
  return { ...result, doc };
}

/** `kind(title)` of each front section; an untitled section shows its kind only. */
function fronts(doc: BookDocument): string[] {
  return doc.front.map((s) => (inlineText(s.title) ? `${s.kind}(${inlineText(s.title)})` : s.kind));
}

function frontText(doc: BookDocument, kind: string): string {
  const section = doc.front.find((s) => s.kind === kind);
  return JSON.stringify(section?.blocks ?? null);
}

function checkStable(text: string, markdown: string, meta: Partial<typeof META> = META): void {
  expect(cleanText(markdown, { meta }).markdown).toBe(markdown);
  expect(wordSurvival(text, markdown).missing).toEqual([]);
}

describe('dedication without a heading', () => {
  it('"To my mother" before the first chapter is an untitled dedication section', () => {
    const text = `To my mother,\nwho taught me to read.${CHAPTER_ONE}`;
    const { markdown, doc, report } = clean(text);
    // Its lines are kept as set (the verse pass keeps short lines line by line).
    expect(markdown).toMatch(/^# \{\.front \.dedication\}\n\n::: verse\nTo my mother,\nwho taught me to read\.\n:::\n\n# CHAPTER I\n/);
    expect(fronts(doc)).toEqual(['dedication']);
    expect(allChapters(doc)).toHaveLength(2);
    expect(report.chaptersFound).toBe(2);
    expect(report.passes.find((p) => p.id === 'frontMatter')!.count).toBe(1);
    checkStable(text, markdown);
  });

  it('keeps the title-page lines before it as the untitled section, and takes the dedication\'s short blocks with it', () => {
    // The 1818 Frankenstein dedication, one line per block as plain-text editions set it.
    const text = [
      'A Tale of Two Lands',
      'Translated by Somebody Else',
      'TO',
      'WILLIAM GODWIN,',
      'AUTHOR OF POLITICAL JUSTICE, CALEB WILLIAMS, &c.',
      'THESE VOLUMES',
      'ARE RESPECTFULLY INSCRIBED',
      'BY',
      'THE AUTHOR.',
    ].join('\n\n') + CHAPTER_ONE;
    const { markdown, doc } = clean(text);
    expect(fronts(doc)).toEqual(['other', 'dedication']);
    expect(frontText(doc, 'other')).toContain('Translated by Somebody Else');
    expect(frontText(doc, 'dedication')).toContain('WILLIAM GODWIN');
    expect(frontText(doc, 'dedication')).toContain('THE AUTHOR.');
    checkStable(text, markdown);
  });

  it('ends the dedication at a copyright line, which goes on in an untitled front section', () => {
    const text = `Dedicated to the memory of my father\n\nCopyright, 1909, by J. N. Lenker.${CHAPTER_ONE}`;
    const { markdown, doc } = clean(text);
    expect(markdown).toContain('# {.front .dedication}\n\nDedicated to the memory of my father\n\n# {.front}\n\nCopyright, 1909');
    expect(fronts(doc)).toEqual(['dedication', 'other']);
    checkStable(text, markdown);
  });

  it('"these illustrations are gratefully inscribed" is a dedication', () => {
    const text = `To Joseph Carr in acknowledgment of all I owe to his friendship and advice, these illustrations are\ngratefully inscribed.\n\nHugh Thomson${CHAPTER_ONE}`;
    const { doc, markdown } = clean(text);
    expect(fronts(doc)).toEqual(['dedication']);
    expect(frontText(doc, 'dedication')).toContain('Hugh Thomson');
    checkStable(text, markdown);
  });

  it('leaves prose that opens with "To" alone, and anything after the first prose paragraph', () => {
    const prose = 'To be or not to be, that was the question he asked himself every single morning when the alarm rang and the cold grey light crept over the sill of the window into the small room where he slept, and he never found an answer that satisfied him for more than a day or two at the most, which was a pity.';
    const text = `${prose}\n\nTo my mother.${CHAPTER_ONE}`;
    const { doc, report } = clean(text);
    expect(fronts(doc)).toEqual(['other']);
    expect(report.passes.find((p) => p.id === 'frontMatter')!.count).toBe(0);
  });

  it('does nothing in a book without headings (the whole text is one chapter)', () => {
    const text = 'To my mother.\n\nIt was a dark and stormy night; the rain fell in torrents.\n';
    const { doc, report } = clean(text);
    expect(report.passes.find((p) => p.id === 'frontMatter')!.count).toBe(0);
    expect(doc.front).toEqual([]);
    expect(allChapters(doc)).toHaveLength(1);
  });

  it('does not split an illustration tag that runs over blank lines: the illustrator\'s dedication plate is one caption, on a dedication page (pg1342 2020s)', () => {
    const text = `[Illustration:\n\n      To J. Comyns Carr\n  these illustrations are\n      gratefully inscribed\n                ]${CHAPTER_ONE}`;
    const { doc, markdown } = clean(text);
    expect(markdown).not.toContain('[Illustration');
    expect(fronts(doc)).toEqual(['dedication']);
    expect(doc.front[0]!.blocks).toEqual([
      { type: 'figure', alt: 'To J. Comyns Carr these illustrations are gratefully inscribed', caption: [{ type: 'text', value: 'To J. Comyns Carr these illustrations are gratefully inscribed' }] },
    ]);
    // Every word is kept but the tag's own `Illustration`.
    expect(cleanText(markdown, { meta: META }).markdown).toBe(markdown);
    expect(wordSurvival(text, markdown).missing).toEqual(['illustration']);
  });
});

describe('epigraph without a heading', () => {
  it('a verse quotation with a dash attribution is an epigraph section; its lines stay verse', () => {
    const text = `A Tale of Two Lands\n\n"Did I request thee, Maker, from my clay\nTo mould me Man, did I solicit thee\nFrom darkness to promote me?"\n\n--Paradise Lost${CHAPTER_ONE}`;
    const { markdown, doc } = clean(text);
    expect(fronts(doc)).toEqual(['other', 'epigraph']);
    const epigraph = doc.front[1]!;
    expect(epigraph.title).toEqual([]);
    expect(epigraph.blocks[0]!.type).toBe('verse');
    expect(JSON.stringify(epigraph.blocks[1])).toContain('—Paradise Lost');
    checkStable(text, markdown);
  });

  it('a source set far to the right counts as the attribution', () => {
    const text = `All in the golden afternoon\nFull leisurely we glide;\nFor both our oars, with little skill,\nBy little arms are plied;\n\n                              Lewis Carroll${CHAPTER_ONE}`;
    const { doc, markdown } = clean(text);
    expect(fronts(doc)).toEqual(['epigraph']);
    checkStable(text, markdown);
  });

  it('the author signing verse is an epigraph (an inscription)', () => {
    const text = `     Come, said my soul,\n     Such verses for my Body let us write, (for we are one,)\n     That should I after return,\n\n     Ann Author${CHAPTER_ONE}`;
    expect(fronts(clean(text).doc)).toEqual(['epigraph']);
    // The same lines signed by someone else, without a dash, are left as they are.
    expect(fronts(clean(text.replace('Ann Author', 'Bob Other')).doc)).toEqual(['other']);
  });

  it('several quotations in a row are one epigraph; a dedication after it is its own page', () => {
    const text = [
      '"The sea is His, and He made it."\n\n—Psalms',
      '"Very like a whale." —Hamlet.',
      '       *       *       *       *       *',
      'To my brother',
    ].join('\n\n') + CHAPTER_ONE;
    const { doc, markdown } = clean(text);
    expect(fronts(doc)).toEqual(['epigraph', 'dedication']);
    expect(frontText(doc, 'epigraph')).toContain('Very like a whale');
    expect(frontText(doc, 'epigraph')).not.toContain('sceneBreak');
    checkStable(text, markdown);
  });

  it('a quotation with no source is not an epigraph', () => {
    const text = `"It is a truth universally acknowledged."${CHAPTER_ONE}`;
    expect(fronts(clean(text).doc)).toEqual(['other']);
  });
});

describe('front-matter headings', () => {
  it.each([
    ['ADVERTISEMENT.', 'preface'],
    ["THE AUTHOR'S APOLOGY FOR HIS BOOK", 'preface'],
    ['Zueignung.', 'dedication'],
    ['_Dedication_', 'dedication'],
    ['_Foreword_', 'foreword'],
    ['PROEM', 'preface'],
  ])('%s before the first chapter heads a front section of kind %s', (heading, kind) => {
    const text = `\n\n\n\n${heading}\n\nA short notice to the reader, set before the book, in a paragraph of its own.${CHAPTER_ONE}`;
    const { doc, markdown } = clean(text);
    expect(doc.front.map((s) => s.kind)).toEqual([kind]);
    expect(inlineText(doc.front[0]!.title)).toBe(heading.replace(/_/g, '').replace("'", '’'));
    expect(allChapters(doc)).toHaveLength(2);
    checkStable(text, markdown);
  });

  it('classifies only whole names: an apology inside a sentence is not a heading', () => {
    expect(classifyFrontHeading('An apology is owed to the reader')).toBeUndefined();
    expect(classifyFrontHeading('_Some italic words_')).toBeUndefined();
    expect(classifyFrontHeading('Widmung')).toEqual({ text: 'Widmung', sectionKind: 'dedication' });
  });

  it('a front-matter name after the body has begun does not open a front section', () => {
    const text = `${CHAPTER_ONE}\n\n\n\nADVERTISEMENT.\n\nA notice that the author put between the chapters of the book, oddly.\n\nCHAPTER III\n\nMore text.\n`;
    const { doc } = clean(text);
    expect(doc.front).toEqual([]);
    expect(allChapters(doc).map((c) => chapterHeadingText(c))).toEqual(['CHAPTER I', 'CHAPTER II', 'CHAPTER III']);
  });
});

describe('detectFrontMatter', () => {
  const block = (text: string, blankBefore = 1) => ({ lines: text.split('\n'), blankBefore });

  it('returns ranges of blocks in order, and stops at the first prose', () => {
    const prose = 'x '.repeat(200);
    expect(detectFrontMatter([block('To my wife'), block('"Quoted."'), block('—Someone'), block(prose), block('To my mother')])).toEqual([
      { start: 0, end: 1, kind: 'dedication' },
      { start: 1, end: 3, kind: 'epigraph' },
    ]);
  });

  it('reads a Markdown blockquote with its source as an epigraph (readers\' Markdown)', () => {
    expect(detectFrontMatter([block('> Quoted words of wisdom\n> —A. Sage')])).toEqual([{ start: 0, end: 1, kind: 'epigraph' }]);
  });
});

describe('volunteer credits above the title page', () => {
  it('drops "An Anonymous Volunteer, and David Widger" above the title and reports it', () => {
    const text = `An Anonymous Volunteer, and David Widger\n\n\n\nTHE TEST BOOK\n\nBy Someone Else${CHAPTER_ONE}`;
    const { markdown, report } = clean(text);
    expect(markdown).not.toContain('Volunteer');
    expect(report.passes.find((p) => p.id === 'creditLines')!.count).toBe(1);
  });

  it('keeps names that are not followed by the title', () => {
    const text = `Judith Boss and David Meltzer\n\nA Different Heading${CHAPTER_ONE}`;
    const { markdown, report } = clean(text);
    expect(markdown).toContain('Judith Boss and David Meltzer');
    expect(report.passes.find((p) => p.id === 'creditLines')!.count).toBe(0);
  });

  it('recognises lists of names only', () => {
    expect(isNameList('Judith Boss, Christy Phillips, Lynn Hanninen and David Meltzer')).toBe(true);
    expect(isNameList('An Anonymous Volunteer')).toBe(true);
    expect(isNameList('David Widger')).toBe(false);
    expect(isNameList('Pride and Prejudice')).toBe(false);
    expect(isNameList('It was the best of times, and the worst')).toBe(false);
  });
});
