import { afterEach, beforeEach, vi, type Mock } from 'vitest';

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

/** The `fetch` stand-in of {@link stubFetchAndRecordDownloads}; each test says what it answers. */
export type FetchMock = Mock<(url: string, init: RequestInit) => Promise<Response>>;

/**
 * The set-up of a test file whose components fetch and save files. Call once at the top level of the file: it
 * registers a `beforeEach` that empties `fetchMock` (calls and implementation), stubs the global `fetch` with it,
 * and starts {@link recordDownloads}; and an `afterEach` that undoes both (`vi.unstubAllGlobals()`,
 * `vi.restoreAllMocks()`).
 *
 * Answers `fetchMock`, for the file to give an implementation (it answers `undefined` until then) and read the
 * calls of, and `downloads()`, the names of the files the current test handed to the browser, in order (a fresh
 * list for each test).
 */
export function stubFetchAndRecordDownloads(): { fetchMock: FetchMock; downloads: () => string[] } {
  const fetchMock: FetchMock = vi.fn();
  let saved: string[] = [];
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    saved = recordDownloads();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  return { fetchMock, downloads: () => saved };
}
