import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { describe, expect, it } from 'vitest';
import { kdp6x9Layout } from '../../src/layout/kdp-6x9.ts';
import { allChapters } from '../../src/model/book-document.ts';
import { writeHtml } from '../../src/write/html/index.ts';
import { HOSTILE, sampleBook } from './fixtures.ts';
import { xmlErrors } from './helpers.ts';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

function elements(node: Node, out: Element[] = []): Element[] {
  if ('tagName' in node) out.push(node);
  if ('childNodes' in node) for (const c of node.childNodes) elements(c, out);
  if ('content' in node && node.content) elements(node.content as Node, out);
  return out;
}
const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value;
const hasClass = (el: Element, cls: string) => (attr(el, 'class') ?? '').split(/\s+/).includes(cls);
function text(node: Node): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterMap['textNode']).value;
  return 'childNodes' in node ? node.childNodes.map(text).join('') : '';
}

const doc = sampleBook();
const print = writeHtml(doc, kdp6x9Layout, { variant: 'print', embedFonts: false });
const epub = writeHtml(doc, kdp6x9Layout, { variant: 'epub' });

describe('writeHtml print', () => {
  const els = elements(parse(print));
  const style = text(els.find((e) => e.tagName === 'style') as Element);

  it('sets the page size and mirrored margins from the layout', () => {
    expect(style).toMatch(/@page \{ size: 6in 9in; margin: 0\.76in 0\.6in 0\.76in 0\.9in; \}/);
    // Verso: inside margin on the right; recto: inside margin on the left.
    expect(style).toMatch(/@page :left \{ margin: 0\.76in 0\.9in 0\.76in 0\.6in;/);
    expect(style).toMatch(/@page :right \{ margin: 0\.76in 0\.6in 0\.76in 0\.9in;/);
  });

  it('puts folios and running heads in margin boxes', () => {
    expect(style).toContain('@bottom-center { content: counter(page); }');
    // Author on versos, title on rectos (as CSS strings, escaped), none on opening pages.
    expect(style).toMatch(/@page :left \{[^\n]*@top-center \{ content: "Herman Melville";/);
    expect(style).toContain('@top-center { content: "Moby-Dick \\26  \\"Friends\\" \\3C Vol. 1\\3E ";');
    expect(style).toMatch(/@page opening:first \{[^\n]*@top-center \{ content: none; \}/);
    expect(style).toContain('@page front:right');
  });

  it('opens chapters on a recto and uses the layout font stack', () => {
    expect(style).toMatch(/section\.chapter[^{]*\{[^}]*break-before: right/);
    expect(style).toContain('font-family: "Tinos", "Times New Roman", serif; font-size: 11pt; line-height: 1.15;');
    expect(style).toMatch(/p\.first[^{]*\{ text-indent: 0; \}/);
  });

  it('writes one section with exactly one h1 per chapter', () => {
    const chapters = els.filter((e) => e.tagName === 'section' && hasClass(e, 'chapter'));
    expect(chapters.map((c) => attr(c, 'id'))).toEqual(allChapters(doc).map((c) => c.id));
    for (const c of chapters) expect(elements(c).filter((e) => e.tagName === 'h1')).toHaveLength(1);
    expect(text(elements(chapters[3] as Element).find((e) => e.tagName === 'h1') as Element)).toBe('Chapter 4');
  });

  it('has a title page and a table of contents linking every unit', () => {
    const title = els.find((e) => hasClass(e, 'title')) as Element;
    expect(text(title)).toBe(doc.meta.title);
    const toc = els.find((e) => e.tagName === 'nav' && attr(e, 'role') === 'doc-toc') as Element;
    const hrefs = elements(toc).filter((e) => e.tagName === 'a').map((a) => attr(a, 'href'));
    expect(hrefs).toEqual(['#front-1', '#front-2', '#part-1', '#ch-1', '#ch-2', '#part-2', '#ch-3', '#ch-4', '#back-1']);
  });

  it('does not indent the first paragraph after a heading or scene break', () => {
    const ch1 = els.find((e) => attr(e, 'id') === 'ch-1') as Element;
    // A caption without its picture (`p.caption`) is not a paragraph of the text.
    const ps = elements(ch1).filter((e) => e.tagName === 'p' && e.parentNode === ch1 && !hasClass(e, 'caption'));
    expect(ps.map((p) => hasClass(p, 'first'))).toEqual([true, false, true, true]);
  });

  it('escapes hostile text: no script element, text survives without invalid characters', () => {
    expect(els.filter((e) => e.tagName === 'script')).toHaveLength(0);
    const ch3 = els.find((e) => attr(e, 'id') === 'ch-3') as Element;
    const h1 = elements(ch3).find((e) => e.tagName === 'h1') as Element;
    // kdp-6x9 numbers chapters: "Chapter 3" above the title.
    expect(text(h1)).toBe(`Chapter 3 <script>alert("x")</script> & 'q' ]]>  bye`);
    expect(print).not.toContain(HOSTILE);
  });

  it('drops javascript: links, keeps safe ones and resolves fragments', () => {
    const hrefs = els.filter((e) => e.tagName === 'a').map((a) => attr(a, 'href') ?? '');
    expect(hrefs.some((h) => /javascript/i.test(h))).toBe(false);
    expect(hrefs).toContain('https://example.com/a?b=1&c=2');
    expect(hrefs).toContain('mailto:ishmael@example.com');
    expect(hrefs).toContain('#ch-2');
  });

  it('writes scene breaks, verse, notes with back links and unreferenced notes', () => {
    expect(els.filter((e) => e.tagName === 'hr' && hasClass(e, 'scene-break'))).toHaveLength(1);
    expect(els.filter((e) => hasClass(e, 'stanza'))).toHaveLength(2);
    expect(els.filter((e) => hasClass(e, 'indent-2'))).toHaveLength(1);
    const notes = els.filter((e) => e.tagName === 'aside' && attr(e, 'role') === 'doc-footnote');
    expect(notes.map((n) => attr(n, 'id'))).toEqual(['fn-1', 'fn-2', 'fn-3']);
    const refs = els.filter((e) => attr(e, 'role') === 'doc-noteref').map((a) => attr(a, 'href'));
    expect(refs).toEqual(['#fn-1', '#fn-2', '#fn-1', '#fn-3']);
    // The reference inside a link is written after the link (links cannot nest).
    expect(print).toContain('>next chapter</a><sup><a class="noteref"');
    expect(els.find((e) => attr(e, 'id') === 'fn-4')).toBeDefined();
    expect(print).toContain('[nope]');
  });

  it('keeps figure captions, images from http(s) only; a caption without its picture is a caption, not an empty figure', () => {
    const figs = els.filter((e) => e.tagName === 'figure');
    expect(figs).toHaveLength(1);
    expect(attr(elements(figs[0] as Element).find((e) => e.tagName === 'img') as Element, 'alt')).toBe('Alt <text>');
    const captions = els.filter((e) => e.tagName === 'p' && hasClass(e, 'caption'));
    expect(captions.map((c) => text(c))).toEqual(['The whale, breaching']);
    expect(print).toContain('<p class="caption">The whale, <em>breaching</em></p>');
    expect(print).toMatch(/p\.caption \{ text-align: center;[^}]*font-style: italic;/);
  });

  it('is well-formed XML as well', () => {
    expect(xmlErrors(print.replace('<!DOCTYPE html>', ''))).toEqual([]);
  });
});

describe('writeHtml epub', () => {
  const els = elements(parse(epub));

  it('has no @page and no margin boxes', () => {
    expect(epub).not.toContain('@page');
    expect(epub).not.toContain('string-set');
  });

  it('uses one h1 per chapter, roles for semantics and no epub: attributes', () => {
    const chapters = els.filter((e) => e.tagName === 'section' && attr(e, 'role') === 'doc-chapter');
    expect(chapters).toHaveLength(4);
    for (const c of chapters) expect(elements(c).filter((e) => e.tagName === 'h1')).toHaveLength(1);
    expect(els.filter((e) => attr(e, 'role') === 'doc-part')).toHaveLength(2);
    expect(els.find((e) => attr(e, 'role') === 'doc-dedication')).toBeDefined();
    expect(epub).not.toContain('epub:type');
  });

  it('is well-formed XML as well', () => {
    expect(xmlErrors(epub.replace('<!DOCTYPE html>', ''))).toEqual([]);
  });
});
