/**
 * A book's Typst source compiled as a file per chapter (`write/typst/files.ts`) sets the same book as the one file
 * `writeTypst` returns: judged by poppler on real books (a novel with chapters, a history with notes, poems in parts), page
 * by page. And the split is what the compiler's cache needs: one file per chapter and part, each importing the
 * template's definitions.
 */
import { describe, expect, it } from 'vitest';
import { getLayout, writeTypst } from '../../src/index.ts';
import { FILE_BREAK, splitTypstSource } from '../../src/write/typst/files.ts';
import { typesetTypst } from '../../src/write/typst/compile.ts';
import { loadProofBook } from '../proof/proof-books.ts';
import { allPageTexts, pdfFile } from './poppler.ts';

/** The text of every page of a typeset source. */
function pageTexts(source: string, assets: Parameters<typeof typesetTypst>[1]): string[] {
  const file = pdfFile(typesetTypst(source, assets).pdf);
  try {
    return allPageTexts(file.path);
  } finally {
    file.dispose();
  }
}

describe('Typst source split into a file per chapter', () => {
  it('has a file per part and chapter, each importing the template, and keeps every line of the source', async () => {
    const doc = await loadProofBook('frankenstein');
    const source = writeTypst(doc, getLayout('classic-literature'));
    const { main, files } = splitTypstSource(source);
    const units = doc.body.reduce((n, d) => n + 1 + (d.type === 'part' ? d.chapters.length : 0), 0);
    // The preamble module and one file per unit.
    expect(files.size).toBe(units + 1);
    const unitTexts = [...files].filter(([path]) => path !== '/quire-preamble.typ').map(([, text]) => text);
    expect(unitTexts.every((t) => t.startsWith('#import "/quire-preamble.typ": *\n'))).toBe(true);
    expect(main.match(/^#include "\/quire-unit-\d+\.typ"$/gm)).toHaveLength(units);
    // Every line of the source is in the main file or a unit file, in order.
    const rebuilt = [main.replace(/\n\n#include[\s\S]*$/, ''), ...unitTexts.map((t) => t.slice(t.indexOf('\n') + 1))].join(`\n${FILE_BREAK}\n`);
    expect(rebuilt).toBe(source);
  });

  it.each([
    ['frankenstein', 'classic-literature'],
    ['gibbon', 'kdp-6x9'],
    ['leaves', 'kdp-6x9'],
  ] as const)('%s in %s: the same pages as the source compiled as one file', async (book, layoutId) => {
    const doc = await loadProofBook(book);
    const source = writeTypst(doc, getLayout(layoutId), { balanceSpreads: false });
    const whole = source.replaceAll(`\n${FILE_BREAK}\n`, '\n');
    expect(splitTypstSource(whole).files.size).toBe(0);
    const split = pageTexts(source, doc.assets);
    const single = pageTexts(whole, doc.assets);
    expect(split.length).toBeGreaterThan(100);
    expect(split).toEqual(single);
  });
});
