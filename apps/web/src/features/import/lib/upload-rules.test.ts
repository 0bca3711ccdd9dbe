import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, SUPPORTED_UPLOAD_EXTENSIONS } from '@quire/contracts';
import { FILE_TOO_LARGE_MESSAGE, PROJECT_FILE_EXTENSIONS, UPLOAD_ACCEPT, fileExtension, isSupportedUpload, uploadProblem } from './upload-rules.ts';

describe('upload rules', () => {
  it('offers every supported type in the picker, and only those', () => {
    expect(UPLOAD_ACCEPT.split(',')).toEqual([...SUPPORTED_UPLOAD_EXTENSIONS, ...PROJECT_FILE_EXTENSIONS]);
    for (const ext of ['.txt', '.md', '.html', '.xhtml', '.docx', '.epub', '.pdf']) expect(UPLOAD_ACCEPT.split(',')).toContain(ext);
  });

  it.each([
    ['pride.txt', true],
    ['NOTES.MD', true],
    ['pg1342-images.html', true],
    ['chapter.xhtml', true],
    ['thesis.final.docx', true],
    ['moby-dick.epub', true],
    ['scan.PDF', true],
    ['thesis.doc', false],
    ['book.rtf', false],
    ['thesis.zip', true],
    ['README', false],
    ['.pdf', false],
  ])('%s supported: %s', (name, supported) => {
    expect(isSupportedUpload(name)).toBe(supported);
  });

  it('reads the last extension in lower case', () => {
    expect(fileExtension('a.tar.GZ')).toBe('.gz');
    expect(fileExtension('noext')).toBe('');
  });

  it('refuses an unsupported type, naming the supported ones', () => {
    expect(uploadProblem({ name: 'thesis.doc', size: 100 })).toBe(
      `Quire cannot read .doc files. Supported types: ${SUPPORTED_UPLOAD_EXTENSIONS.join(', ')}.`,
    );
    expect(uploadProblem({ name: 'README', size: 100 })).toMatch(/^Quire cannot read files without an extension\./);
  });

  it('refuses 10MB and more, accepts just under', () => {
    expect(uploadProblem({ name: 'big.pdf', size: MAX_FILE_BYTES })).toBe(FILE_TOO_LARGE_MESSAGE);
    expect(uploadProblem({ name: 'big.pdf', size: MAX_FILE_BYTES - 1 })).toBeNull();
  });
});
