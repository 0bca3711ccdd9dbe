import { describe, expect, it } from 'vitest';
import { applyDeclaredCharset, charsetOf } from '../../src/net/declared-charset.ts';

const latin1 = (s: string) => Uint8Array.from([...s].map((c) => c.charCodeAt(0)));
const utf8 = (s: string) => new TextEncoder().encode(s);
const decode = (b: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(b);

describe('charsetOf', () => {
  it.each([
    ['text/plain; charset=ISO-8859-1', 'iso-8859-1'],
    ['text/plain;charset="utf-8"', 'utf-8'],
    ['text/html; Charset = windows-1252 ; format=flowed', 'windows-1252'],
    ['text/plain', null],
    [null, null],
    ['', null],
  ])('%j -> %j', (header, charset) => {
    expect(charsetOf(header)).toBe(charset);
  });
});

describe('applyDeclaredCharset', () => {
  it('decodes Latin-1 bytes as declared and hands UTF-8 with a BOM to the engine', () => {
    const out = applyDeclaredCharset(latin1('Caf\u00e9 \u00e0 la cr\u00e8me'), 'iso-8859-1');
    expect([...out.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(decode(out)).toBe('\ufeffCaf\u00e9 \u00e0 la cr\u00e8me');
  });

  it('applies a declaration the engine could not guess: KOI8-R', () => {
    const koi8 = Uint8Array.from([0xf0, 0xd2, 0xc9, 0xd7, 0xc5, 0xd4]); // "Привет"
    expect(decode(applyDeclaredCharset(koi8, 'koi8-r'))).toBe('\ufeffПривет');
  });

  it('decodes declared UTF-16 without a BOM', () => {
    const bytes = Uint8Array.from(Buffer.from('Hello, world', 'utf16le'));
    expect(decode(applyDeclaredCharset(bytes, 'utf-16le'))).toBe('\ufeffHello, world');
  });

  it('keeps valid UTF-8 that a server labels ISO-8859-1 (a server-wide default charset)', () => {
    const bytes = utf8('Caf\u00e9 \u2014 d\u00e9j\u00e0 vu');
    expect(applyDeclaredCharset(bytes, 'iso-8859-1')).toBe(bytes);
  });

  it('leaves the bytes for the engine to sniff when the declaration is UTF-8, unknown or absent, or a BOM is present', () => {
    const bytes = latin1('Caf\u00e9');
    expect(applyDeclaredCharset(bytes, 'utf-8')).toBe(bytes);
    expect(applyDeclaredCharset(bytes, 'x-no-such-charset')).toBe(bytes);
    expect(applyDeclaredCharset(bytes, null)).toBe(bytes);
    const withBom = Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8('Caf\u00e9')]);
    expect(applyDeclaredCharset(withBom, 'windows-1252')).toBe(withBom);
  });
});
