/**
 * XML and HTML parsing of uploaded files: no entity expansion, no external entities, hostile nesting.
 */
import { describe, expect, it } from 'vitest';
import { findFirst, parseHtml, parseXml, textContent } from '../../src/read/xml.ts';

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
});

describe('parseHtml', () => {
  it('decodes HTML named references and reads XHTML self-closing tags', () => {
    const root = parseHtml('<p>caf&eacute; &rsquo;tis<br/>next</p><div/>after');
    const p = findFirst(root, 'p')!;
    expect(p.children.map((c) => (c.type === 'text' ? c.value : `<${c.name}>`))).toEqual(['café ’tis', '<br>', 'next']);
    expect(textContent(root)).toBe('café ’tisnextafter');
  });
});
