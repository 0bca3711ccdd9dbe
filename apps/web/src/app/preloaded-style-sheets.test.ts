/** The app's entry makes the whole style sheet a public page preloads its style sheet (preloaded-style-sheets.ts). */
import { describe, expect, it } from 'vitest';
import { applyPreloadedStyleSheets } from './preloaded-style-sheets.ts';

describe('preloaded style sheets', () => {
  it('turns a style preload into a style sheet, and leaves other preloads and links alone', () => {
    const doc = document.implementation.createHTMLDocument('page');
    doc.head.innerHTML =
      '<link rel="preload" href="/assets/index-abc.css" as="style">' +
      '<link rel="preload" href="/assets/font.woff2" as="font">' +
      '<link rel="icon" href="/favicon.svg">';
    applyPreloadedStyleSheets(doc);
    expect([...doc.head.querySelectorAll('link')].map((l) => `${l.rel} ${l.getAttribute('href')}`)).toEqual([
      'stylesheet /assets/index-abc.css',
      'preload /assets/font.woff2',
      'icon /favicon.svg',
    ]);
  });
});
