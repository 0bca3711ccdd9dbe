import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './content-disposition.ts';

describe('fileNameFromDisposition', () => {
  it.each([
    ['attachment; filename="Books_EPUB_2026-11-27.zip"', 'Books_EPUB_2026-11-27.zip'],
    ['attachment; filename=Books_PDF_2026-11-27.zip', 'Books_PDF_2026-11-27.zip'],
    ['attachment; filename="a \\"quoted\\" name.zip"', 'a "quoted" name.zip'],
    ["attachment; filename=\"fallback.zip\"; filename*=UTF-8''Livres%20%C3%A9t%C3%A9.zip", 'Livres été.zip'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
  ])('%s -> %s', (header, expected) => {
    expect(fileNameFromDisposition(header)).toBe(expected);
  });

  it('answers null when no file is named', () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('inline')).toBeNull();
    expect(fileNameFromDisposition('attachment; filename=""')).toBeNull();
  });
});
