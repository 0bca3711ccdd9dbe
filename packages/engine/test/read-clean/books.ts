/**
 * Checks shared by the fixture and corpus tests: what must hold for every Gutenberg text, and what we
 * know about particular books' structure and metadata.
 */
import { expect } from 'vitest';
import { cleanText, type CleanResult } from '../../src/clean/index.ts';
import { parseMarkdown } from '../../src/markdown/parse.ts';
import { allChapters, inlineText, type BookDocument } from '../../src/model/book-document.ts';
import { readText, type ReadResult } from '../../src/read/index.ts';
import { gutenbergBody, wordSurvival } from './corpus-helpers.ts';

/** Strings of the Project Gutenberg header and licence that must not survive cleanup. */
export const LICENCE_MARKERS = [
  /Project Gutenberg/i,
  /SMALL PRINT/i,
  /gutenberg\.(?:org|net)/i,
  /\*\*\* ?(?:START|END) OF/i,
  /Gutenberg-tm/i,
  /Foundation/,
  /This eBook is for the use of anyone anywhere/i,
  /FULL LICENSE/i,
];

export interface BookRun {
  read: ReadResult;
  clean: CleanResult;
  doc: BookDocument;
  survival: number;
}

/** Reads, cleans and parses a file, and checks what must hold for every Gutenberg text. */
export function checkGutenbergBook(bytes: Uint8Array): BookRun {
  const read = readText(bytes);
  const clean = cleanText(read.text, { meta: read.meta });
  for (const marker of LICENCE_MARKERS) expect(clean.markdown).not.toMatch(marker);
  // The source's title page leaves the text for the book details (subtitle, translator, source credit ...): its
  // words are kept there.
  const details = Object.values(clean.meta).filter((v): v is string => typeof v === 'string').join('\n');
  const { share, missing } = wordSurvival(gutenbergBody(read.text), `${clean.markdown}\n${details}`);
  expect(share, `missing words: ${missing.slice(0, 40).join(' ')}`).toBeGreaterThanOrEqual(0.99);
  expect(cleanText(clean.markdown, { meta: read.meta }).markdown).toBe(clean.markdown);
  expect(clean.report.passes.map((p) => p.id)).toEqual([
    'whitespace', 'boilerplate', 'scanBoilerplate', 'pageMarkers', 'pageFurniture', 'corrections', 'correctionsList',
    'advertisements', 'ocrFixes', 'sceneBreaks', 'productionNotes', 'contents', 'indexPages', 'figures', 'creditLines', 'titleLines', 'splitChapters', 'headings', 'frontMatter', 'footnotes', 'tables', 'verse', 'dehyphenated',
    'splitWords', 'unwrapped', 'quotesCurled', 'dashes', 'ellipses', 'italicPunctuation', 'frenchSpaces', 'capitalsEmphasis', 'escaped', 'speeches',
    'letterParts', 'pieces', 'ending', 'blankLines',
  ]);
  expect(clean.report.passes.find((p) => p.id === 'boilerplate')!.count).toBeGreaterThan(100);
  const doc = parseMarkdown(clean.markdown, { title: 'Untitled', author: '', language: 'en', ...clean.meta });
  expect(allChapters(doc).length).toBe(clean.report.chaptersFound);
  expect(doc.body.filter((d) => d.type === 'part').length).toBe(clean.report.partsFound);
  return { read, clean, doc, survival: share };
}

/** Chapter headings of a document (label and title, `CHAPTER I. Down the Rabbit-Hole`), in order. */
export function chapterTitles(doc: BookDocument): string[] {
  return allChapters(doc).map((c) => [c.label, inlineText(c.title)].filter(Boolean).join(' '));
}
