import { describe, expect, it } from 'vitest';
import { EngineError } from '../../src/errors.ts';
import { readText } from '../../src/read/index.ts';
import { languageTag } from '../../src/read/languages.ts';
import { readGutenbergMeta } from '../../src/read/gutenberg-header.ts';
import { decodeText } from '../../src/read/decode-text.ts';
import { corpusBytes } from '../helpers/corpus.ts';

const enc = (s: string) => new TextEncoder().encode(s);

function utf16(s: string, le: boolean, bom: boolean): Uint8Array {
  const out = new Uint8Array(s.length * 2 + (bom ? 2 : 0));
  let o = 0;
  if (bom) {
    out[o++] = le ? 0xff : 0xfe;
    out[o++] = le ? 0xfe : 0xff;
  }
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out[o++] = le ? c & 0xff : c >> 8;
    out[o++] = le ? c >> 8 : c & 0xff;
  }
  return out;
}

function thrownCode(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    return e instanceof EngineError ? e.code : 'not-an-EngineError';
  }
  return undefined;
}

describe('readText: encodings', () => {
  it('reads UTF-8 with a BOM, strips the BOM and normalises CRLF', () => {
    const r = readText(new Uint8Array([0xef, 0xbb, 0xbf, ...enc('Alice’s\r\nAdventures\rin\nWonderland')]));
    expect(r.encoding).toBe('utf-8');
    expect(r.text).toBe('Alice’s\nAdventures\nin\nWonderland');
  });

  it('reads UTF-16LE and UTF-16BE with a BOM', () => {
    expect(readText(utf16('Ünïcode text\r\n', true, true))).toMatchObject({ encoding: 'utf-16le', text: 'Ünïcode text\n' });
    expect(readText(utf16('Ünïcode text\r\n', false, true))).toMatchObject({ encoding: 'utf-16be', text: 'Ünïcode text\n' });
  });

  it('reads BOM-less UTF-16LE by its NUL pattern', () => {
    expect(readText(utf16('Plain words in a UTF-16 file without a mark.', true, false))).toMatchObject({
      encoding: 'utf-16le',
      text: 'Plain words in a UTF-16 file without a mark.',
    });
  });

  it('falls back to Windows-1252 when the bytes are not UTF-8 (curly quotes 0x93/0x94, Latin-1 umlauts)', () => {
    const r = readText(new Uint8Array([0x93, 0x48, 0x69, 0x94, 0x20, 0x54, 0x72, 0x61, 0x67, 0xf6, 0x64, 0x69, 0x65]));
    expect(r.encoding).toBe('windows-1252');
    expect(r.text).toBe('“Hi” Tragödie');
  });

  it('refuses binary data with a user-facing message', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    expect(thrownCode(() => readText(png))).toBe('UNREADABLE_INPUT');
    try {
      readText(png);
    } catch (e) {
      expect((e as Error).message).toBe('This file does not look like text. Upload a plain-text (.txt) file.');
    }
    const controls = new Uint8Array(200).map((_, i) => (i % 3 === 0 ? 0x01 : 0x41));
    expect(thrownCode(() => readText(controls))).toBe('UNREADABLE_INPUT');
  });

  it('refuses empty and whitespace-only files', () => {
    expect(thrownCode(() => readText(new Uint8Array()))).toBe('EMPTY_INPUT');
    expect(thrownCode(() => readText(enc(' \r\n\t\n')))).toBe('EMPTY_INPUT');
    expect(thrownCode(() => readText(new Uint8Array([0xef, 0xbb, 0xbf])))).toBe('EMPTY_INPUT');
  });
});

describe('readText: Gutenberg header metadata', () => {
  it('reads a header with CR LF line ends as the same header with LF ones (every CR LF book of the corpus)', () => {
    const books = ['pg11-alice-in-wonderland.txt', 'pg1342-pride-and-prejudice-2020s-cp1252.txt', 'pg2600-war-and-peace.txt', 'pg844-importance-of-being-earnest.txt', 'pg2701-moby-dick-old-moby10b.txt'];
    for (const book of books) {
      const raw = decodeText(corpusBytes(`gutenberg/${book}`)).text;
      expect(raw, book).toContain('\r\n');
      const meta = readGutenbergMeta(raw);
      expect(meta.title, book).toBeTruthy();
      expect(meta, book).toEqual(readGutenbergMeta(raw.replace(/\r\n?/g, '\n')));
    }
  });

  it('reads modern Title/Author/Language fields, joining a wrapped title', () => {
    const header = [
      'The Project Gutenberg EBook of Frankenstein, by Mary Shelley',
      '',
      'Title: Frankenstein',
      '       or The Modern Prometheus',
      '',
      'Author: Mary Wollstonecraft (Godwin) Shelley',
      '',
      'Translator: Nobody Yet',
      '',
      'Release Date: June 17, 2008 [EBook #84]',
      '',
      'Language: English',
      '',
      '*** START OF THIS PROJECT GUTENBERG EBOOK FRANKENSTEIN ***',
      'Title: not a header field any more',
    ].join('\n');
    expect(readGutenbergMeta(header)).toEqual({
      title: 'Frankenstein or The Modern Prometheus',
      author: 'Mary Wollstonecraft (Godwin) Shelley',
      language: 'en',
      translator: 'Nobody Yet',
      sourceCredit: 'Text from Project Gutenberg eBook #84',
      publicDomain: true,
    });
  });

  it('reads the eBook number of every header generation, and no public domain for a copyrighted text', () => {
    expect(readGutenbergMeta('The Project Gutenberg EBook of X, by Y\n\nMarch, 1994  [Etext #11]\n').sourceCredit).toBe('Text from Project Gutenberg eBook #11');
    expect(readGutenbergMeta('The Project Gutenberg eBook of X, by Y\n\nRelease date: July 1, 2001 [eBook #2701]\n').sourceCredit).toBe('Text from Project Gutenberg eBook #2701');
    expect(readGutenbergMeta('The Project Gutenberg EBook of X, by Y\n\nThis is a COPYRIGHTED Project Gutenberg eBook, Details Below\n').publicDomain).toBeUndefined();
  });

  it('maps language names to BCP 47', () => {
    expect(languageTag('German')).toBe('de');
    expect(languageTag('English')).toBe('en');
    expect(languageTag('French, English')).toBe('fr');
    expect(languageTag('pt-BR')).toBe('pt-BR');
    expect(languageTag('Klingon')).toBeUndefined();
  });

  it('reads the 1990s first-line forms', () => {
    expect(readGutenbergMeta('**The Project Gutenberg Etext of Moby Dick, by Herman Melville**\n\nmore')).toMatchObject({
      title: 'Moby Dick',
      author: 'Herman Melville',
    });
    expect(readGutenbergMeta('Project Gutenberg Etext Imitation of Christ, by Thomas A Kempis\n')).toMatchObject({
      title: 'Imitation of Christ',
      author: 'Thomas A Kempis',
    });
    expect(readGutenbergMeta('***This is the Project Gutenberg Etext of Alice in Wonderland***\n')).toMatchObject({
      title: 'Alice in Wonderland',
    });
  });

  it('returns nothing for text without a Gutenberg header', () => {
    expect(readGutenbergMeta('Title: My Novel\nAuthor: Me\n\nChapter 1\n')).toEqual({});
    expect(readText(enc('Just a manuscript.')).meta).toEqual({});
  });
});
