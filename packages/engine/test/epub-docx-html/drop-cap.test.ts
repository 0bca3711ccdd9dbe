/**
 * The drop capital in the EPUB (and the HTML, which shares its blocks and style sheet), laid out by Chromium in the
 * EPUB's own chapter files: an opening quotation mark is set at the body size before the capital, not at the
 * capital's size (`::first-letter` would take it), and a first paragraph of one line does not let the next one run
 * round the capital (issue: "an opening quotation mark is not set at drop-cap size"; "a drop cap on a short first
 * paragraph does not break the layout"). The EPUB passes EPUBCheck.
 */
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { getLayout } from '../../src/layout/index.ts';
import { parseMarkdown } from '../../src/markdown/parse.ts';
import { writeEpub } from '../../src/write/epub/index.ts';
import { writeHtml } from '../../src/write/html/index.ts';
import { measureInChromium } from './chromium.ts';
import { epubcheck, problems } from './helpers.ts';

const MARKDOWN = `# Down the Rabbit-Hole

“Alice was beginning to get very tired of sitting by her sister on the bank, and of having nothing to do: once or twice she had peeped into the book her sister was reading, but it had no pictures or conversations in it, ‘and what is the use of a book,’ thought Alice ‘without pictures or conversations?’”

So she was considering in her own mind (as well as she could, for the hot day made her feel very sleepy and stupid), whether the pleasure of making a daisy-chain would be worth the trouble of getting up and picking the daisies.

# The Pool of Tears

“Curiouser and curiouser!”

Cried Alice (she was so much surprised, that for the moment she quite forgot how to speak good English); now I’m opening out like the largest telescope that ever was!

# A Caucus-Race

Yes, she said.

They were indeed a queer-looking party that assembled on the bank, the birds with draggled feathers, the animals with their fur clinging close to them.
`;

/** What the page measures: the opening paragraph, its mark and capital, and the paragraph after it. */
interface Measure {
  lineHeightPx: number;
  bodyFontPx: number;
  firstLetterFontPx: number;
  opening: { top: number; left: number; bottom: number };
  mark?: { fontPx: number; top: number; left: number; right: number; bottom: number; text: string };
  cap?: { fontPx: number; top: number; left: number; bottom: number; text: string };
  next: { firstCharTop: number; firstCharLeft: number; left: number };
}

const MEASURE = `
  const box = (e) => { const r = e.getBoundingClientRect(); return { top: r.top, left: r.left, right: r.right, bottom: r.bottom }; };
  const p = document.querySelector('p.opening');
  const next = p.nextElementSibling;
  const style = getComputedStyle(p);
  const mark = p.querySelector('.drop-cap-mark');
  const cap = p.querySelector('.drop-cap');
  const range = document.createRange();
  range.setStart(next.firstChild, 0);
  range.setEnd(next.firstChild, 1);
  return {
    lineHeightPx: parseFloat(style.lineHeight),
    bodyFontPx: parseFloat(style.fontSize),
    firstLetterFontPx: parseFloat(getComputedStyle(p, '::first-letter').fontSize),
    opening: box(p),
    mark: mark ? { fontPx: parseFloat(getComputedStyle(mark).fontSize), text: mark.textContent, ...box(mark) } : undefined,
    cap: cap ? { fontPx: parseFloat(getComputedStyle(cap).fontSize), text: cap.textContent, ...box(cap) } : undefined,
    next: { left: next.getBoundingClientRect().left, firstCharTop: range.getBoundingClientRect().top, firstCharLeft: range.getBoundingClientRect().left },
  };`;

describe('the drop capital in the EPUB, laid out by Chromium', () => {
  const doc = parseMarkdown(MARKDOWN, { title: 'Alice', author: 'Lewis Carroll', language: 'en' });
  const layout = getLayout('classic-literature');
  let epub: Uint8Array;
  const measures: Measure[] = [];
  beforeAll(async () => {
    expect(layout.dropCapLines).toBe(3);
    epub = await writeEpub(doc, layout, { modified: new Date(Date.UTC(2026, 0, 1)) });
    for (const file of ['EPUB/chapter-001.xhtml', 'EPUB/chapter-002.xhtml', 'EPUB/chapter-003.xhtml']) {
      measures.push((await measureInChromium(epub, file, MEASURE)) as Measure);
    }
  }, 120_000);

  it('sets an opening quotation mark apart at the body size, before a capital three lines high', () => {
    const chapter = strFromU8(unzipSync(epub)['EPUB/chapter-001.xhtml']!);
    expect(chapter).toContain('<p class="first opening opening-mark"><span class="drop-cap-mark">“</span><span class="drop-cap">A</span><span class="lead-in">lice was beginning to</span> get very tired');
    for (const m of measures.slice(0, 2)) {
      expect(m.mark?.text).toBe('“');
      expect(m.cap?.text).toMatch(/^[AC]$/);
      // The mark at the body size on the first line, left of the capital; the capital spans three lines.
      expect(m.mark!.fontPx).toBe(m.bodyFontPx);
      expect(m.mark!.bottom - m.opening.top).toBeLessThanOrEqual(m.lineHeightPx + 1);
      expect(m.mark!.right).toBeLessThanOrEqual(m.cap!.left + 1);
      expect(m.cap!.fontPx).toBeGreaterThan(3 * m.bodyFontPx);
      expect(m.cap!.bottom - m.opening.top).toBeGreaterThan(2 * m.lineHeightPx);
      // `::first-letter` (which would take the mark with the letter) sets nothing larger in such a paragraph.
      expect(m.firstLetterFontPx).toBe(m.bodyFontPx);
    }
  });

  it('a first paragraph of one line, with or without a mark: the next one starts below the capital, indented', () => {
    for (const m of measures.slice(1)) {
      // The opening paragraph's text is one line; the next paragraph's first line stands below the capital's three.
      expect(m.next.firstCharTop - m.opening.top).toBeGreaterThanOrEqual(2.5 * m.lineHeightPx);
      if (m.cap) expect(m.next.firstCharTop).toBeGreaterThanOrEqual(m.cap.bottom - 1);
      // Its first-line indent is the text's own, not the capital's width.
      expect(m.next.firstCharLeft - m.next.left).toBeGreaterThan(0.5 * m.bodyFontPx);
      expect(m.next.firstCharLeft - m.next.left).toBeLessThan(3 * m.bodyFontPx);
    }
    // Without a mark the capital is the paragraph's `::first-letter`, at the capital's size or `initial-letter`.
    expect(measures[2]!.cap).toBeUndefined();
  });

  it('the print HTML sets the same elements, and the EPUB passes EPUBCheck', async () => {
    const html = writeHtml(doc, layout, { variant: 'print', embedFonts: false });
    expect(html).toContain('<span class="drop-cap-mark">“</span><span class="drop-cap">C</span><span class="lead-in">uriouser and curiouser</span>!”');
    expect(html).toMatch(/p\.opening\.opening-mark::first-letter \{ float: none; font-size: inherit;/);
    expect(problems(await epubcheck(epub))).toEqual([]);
  });
});
