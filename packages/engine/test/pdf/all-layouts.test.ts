/**
 * Every built-in layout typesets to PDF and embeds only families of the fonts registry (body and heading
 * families, never a host font such as Liberation, DejaVu or Libertinus). Page sizes and margins of every layout
 * are proved on real books by the proof matrix (`test/proof/pdf-proof.test.ts`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '../../src/errors.ts';
import { shippedFonts } from '../../src/layout/fonts.ts';
import { layouts } from '../../src/layout/index.ts';
import type { BookDocument } from '../../src/model/book-document.ts';
import { writeTypst } from '../../src/write/typst/index.ts';
import { compileTypstToPdf, PdfProcessPool, writePdf } from '../../src/write/typst/pdf.ts';
import { p, prose, t } from './fixtures.ts';
import { fonts, pdfFile, type PdfFile } from './poppler.ts';

/** A short book that sets every face: roman, italic, bold, bold italic, headings, running heads, a note. */
function smallBook(): BookDocument {
  return {
    meta: { title: 'Every Layout', author: 'Lay Out', language: 'en' },
    front: [{ type: 'section', kind: 'preface', id: 'front-1', title: [t('Preface')], blocks: [p(prose(1, 80))] }],
    body: [
      {
        type: 'chapter',
        id: 'ch-1',
        title: [t('The First Chapter')],
        blocks: [
          p(prose(2, 250)),
          {
            type: 'paragraph',
            children: [
              t('Roman, '),
              { type: 'emphasis', children: [t('italic')] },
              t(', '),
              { type: 'strong', children: [t('bold')] },
              t(', '),
              { type: 'strong', children: [{ type: 'emphasis', children: [t('bold italic')] }] },
              t(' and '),
              { type: 'smallCaps', children: [t('Small Caps')] },
              t(' — “quoted” ‘words’ … with a note'),
              { type: 'footnoteRef', id: 'n1' },
              t('.'),
            ],
          },
          { type: 'sceneBreak' },
          { type: 'heading', level: 2, children: [t('A Sub-heading')] },
          p(prose(3, 400)),
        ],
      },
      { type: 'chapter', id: 'ch-2', title: [t('The Second Chapter')], blocks: [p(prose(4, 300))] },
    ],
    back: [],
    footnotes: { n1: [p('The text of the note.')] },
    assets: {},
  };
}

/** PostScript names of a registry family's four styles, as Typst embeds them (`EBGaramond-BoldItalic`). */
function postScriptNames(family: string): string[] {
  const base = family.replace(/\s+/g, '');
  return ['Regular', 'Italic', 'Bold', 'BoldItalic'].map((style) => `${base}-${style}`);
}

/** Registry family of an embedded font name, or `undefined` for a font not in the registry. */
function registryFamily(fontName: string): string | undefined {
  return Object.keys(shippedFonts).find((family) => postScriptNames(family).includes(fontName));
}

const ids = Object.keys(layouts);
const files = new Map<string, PdfFile>();

beforeAll(() => {
  for (const id of ids) files.set(id, pdfFile(compileTypstToPdf(writeTypst(smallBook(), layouts[id]!))));
});

afterAll(() => {
  for (const file of files.values()) file.dispose();
});

describe('every built-in layout to PDF', () => {
  it('covers the whole registry: six templates and seven style guides', () => {
    expect(ids.length).toBeGreaterThanOrEqual(13);
  });

  it.each(ids)('%s embeds only its registry families, body and heading', (id) => {
    const layout = layouts[id]!;
    const list = fonts(files.get(id)!.path);
    expect(list.length).toBeGreaterThan(0);
    for (const font of list) {
      expect(font.embedded, font.name).toBe(true);
      expect(font.name).not.toMatch(/Liberation|DejaVu|Libertinus|Nimbus|TeXGyre/i);
      expect(registryFamily(font.name), `${font.name} is not a registry family`).toBeDefined();
    }
    const families = new Set(list.map((font) => registryFamily(font.name)));
    expect([...families].sort()).toEqual([...new Set([layout.fontFamily, layout.headingFontFamily])].sort());
    // The body is set in its roman, italic, bold and bold italic.
    const body = new Set(list.filter((font) => registryFamily(font.name) === layout.fontFamily).map((font) => font.name));
    for (const name of postScriptNames(layout.fontFamily)) expect(body, name).toContain(name);
  });
  // Page sizes, margins and embedding of every layout on real books: test/proof/pdf-proof.test.ts.
});

describe('font families the writer refuses', () => {
  it.each(['fontFamily', 'headingFontFamily', 'monoFontFamily'] as const)('a %s that is not shipped is WRITE_FAILED', (field) => {
    const layout = { ...layouts['modern-fiction']!, [field]: 'Liberation Serif' };
    expect(() => writeTypst(smallBook(), layout)).toThrow(EngineError);
    expect(() => writeTypst(smallBook(), layout)).toThrow(/Liberation Serif/);
  });
});

describe('registry fonts in the typesetting child processes', () => {
  it('a child process embeds the body and heading families of modern-fiction', async () => {
    const pool = new PdfProcessPool({ size: 1 });
    try {
      const file = pdfFile(await writePdf(smallBook(), layouts['modern-fiction']!, { pool }));
      try {
        const families = new Set(fonts(file.path).map((font) => registryFamily(font.name)));
        expect([...families].sort()).toEqual(['Crimson Pro', 'Inter']);
      } finally {
        file.dispose();
      }
    } finally {
      await pool.close();
    }
  });
});
