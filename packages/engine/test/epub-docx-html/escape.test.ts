import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cssFontStack } from '../../src/write/html/css.ts';
import { escapeXml, safeHref, safeImageSrc, xmlId } from '../../src/write/html/escape.ts';
import { docxText } from '../../src/write/docx/state.ts';
import { HOSTILE } from './fixtures.ts';
import { xmlErrors } from './helpers.ts';

describe('escapeXml', () => {
  it('escapes markup characters', () => {
    expect(escapeXml(`a & b < c > d " e ' f`)).toBe('a &amp; b &lt; c &gt; d &quot; e &#39; f');
  });

  it('escapes an existing entity again (text is text, not markup)', () => {
    expect(escapeXml('&amp;')).toBe('&amp;amp;');
  });

  it('defuses ]]>', () => {
    expect(escapeXml('x]]>y')).toBe('x]]&gt;y');
  });

  it('drops C0 control characters but keeps TAB, LF, CR', () => {
    expect(escapeXml('a\u0000b\u0001c\u0008d\u000Be\u000Cf\u001Fg')).toBe('abcdefg');
    expect(escapeXml('a\tb\nc\rd')).toBe('a\tb\nc\rd');
  });

  it('drops DEL and C1 controls', () => {
    expect(escapeXml('a\u007Fb\u0080c\u0085d\u009Fe')).toBe('abcde');
  });

  it('drops lone surrogates and keeps pairs', () => {
    expect(escapeXml('a\uD800b\uDC00c')).toBe('abc');
    expect(escapeXml('whale \uD83D\uDC33')).toBe('whale \uD83D\uDC33');
  });

  it('drops noncharacters', () => {
    expect(escapeXml('a\uFFFEb\uFFFFc\uFDD0d')).toBe('abcd');
  });

  it('keeps ordinary Unicode text', () => {
    expect(escapeXml('Ærøskøbing — “quoted” … 日本語')).toBe('Ærøskøbing — “quoted” … 日本語');
  });

  it('hostile input gives well-formed XML in text and in attributes', () => {
    const out = escapeXml(HOSTILE);
    expect(out).not.toMatch(/[<>"']/);
    // eslint-disable-next-line no-control-regex -- checking for control characters
    expect(out).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
    expect(xmlErrors(`<r a="${out}" b='${out}'>${out}</r>`)).toEqual([]);
  });

  it('any string becomes well-formed XML text and attribute value (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const out = escapeXml(s);
        return xmlErrors(`<r a="${out}">${out}</r>`).length === 0;
      }),
      { numRuns: 300 },
    );
  });
});

describe('safeHref', () => {
  it('keeps http, https, mailto and fragment links', () => {
    expect(safeHref('https://example.com/a?b=1&c=2')).toBe('https://example.com/a?b=1&c=2');
    expect(safeHref('http://example.com')).toBe('http://example.com/');
    expect(safeHref('mailto:a@example.com')).toBe('mailto:a@example.com');
    expect(safeHref('#ch-2')).toBe('#ch-2');
  });

  it('percent-encodes what a URL may not contain', () => {
    expect(safeHref('https://example.com/a b"<>')).toBe('https://example.com/a%20b%22%3C%3E');
  });

  it('drops javascript: and other schemes', () => {
    for (const href of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,<script>', 'vbscript:x', 'file:///etc/passwd', 'ftp://x', 'chapter.xhtml', '/abs', '#', '', 'http://']) {
      expect(safeHref(href), href).toBeUndefined();
    }
  });

  it('drops javascript: hidden by control characters or spaces', () => {
    expect(safeHref(' java\tscript:alert(1)')).toBeUndefined();
    expect(safeHref('\u0001javascript:alert(1)')).toBeUndefined();
    expect(safeHref('java\nscript:alert(1)')).toBeUndefined();
  });

  it('image sources: http(s) only', () => {
    expect(safeImageSrc('https://example.com/a.png')).toBe('https://example.com/a.png');
    expect(safeImageSrc('data:image/png;base64,AAAA')).toBeUndefined();
    expect(safeImageSrc('#x')).toBeUndefined();
    expect(safeImageSrc('mailto:a@b')).toBeUndefined();
  });
});

describe('ids, font names, DOCX text', () => {
  it('xmlId makes NCNames', () => {
    expect(xmlId('ch-1')).toBe('ch-1');
    expect(xmlId('1st chapter')).toBe('id-1st-chapter');
    expect(xmlId('a"b<c')).toBe('a-b-c');
  });

  it('font stack: family, metric fallback, generic; quotes cannot escape', () => {
    expect(cssFontStack({ fontFamily: 'Tinos', fontFallback: 'serif' })).toBe('"Tinos", "Times New Roman", serif');
    expect(cssFontStack({ fontFamily: 'EB Garamond', fontFallback: 'serif' })).toBe('"EB Garamond", serif');
    expect(cssFontStack({ fontFamily: 'x"; } body { color: red', fontFallback: 'serif' })).toBe('"x  body  color red", serif');
  });

  it('docx text drops XML-invalid characters', () => {
    expect(docxText(HOSTILE)).toBe(`<script>alert("x")</script> & 'q' ]]>  bye`);
    expect(docxText('a\uD800b')).toBe('ab');
  });
});
