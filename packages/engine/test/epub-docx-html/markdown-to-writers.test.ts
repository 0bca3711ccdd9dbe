import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { kdp6x9Layout } from '../../src/layout/kdp-6x9.ts';
import { allChapters } from '../../src/model/book-document.ts';
import { parseMarkdown } from '../../src/markdown/parse.ts';
import { writeDocx } from '../../src/write/docx/index.ts';
import { writeEpub } from '../../src/write/epub/index.ts';
import { writeHtml } from '../../src/write/html/index.ts';
import { epubcheck, problems } from './helpers.ts';

const MARKDOWN = `# Preface {.front}

Written at sea.

# Book One {.part}

# Loomings

Call me Ishmael.[^1] Some years ago.

* * *

After the break, a [link](https://example.com) and a [bad one](javascript:alert(1)).

::: verse
Roses are red,
  violets are blue

second stanza
:::

> A quotation.

# The Carpet-Bag

<script>alert("x")</script> & "quotes" ]]>

[^1]: A footnote with *emphasis*.
`;

describe('Markdown -> parseMarkdown -> writers', () => {
  const doc = parseMarkdown(MARKDOWN, { title: 'Moby <Dick>', author: 'Herman Melville', language: 'en' });

  it('gives a valid EPUB (EPUBCheck: no errors, no warnings)', async () => {
    expect(allChapters(doc)).toHaveLength(2);
    expect(problems(await epubcheck(await writeEpub(doc, kdp6x9Layout)))).toEqual([]);
  });

  it('gives HTML with one h1 per chapter and escaped text', () => {
    const html = writeHtml(doc, kdp6x9Layout, { variant: 'print' });
    expect(html).not.toContain('<script>');
    expect(html).not.toMatch(/href="javascript/i);
    expect(html).toContain('role="doc-footnote"');
    expect(html).toContain('<span class="line indent-1">violets are blue</span>');
  });

  it('gives a DOCX with a Heading 1 per chapter and a Word footnote', async () => {
    const zip = await JSZip.loadAsync(await writeDocx(doc, kdp6x9Layout));
    const xml = (await zip.file('word/document.xml')?.async('string')) ?? '';
    // Two chapters + the titled preface.
    expect(xml.match(/<w:pStyle w:val="Heading1"\/>/g)).toHaveLength(3);
    expect(xml).toContain('<w:footnoteReference w:id="1"/>');
  });
});
