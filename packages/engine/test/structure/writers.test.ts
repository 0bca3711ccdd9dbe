/**
 * Every writer renders speeches and paragraph roles: the PDF shows the speaker (small capitals are
 * synthesised as capitals, so pdftotext reads `ALGERNON`), the EPUB passes EPUBCheck and carries the
 * classes, the DOCX uses the named paragraph styles, the HTML styles them.
 */
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kdp6x9Layout } from '../../src/layout/kdp-6x9.ts';
import { parseMarkdown } from '../../src/markdown/parse.ts';
import type { BookDocument } from '../../src/model/book-document.ts';
import { writeDocx } from '../../src/write/docx/index.ts';
import { writeEpub } from '../../src/write/epub/index.ts';
import { writeHtml } from '../../src/write/html/index.ts';
import { writePdf } from '../../src/write/typst/pdf.ts';
import { epubcheck, problems } from '../epub-docx-html/helpers.ts';
import { pageText, pdfFile, type PdfFile } from '../pdf/poppler.ts';

const MARKDOWN = `# FIRST ACT

::: stage
[Lane is arranging afternoon tea on the table.]
:::

::: speech Algernon
Did you hear what I was playing, Lane?
:::

::: speech Lane
I didn't think it polite to listen, sir.
:::

:::: speech Mephistopheles
::: verse
Ich bin der Geist der stets verneint!
Und das mit Recht; denn alles, was entsteht,
:::
::::

# Letter 1

::: salutation
To Mrs. Saville, England.
:::

::: dateline
St. Petersburgh, Dec. 11th, 17—.
:::

You will rejoice to hear that no disaster has accompanied the commencement of an enterprise.

::: signature
Your affectionate brother,
R. Walton
:::
`;

const doc: BookDocument = parseMarkdown(MARKDOWN, { title: 'Roles', author: 'Anon', language: 'en' });

describe('writers render speeches and paragraph roles', () => {
  let pdf: PdfFile;
  beforeAll(async () => {
    pdf = pdfFile(await writePdf(doc, kdp6x9Layout));
  }, 60_000);
  afterAll(() => pdf?.dispose());

  it('PDF: the speaker in capitals before the speech, the verse speaker on its own line, the letter parts', () => {
    const text = pageText(pdf.path).replace(/\s+/g, ' ');
    expect(text).toMatch(/ALGERNON\. Did you hear what I was playing, Lane\?/);
    expect(text).toMatch(/LANE\. I didn.t think it polite/);
    expect(text).toMatch(/MEPHISTOPHELES Ich bin der Geist/);
    expect(text).toContain('[Lane is arranging afternoon tea on the table.]');
    expect(text).toMatch(/Your affectionate brother, R\. Walton/);
  });

  it('EPUB: valid under EPUBCheck, speeches and roles as classes', async () => {
    const epub = await writeEpub(doc, kdp6x9Layout);
    expect(problems(await epubcheck(epub))).toEqual([]);
    const zip = await JSZip.loadAsync(epub);
    const xhtml = (await Promise.all(Object.values(zip.files).filter((f) => f.name.endsWith('.xhtml')).map((f) => f.async('string')))).join('\n');
    expect(xhtml).toContain('<div class="speech">\n<p class="first"><span class="speaker">Algernon</span>. Did you hear');
    expect(xhtml).toContain('<p class="speaker">Mephistopheles</p>');
    expect(xhtml).toContain('<p class="first stage-direction">[Lane is arranging');
    expect(xhtml).toMatch(/<p class="(?:first )?salutation">To Mrs\.\u00a0Saville, England\.<\/p>/);
    expect(xhtml).toContain('<p class="signature">Your affectionate brother,<br/>R. Walton</p>');
    const css = (await Promise.all(Object.values(zip.files).filter((f) => f.name.endsWith('.css')).map((f) => f.async('string')))).join('\n');
    expect(css).toContain('.speaker { font-variant: small-caps; }');
  }, 60_000);

  it('DOCX: named paragraph styles Speaker, Stage Direction, Salutation, Signature, used by the paragraphs', async () => {
    const zip = await JSZip.loadAsync(await writeDocx(doc, kdp6x9Layout));
    const styles = (await zip.file('word/styles.xml')!.async('string'));
    const body = (await zip.file('word/document.xml')!.async('string'));
    for (const [id, name] of [['Speaker', 'Speaker'], ['StageDirection', 'Stage Direction'], ['Salutation', 'Salutation'], ['Signature', 'Signature'], ['Dateline', 'Dateline']]) {
      expect(styles).toMatch(new RegExp(`w:styleId="${id}"[^>]*>\\s*<w:name w:val="${name}"`));
      expect(body).toContain(`<w:pStyle w:val="${id}"/>`);
    }
    expect(styles).toMatch(/w:styleId="Speaker"[\s\S]*?<w:smallCaps\/>/);
  });

  it('HTML: the print style sheet sets signatures flush right and stage directions in italics', () => {
    const html = writeHtml(doc, kdp6x9Layout, { variant: 'print' });
    expect(html).toContain('p.dateline, p.signature { text-align: right; text-indent: 0; }');
    expect(html).toContain('p.stage-direction { font-style: italic;');
    expect(html).toContain('<span class="speaker">Lane</span>');
  });
});
