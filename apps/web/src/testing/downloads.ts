import { vi } from 'vitest';

/**
 * Records the files the app hands to the browser: `saveFile` clicks a link with a `download` name, which jsdom
 * cannot follow. Call in `beforeEach` (undone by `vi.restoreAllMocks()`); answers the list the names are put in.
 */
export function recordDownloads(): string[] {
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}
