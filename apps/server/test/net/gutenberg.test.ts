import { describe, expect, it } from 'vitest';
import { GUTENBERG_ORIGIN, resolveGutenbergUrl } from '../../src/net/gutenberg.ts';

const TXT = (n: number, origin = GUTENBERG_ORIGIN) => `${origin}/cache/epub/${n}/pg${n}.txt`;
const HTML = (n: number, origin = GUTENBERG_ORIGIN) => `${origin}/cache/epub/${n}/pg${n}-images.html`;

describe('resolveGutenbergUrl', () => {
  it.each([
    'https://www.gutenberg.org/ebooks/1342',
    'https://gutenberg.org/ebooks/1342',
    'http://www.gutenberg.org/ebooks/1342',
    'https://www.gutenberg.org/ebooks/1342/',
    'https://WWW.Gutenberg.ORG/ebooks/1342?lang=en#top',
    'https://www.gutenberg.org/ebooks/1342.txt.utf-8',
    'https://www.gutenberg.org/ebooks/1342.html.images',
    'https://www.gutenberg.org/ebooks/1342.epub3.images',
    'https://www.gutenberg.org/files/1342/1342-0.txt',
    'https://www.gutenberg.org/files/1342/1342-h/1342-h.htm',
    'https://www.gutenberg.org/files/1342/',
    'https://www.gutenberg.org/cache/epub/1342/pg1342.txt',
    'https://www.gutenberg.org/cache/epub/1342/pg1342-images.html',
    'https://www.gutenberg.org/ebooks/01342',
  ])('resolves %s to the UTF-8 text, then the HTML edition', (url) => {
    expect(resolveGutenbergUrl(url)).toEqual([TXT(1342), HTML(1342)]);
  });

  it.each([
    'https://www.gutenberg.org/',
    'https://www.gutenberg.org/ebooks/',
    'https://www.gutenberg.org/ebooks/search/?query=austen',
    'https://www.gutenberg.org/ebooks/author/68',
    'https://www.gutenberg.org/ebooks/0',
    'https://www.gutenberg.org/ebooks/12345678',
    'https://www.gutenberg.org/ebooks/1342/also/',
    'https://www.gutenberg.org/browse/scores/top',
    'https://example.com/ebooks/1342',
    'https://gutenberg.org.evil.example/ebooks/1342',
    'https://standardebooks.org/ebooks/jane-austen/pride-and-prejudice',
    'ftp://www.gutenberg.org/ebooks/1342',
    'not a url',
  ])('leaves %s alone (null: fetched as it is)', (url) => {
    expect(resolveGutenbergUrl(url)).toBeNull();
  });

  it('fetches from the configured origin, and recognises URLs on that origin', () => {
    const origin = 'http://127.0.0.1:8123';
    expect(resolveGutenbergUrl('https://www.gutenberg.org/ebooks/11', origin)).toEqual([TXT(11, origin), HTML(11, origin)]);
    expect(resolveGutenbergUrl('http://127.0.0.1:8123/ebooks/11', `${origin}/`)).toEqual([TXT(11, origin), HTML(11, origin)]);
    expect(resolveGutenbergUrl('http://127.0.0.1:9999/ebooks/11', origin)).toBeNull();
  });
});
