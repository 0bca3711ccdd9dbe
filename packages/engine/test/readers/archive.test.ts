/**
 * Archive safety: every check happens before (directory) or while (actual size) anything is inflated.
 */
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../../src/errors.ts';
import { DEFAULT_ZIP_LIMITS, inspectZip, openZip, unsafeEntryName } from '../../src/read/archive/zip.ts';
import { readBook } from '../../src/read/index.ts';
import { minimalEpub, patchDeclaredSize, patchEncrypted, zerosZip } from './hostile-zips.ts';

function codeOf(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    if (e instanceof EngineError) return e.code;
    throw e;
  }
  return undefined;
}

describe('inspectZip (directory only)', () => {
  it('lists the entries of a normal archive with their declared sizes', () => {
    const zip = zipSync({ 'a.txt': strToU8('hello'), 'dir/b.txt': strToU8('world!') });
    const entries = inspectZip(zip);
    expect(entries.map((e) => [e.name, e.size])).toEqual([
      ['a.txt', 5],
      ['dir/b.txt', 6],
    ]);
  });

  it('refuses more than 5,000 entries', () => {
    const files: Record<string, Uint8Array<ArrayBufferLike>> = {};
    for (let i = 0; i < 5001; i++) files[`f${i}`] = new Uint8Array(0);
    const zip = zipSync(files);
    expect(codeOf(() => inspectZip(zip))).toBe('ARCHIVE_TOO_LARGE');
    expect(DEFAULT_ZIP_LIMITS.maxEntries).toBe(5000);
  });

  it('refuses an entry that declares more than 128 MiB, before inflating it', () => {
    const zip = patchDeclaredSize(zipSync({ 'big.xml': strToU8('<x/>') }), 'big.xml', 129 * 1024 * 1024);
    expect(codeOf(() => inspectZip(zip))).toBe('ARCHIVE_TOO_LARGE');
  });

  it('refuses entries that declare more than 256 MiB together', () => {
    let zip: Uint8Array = zipSync({ a: strToU8('a'), b: strToU8('b'), c: strToU8('c') });
    for (const n of ['a', 'b', 'c']) zip = patchDeclaredSize(zip, n, 100 * 1024 * 1024);
    expect(() => inspectZip(zip)).toThrow(/256 MB/);
  });

  it.each([
    ['../evil.txt', 'a ".." path segment'],
    ['a/../../evil.txt', 'a ".." path segment'],
    ['a\\..\\evil.txt', 'a ".." path segment'],
    ['/etc/passwd', 'an absolute path'],
    ['\\windows\\x', 'an absolute path'],
    ['C:evil', 'an absolute path'],
  ])('refuses the entry name %s', (name, why) => {
    expect(unsafeEntryName(name)).toBe(why);
    const zip = zipSync({ [name]: strToU8('x') });
    expect(codeOf(() => inspectZip(zip))).toBe('UNREADABLE_INPUT');
  });

  it('accepts ordinary names with dots', () => {
    expect(unsafeEntryName('OEBPS/..hidden/a.xhtml')).toBeUndefined();
    expect(unsafeEntryName('word/document.xml')).toBeUndefined();
  });

  it('refuses a symbolic link (Unix mode S_IFLNK in the external attributes)', () => {
    const zip = zipSync({ link: [strToU8('/etc/passwd'), { os: 3, attrs: (0o120777 << 16) >>> 0 }] });
    expect(() => inspectZip(zip)).toThrow(/symbolic link/);
  });

  it('refuses an encrypted entry with a message saying so', () => {
    const zip = patchEncrypted(zipSync({ 'word/document.xml': strToU8('<w/>') }), 'word/document.xml');
    expect(() => inspectZip(zip)).toThrow(/password-protected/);
  });

  it('refuses truncated and random data as damaged', () => {
    const zip = zipSync({ a: strToU8('hello') });
    expect(codeOf(() => inspectZip(zip.subarray(0, 10)))).toBe('UNREADABLE_INPUT');
    expect(codeOf(() => inspectZip(new Uint8Array(100).fill(7)))).toBe('UNREADABLE_INPUT');
  });
});

describe('SafeZip.read (actual sizes while inflating)', () => {
  it('inflates honest entries', () => {
    const zip = openZip(zipSync({ 'a.txt': strToU8('hello'.repeat(1000)) }));
    expect(zip.text('a.txt')).toBe('hello'.repeat(1000));
  });

  it('stops a zip bomb whose header lies (declares 1 KB, inflates to 64 MB) within one step of the lie', () => {
    const bomb = patchDeclaredSize(zerosZip('word/document.xml', 64), 'word/document.xml', 1024);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const zip = openZip(bomb); // the directory looks harmless
    expect(() => zip.read('word/document.xml')).toThrow(/inflates to more than the 1024 bytes it declares/);
  });

  it('checks an honest header against the per-entry limit before inflating', () => {
    expect(codeOf(() => openZip(zerosZip('a', 8), { ...DEFAULT_ZIP_LIMITS, maxEntryBytes: 8 * 1024 * 1024 - 1 }))).toBe(
      'ARCHIVE_TOO_LARGE',
    );
  });

  it('checks the declared total across entries', () => {
    const bytes = zipSync({ a: new Uint8Array(3000), b: new Uint8Array(3000) });
    expect(() => openZip(bytes, { maxEntries: 10, maxEntryBytes: 4000, maxTotalBytes: 5000 })).toThrow(/5000 bytes in all/);
    const zip = openZip(bytes, { maxEntries: 10, maxEntryBytes: 4000, maxTotalBytes: 6000 });
    expect(zip.read('a').length + zip.read('b').length).toBe(6000);
  });

  it('refuses an entry whose local header names another file', () => {
    const bytes = zipSync({ 'aaaa.txt': strToU8('x') });
    // The local header's name starts at byte 30 (APPNOTE 4.3.7); searching for the first "a" could hit the header's
    // modification time, which is the clock's (a time byte of 0x61 made this test fail now and then).
    const i = 30;
    expect(bytes[i]).toBe(0x61);
    const patched = bytes.slice();
    patched[i] = 0x62;
    expect(() => openZip(patched).read('aaaa.txt')).toThrow(/named differently/);
  });
});

describe('readBook on hostile archives', () => {
  it('answers ARCHIVE_TOO_LARGE for a DOCX zip bomb', async () => {
    const bomb = patchDeclaredSize(zerosZip('word/document.xml', 64), 'word/document.xml', 1024);
    await expect(readBook(bomb, { fileName: 'bomb.docx' })).rejects.toMatchObject({ code: 'ARCHIVE_TOO_LARGE' });
  });

  it('answers ARCHIVE_TOO_LARGE for an EPUB whose chapter is a bomb', async () => {
    const epub = minimalEpub({ 'OEBPS/c1.xhtml': [new Uint8Array(16 * 1024 * 1024), { level: 9 }] });
    const bomb = patchDeclaredSize(epub, 'OEBPS/c1.xhtml', 100);
    await expect(readBook(bomb, { fileName: 'bomb.epub' })).rejects.toMatchObject({ code: 'ARCHIVE_TOO_LARGE' });
  });

  it('refuses an EPUB with a path-traversal entry before reading it', async () => {
    const epub = minimalEpub({ '../../outside.txt': strToU8('x') });
    await expect(readBook(epub, { fileName: 'x.epub' })).rejects.toMatchObject({ code: 'UNREADABLE_INPUT' });
  });
});
