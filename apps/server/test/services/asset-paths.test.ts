/**
 * Names and checks of book images (services/asset-paths.ts) and their renaming in a collection
 * (services/combine-collection.ts): delete-safe names only, media types matching extensions, limits, and image
 * references rewritten where they are references and nowhere else.
 */
import { describe, expect, it } from 'vitest';
import {
  MAX_BOOK_ASSET_BYTES,
  assetNameOf,
  assetStorageKey,
  checkAssets,
  collectionAssetRenames,
  isSafeAssetName,
  renameImageReferences,
} from '../../src/services/asset-paths.ts';
import { combineCollection } from '../../src/services/combine-collection.ts';

const png = (path: string, size = 8) => ({ path, mediaType: 'image/png', bytes: new Uint8Array(size) });

describe('asset names', () => {
  it('accepts only [A-Za-z0-9._-] names under images/, never . or ..', () => {
    expect(assetNameOf('images/img-1.png')).toBe('img-1.png');
    expect(assetNameOf('images/Fig_2.v1.jpeg')).toBe('Fig_2.v1.jpeg');
    for (const bad of ['img-1.png', 'images/', 'images/..', 'images/.', 'images/a/b.png', 'images/../x.png', 'images/a b.png', 'images/é.png', '/images/a.png', 'images/a.png\u0000']) {
      expect(assetNameOf(bad), bad).toBeNull();
    }
    expect(isSafeAssetName('x'.repeat(200))).toBe(true);
    expect(isSafeAssetName('x'.repeat(201))).toBe(false);
    expect(assetStorageKey('b1', 'img-1.png')).toBe('books/b1/images/img-1.png');
  });

  it('checks types against extensions, duplicates and the limits', () => {
    expect(() => checkAssets([png('images/img-1.png'), { ...png('images/img-2.jpg'), mediaType: 'image/jpeg' }])).not.toThrow();
    expect(() => checkAssets([{ ...png('images/img-1.png'), mediaType: 'image/jpeg' }])).toThrow(expect.objectContaining({ code: 'INTERNAL' }));
    expect(() => checkAssets([{ ...png('images/img-1.svg'), mediaType: 'image/svg+xml' }])).toThrow(expect.objectContaining({ code: 'INTERNAL' }));
    expect(() => checkAssets([png('images/img-1.png'), png('images/img-1.png')])).toThrow(expect.objectContaining({ code: 'INTERNAL' }));
    expect(() => checkAssets([png('images/img-1.png', 6), png('images/img-2.png', 6)], 11)).toThrow(
      expect.objectContaining({ code: 'ARCHIVE_TOO_LARGE', statusCode: 413 }),
    );
    expect(MAX_BOOK_ASSET_BYTES).toBe(128 * 1024 * 1024);
  });
});

describe('collection renames', () => {
  it("numbers the texts' images on, in collection order, keeping extensions", () => {
    const [a, b, c] = collectionAssetRenames([['images/img-1.png', 'images/img-2.jpg'], [], ['images/img-1.png', 'not-an-image']]);
    expect([...a!]).toEqual([
      ['images/img-1.png', 'images/img-1.png'],
      ['images/img-2.jpg', 'images/img-2.jpg'],
    ]);
    expect(b!.size).toBe(0);
    expect([...c!]).toEqual([['images/img-1.png', 'images/img-3.png']]);
  });

  it('rewrites image references only, each once', () => {
    const renames = new Map([
      ['images/img-1.png', 'images/img-4.png'],
      ['images/img-4.png', 'images/img-7.png'],
    ]);
    expect(renameImageReferences('![A plate](images/img-1.png) and ![B](images/img-4.png)', renames)).toBe(
      '![A plate](images/img-4.png) and ![B](images/img-7.png)',
    );
    expect(renameImageReferences('![A](<images/img-1.png> "title")', renames)).toBe('![A](<images/img-4.png> "title")');
    expect(renameImageReferences('[fig]: images/img-1.png', renames)).toBe('[fig]: images/img-4.png');
    // Prose that mentions the path, a longer name and an unknown image stay as they are.
    for (const line of ['See images/img-1.png for details.', '![A](images/img-1.png.bak)', '![A](images/img-9.png)']) {
      expect(renameImageReferences(line, renames)).toBe(line);
    }
  });

  it('the combined Markdown refers to the renamed images, outside code fences only', () => {
    const renames = collectionAssetRenames([['images/img-1.png'], ['images/img-1.png']]);
    const md = combineCollection([
      { title: 'One', author: null, markdown: '# Chapter 1\n\n![Red](images/img-1.png)', imageRenames: renames[0]! },
      { title: 'Two', author: null, markdown: '# Chapter 1\n\n![Blue](images/img-1.png)\n\n```\n![Code](images/img-1.png)\n```', imageRenames: renames[1]! },
    ]);
    expect(md).toContain('![Red](images/img-1.png)');
    expect(md).toContain('![Blue](images/img-2.png)');
    expect(md).toContain('![Code](images/img-1.png)');
  });
});
