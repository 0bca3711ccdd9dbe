/**
 * XML and HTML parsing of uploaded files: no entity expansion, no external entities, hostile nesting.
 */
import { describe, expect, it } from 'vitest';
import { Parser } from 'htmlparser2';
import { readHtml } from '../../src/read/html/index.ts';
import { boundNesting, findFirst, MAX_NESTING_DEPTH, parseHtml, parseXml, textContent } from '../../src/read/xml.ts';

describe('parseXml', () => {
  it('does not expand entities declared in an internal DTD subset (billion laughs)', () => {
    const xml = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">]><package><title>&lol2;</title></package>`;
    expect(textContent(findFirst(parseXml(xml), 'title')!)).toBe('&lol2;');
  });

  it('does not resolve external entities (XXE)', () => {
    const xml = '<?xml version="1.0"?><!DOCTYPE t [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><t>&xxe;</t>';
    expect(textContent(findFirst(parseXml(xml), 't')!)).toBe('&xxe;');
  });

  it('decodes the five XML entities and numeric references, and keeps prefixes', () => {
    const root = parseXml('<m xmlns:dc="x"><dc:title>A &amp; B &lt;C&gt; &quot;D&quot; &apos;E&apos; &#233;&#x2014;</dc:title></m>');
    expect(textContent(findFirst(root, 'title')!)).toBe('A & B <C> "D" \'E\' é—');
  });

  it('survives nesting far deeper than any book', () => {
    const deep = `${'<div>'.repeat(20_000)}text${'</div>'.repeat(20_000)}`;
    expect(textContent(parseHtml(deep))).toBe('text');
  });

  it("keeps the parser's own stack of open elements short under a flood of unclosed tags, and every word", () => {
    // The upload that held a reading thread for minutes: unclosed `<b>` by the hundred thousand (issue 32).
    const flood = `<p>Start ${'<b>'.repeat(100_000)}middle ${'<i>x</i>'.repeat(3)} end<br>after</p>`;
    const parser = boundNesting(new Parser({}, { decodeEntities: true, lowerCaseTags: true }));
    parser.write(flood);
    // htmlparser2 shifts and unshifts this stack at every tag: its length is the cost of each.
    expect((parser as unknown as { stack: unknown[] }).stack.length).toBeLessThanOrEqual(256);
    parser.end();
    const flooded = parseHtml(flood);
    expect(textContent(flooded)).toBe('Start middle xxx endafter');
    // Every element past the limit is counted for the reader to report: the `<b>` but the paragraph and the 254 that
    // fit below the document, the three `<i>` and the `<br>`.
    expect(flooded.flattened).toBe(100_000 - (MAX_NESTING_DEPTH - 2) + 3 + 1);
    // A book's ordinary nesting is untouched: the emphasis inside a paragraph inside sections stays.
    const book = parseHtml(`${'<section>'.repeat(10)}<p>An <em>emphasised</em> word.</p>${'</section>'.repeat(10)}`);
    expect(textContent(findFirst(book, 'em')!)).toBe('emphasised');
    expect(book.flattened).toBeUndefined();
  });

  it('reports what it flattened: an HTML book of unclosed tags keeps its words and says its formatting went', () => {
    const html = `<html><body><h1>Chapter One</h1><p>It begins ${'<b>'.repeat(5_000)}and runs on.</p></body></html>`;
    const out = readHtml(html);
    expect(out.diagnostics).toContainEqual(
      expect.objectContaining({ code: 'unsupported-element', message: expect.stringContaining(`nested more than ${MAX_NESTING_DEPTH} levels deep`) }),
    );
    expect((out.diagnostics ?? []).find((d) => d.message.includes('nested'))!.message).toMatch(/^4,7\d\d elements were/);
    expect((readHtml('<html><body><h1>Chapter One</h1><p>Plain.</p></body></html>').diagnostics ?? []).some((d) => d.message.includes('nested'))).toBe(false);
  });
});

describe('parseHtml', () => {
  it('decodes HTML named references and reads XHTML self-closing tags', () => {
    const root = parseHtml('<p>caf&eacute; &rsquo;tis<br/>next</p><div/>after');
    const p = findFirst(root, 'p')!;
    expect(p.children.map((c) => (c.type === 'text' ? c.value : `<${c.name}>`))).toEqual(['café ’tis', '<br>', 'next']);
    expect(textContent(root)).toBe('café ’tisnextafter');
  });
});
