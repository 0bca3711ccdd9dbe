/**
 * Issue 33: a plain-text `[Illustration: ...]` is the caption of a picture the text does not include. Cleanup makes
 * one caption of a tag over several lines (blank lines inside included, a publisher's imprint or a frontispiece
 * legend inside it), and every writer sets it as a caption, never as an empty figure or an image without a file.
 * The excerpts are copied from the corpus books named in each case.
 */
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanText } from '../../src/clean/index.ts';
import { kdp6x9Layout } from '../../src/layout/kdp-6x9.ts';
import { allChapters, type Block, type BookDocument } from '../../src/model/book-document.ts';
import { parseMarkdown } from '../../src/markdown/parse.ts';
import { serializeMarkdown } from '../../src/markdown/serialize.ts';
import { writeDocx } from '../../src/write/docx/index.ts';
import { writeEpub } from '../../src/write/epub/index.ts';
import { writeHtml } from '../../src/write/html/index.ts';
import { writeTypst } from '../../src/write/typst/index.ts';
import { epubcheck, problems } from './helpers.ts';

const prose = (n: number) => Array.from({ length: n }, (_, i) => `Line ${i + 1} of the chapter holds ordinary text that runs on to the margin.`).join('\n');

/** pg1342 2020s (Pride and Prejudice, George Allen 1894): the publisher's device and the frontispiece's legend. */
const PRIDE = `                            [Illustration:

                             GEORGE ALLEN
                               PUBLISHER

                        156 CHARING CROSS ROAD
                                LONDON

                             RUSKIN HOUSE
                                   ]

                            [Illustration:

               _Reading Jane’s Letters._      _Chap 34._
                                   ]




CHAPTER II.


${prose(6)}

[Illustration:

“He came down to see the place”

[_Copyright 1894 by George Allen._]]

${prose(4)}
`;

/** pg21054 (People's Handy Atlas of the World, 1910): map titles, one over a blank line, one with its imprint. */
const ATLAS = `CHAPTER I.


${prose(6)}


[Illustration: THE WORLD

ON MERCATOR'S PROJECTION]


[Illustration: UNITED STATES

Published by
The Geographical Pub. Co.
CHICAGO]


${prose(4)}
`;

/** pg14790 (Contes du jour et de la nuit): a story's title, its picture's caption under it. */
const CONTES = `CHAPITRE I.


LE VIEUX

[Illustration: LE VIEUX]

Un tiède soleil d'automne tombait dans la cour de ferme, par-dessus les
grands hêtres des fossés. Sous le gazon tondu parles vaches, la terre,
imprégnée de pluie récente, était moite, enfonçait sous les pieds avec un
bruit d'eau; et les pommiers chargés de pommes semaient leurs fruits d'un
vert pâle, dans le vert foncé de l'herbage.
`;

function figures(doc: BookDocument): Extract<Block, { type: 'figure' }>[] {
  return [...doc.front.flatMap((s) => s.blocks), ...allChapters(doc).flatMap((c) => c.blocks)].filter((b) => b.type === 'figure');
}

function book(text: string, title: string): { markdown: string; doc: BookDocument } {
  const { markdown } = cleanText(text, { meta: { title, author: 'Anon', language: 'en' } });
  return { markdown, doc: parseMarkdown(markdown, { title, author: 'Anon', language: 'en' }) };
}

describe('cleanup: one caption per illustration tag', () => {
  it("pg1342 2020s: the publisher's imprint and the frontispiece legend are captions, not title-page lines or verse", () => {
    const { markdown, doc } = book(PRIDE, 'Pride and Prejudice');
    expect(markdown).not.toContain('::: verse');
    expect(markdown).not.toContain('[Illustration');
    expect(figures(doc).map((f) => f.alt)).toEqual([
      'GEORGE ALLEN PUBLISHER 156 CHARING CROSS ROAD LONDON RUSKIN HOUSE',
      'Reading Jane’s Letters. Chap 34.',
      '“He came down to see the place” [Copyright 1894 by George Allen.]',
    ]);
    expect(figures(doc).every((f) => f.src === undefined)).toBe(true);
  });

  it('pg21054: a tag over a blank line is one caption; words inside captions are kept', () => {
    const { markdown, doc } = book(ATLAS, "People's Handy Atlas");
    expect(figures(doc).map((f) => f.alt)).toEqual(['THE WORLD ON MERCATOR’S PROJECTION', 'UNITED STATES Published by The Geographical Pub. Co. CHICAGO']);
    expect(markdown).not.toContain('::: verse');
    for (const word of ['MERCATOR’S', 'PROJECTION', 'Geographical', 'CHICAGO']) expect(markdown).toContain(word);
  });

  it('pg14790: the caption under a title', () => {
    const { doc } = book(CONTES, 'Contes du jour et de la nuit');
    expect(figures(doc).map((f) => f.alt)).toEqual(['LE VIEUX']);
  });

  it('round trip: the caption form serializes and parses back to the same document', () => {
    for (const text of [PRIDE, ATLAS, CONTES]) {
      const { doc } = book(text, 'T');
      const again = parseMarkdown(serializeMarkdown(doc), doc.meta);
      expect(again.body).toEqual(doc.body);
      expect(again.front).toEqual(doc.front);
    }
  });
});

describe('writers: a caption without its picture is set as a caption', () => {
  const { doc } = book(PRIDE + '\n' + ATLAS.replace('CHAPTER I.', 'CHAPTER III.'), 'Pride and Prejudice');
  let epub: Uint8Array;
  let docxXml: string;
  beforeAll(async () => {
    epub = await writeEpub(doc, kdp6x9Layout);
    const zip = await JSZip.loadAsync(await writeDocx(doc, kdp6x9Layout));
    docxXml = (await zip.file('word/document.xml')?.async('string')) ?? '';
  });

  it('EPUB: caption paragraphs, no figure and no image; EPUBCheck passes', async () => {
    const zip = await JSZip.loadAsync(epub);
    const xhtml = (await Promise.all(zip.file(/\.xhtml$/).map((f) => f.async('string')))).join('\n');
    expect(xhtml).toContain('<p class="caption">THE WORLD ON MERCATOR’S PROJECTION</p>');
    expect(xhtml).toContain('<p class="caption"><em>Reading Jane’s Letters.</em> <em>Chap 34.</em></p>');
    expect(xhtml).not.toMatch(/<figure|<img/);
    expect(zip.file(/^EPUB\/images\//)).toEqual([]);
    expect(problems(await epubcheck(epub))).toEqual([]);
  });

  it('HTML: a centred italic caption paragraph', () => {
    const html = writeHtml(doc, kdp6x9Layout, { variant: 'print' });
    expect(html).toContain('<p class="caption">UNITED STATES Published by The Geographical Pub. Co. CHICAGO</p>');
    expect(html).not.toMatch(/<figure|<img/);
    expect(html).toMatch(/p\.caption \{ text-align: center;[^}]*font-style: italic;/);
  });

  it('DOCX: one Caption paragraph per caption, no picture', () => {
    expect((docxXml.match(/<w:pStyle w:val="Caption"\/>/g) ?? []).length).toBe(figures(doc).length);
    expect(docxXml).not.toContain('<w:drawing');
    expect(docxXml).not.toContain('<w:pStyle w:val="Figure"/>');
    expect(docxXml).toContain('MERCATOR’S PROJECTION');
  });

  it('PDF (Typst): a centred italic caption block, no image', () => {
    const typst = writeTypst(doc, kdp6x9Layout);
    expect(typst).toContain('#quire-figure[THE WORLD ON MERCATOR’S PROJECTION]');
    expect(typst).not.toMatch(/#figure\(|image\("/);
  });
});
