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
  const { share, missing } = wordSurvival(gutenbergBody(read.text), clean.markdown);
  expect(share, `missing words: ${missing.slice(0, 40).join(' ')}`).toBeGreaterThanOrEqual(0.99);
  expect(cleanText(clean.markdown, { meta: read.meta }).markdown).toBe(clean.markdown);
  expect(clean.report.passes.map((p) => p.id)).toEqual([
    'whitespace', 'boilerplate', 'scanBoilerplate', 'pageMarkers', 'pageFurniture', 'ocrFixes', 'sceneBreaks',
    'productionNotes', 'contents', 'figures', 'creditLines', 'titleLines', 'headings', 'frontMatter', 'footnotes', 'verse', 'dehyphenated',
    'splitWords', 'unwrapped', 'quotesCurled', 'dashes', 'ellipses', 'italicPunctuation', 'frenchSpaces', 'escaped', 'speeches',
    'letterParts', 'blankLines',
  ]);
  expect(clean.report.passes.find((p) => p.id === 'boilerplate')!.count).toBeGreaterThan(100);
  const doc = parseMarkdown(clean.markdown, { title: 'Untitled', author: '', language: 'en', ...clean.meta });
  expect(allChapters(doc).length).toBe(clean.report.chaptersFound);
  expect(doc.body.filter((d) => d.type === 'part').length).toBe(clean.report.partsFound);
  return { read, clean, doc, survival: share };
}

/** Chapter titles of a document, in order. */
export function chapterTitles(doc: BookDocument): string[] {
  return allChapters(doc).map((c) => inlineText(c.title));
}
