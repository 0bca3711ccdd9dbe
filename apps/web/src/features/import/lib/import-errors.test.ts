import { describe, expect, it } from 'vitest';
import { NETWORK_ERROR_MESSAGE } from '../../../lib/errors.ts';
import { batchImportErrorMessage, collectionImportErrorMessage, singleImportErrorMessage } from './import-errors.ts';

const err = (status: number, message: string) => new Error(`${status}: ${JSON.stringify({ message })}`);

describe('singleImportErrorMessage (notice title "Import failed")', () => {
  it.each([
    [err(504, 'The import timed out after 30 s'), 'The import timed out. The file might be too large or the server is slow to respond.'],
    [err(504, 'Upstream timeout'), 'The import timed out. The file might be too large or the server is slow to respond.'],
    [err(413, 'The file is too large'), 'The file is too large. Please use files smaller than 10MB.'],
    [err(502, 'Could not fetch the URL'), 'Could not access the URL. Please check if the URL is correct and publicly accessible.'],
    [err(422, 'The file is not readable text'), 'The file is not readable text'],
    // 415 and 422 name the exact problem: shown as written, even when a catalogue keyword occurs in it.
    [err(415, 'Quire cannot read .rtf files. Supported types: .txt, .md, .docx'), 'Quire cannot read .rtf files. Supported types: .txt, .md, .docx'],
    [err(422, 'This PDF has no text layer: it is a scan'), 'This PDF has no text layer: it is a scan'],
    [err(422, 'The EPUB is too large once unpacked, so it was refused'), 'The EPUB is too large once unpacked, so it was refused'],
    [new Error('500: '), 'Failed to import book'],
    [new Error('500: <html>oops</html>'), 'Failed to import book'],
  ])('%s -> %s', (error, expected) => {
    expect(singleImportErrorMessage(error)).toBe(expected);
  });

  it('does not blame the URL when Quire itself was unreachable', () => {
    expect(singleImportErrorMessage(new TypeError('Failed to fetch'))).toBe(NETWORK_ERROR_MESSAGE);
  });
});

describe('collectionImportErrorMessage (notice title "Multi-import failed")', () => {
  it.each([
    [err(504, 'Request timed out'), 'Some imports timed out. Try using smaller files or fewer books at once.'],
    [err(413, 'One file is too large'), 'Some files are too large. Please use files smaller than 10MB each.'],
    [
      err(422, 'Failed to import any books'),
      'Could not import any books. Please check that all URLs are correct and publicly accessible.',
    ],
    [err(404, 'Route POST:/api/books/import-multiple not found'), 'Route POST:/api/books/import-multiple not found'],
    [new Error('500: '), 'Failed to import book collection'],
  ])('%s -> %s', (error, expected) => {
    expect(collectionImportErrorMessage(error)).toBe(expected);
  });
});

describe('batchImportErrorMessage (notice title "Batch import failed")', () => {
  it.each([
    [err(504, 'Request timed out'), 'The import timed out. Try fewer URLs at once.'],
    [
      err(422, 'Failed to import any books. https://a.example/1: The address answered 404 Not Found.'),
      'Could not import any books. Please check that all URLs are correct and publicly accessible.',
    ],
    [
      err(403, 'Batch import and export is part of the Publisher plan. Your Premium plan does not include it: upgrade to use it.'),
      'Batch import and export is part of the Publisher plan. Your Premium plan does not include it: upgrade to use it.',
    ],
    [err(400, 'At most 20 URLs at once'), 'At most 20 URLs at once'],
    [new Error('500: '), 'Failed to import the books'],
  ])('%s -> %s', (error, expected) => {
    expect(batchImportErrorMessage(error)).toBe(expected);
  });

  it('does not blame the URLs when Quire itself was unreachable', () => {
    expect(batchImportErrorMessage(new TypeError('Failed to fetch'))).toBe(NETWORK_ERROR_MESSAGE);
  });
});
