/**
 * The installed pdf.js must lie outside every published advisory range (kept as data in
 * `src/read/pdf/advisories.ts`), and the range check itself must work.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { advisoriesFor, compareVersions, PDFJS_ADVISORIES } from '../../src/read/pdf/advisories.ts';

const require = createRequire(import.meta.url);

function installedPdfJsVersion(): string {
  const pkg = JSON.parse(readFileSync(require.resolve('pdfjs-dist/package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

describe('pdf.js advisories', () => {
  it('the installed pdfjs-dist is in no known-bad range', () => {
    const version = installedPdfJsVersion();
    expect(advisoriesFor(version).map((a) => a.ids.join(' / '))).toEqual([]);
  });

  it('the installed version is the one pinned in package.json', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> };
    expect(pkg.dependencies['pdfjs-dist']).toBe(installedPdfJsVersion());
  });

  it.each([
    ['4.1.392', ['GHSA-wgrm-67xf-hhpq']],
    ['4.2.66', ['GHSA-wgrm-67xf-hhpq']],
    ['4.2.67', []],
    ['4.10.38', []],
    ['5.5.207', []],
    ['5.6.82', []],
    ['5.6.83', ['GHSA-hq66-cqwq-w95j']],
    ['5.6.205', ['GHSA-hq66-cqwq-w95j']],
    ['6.2.107', ['GHSA-hq66-cqwq-w95j']],
    ['6.2.108', []],
  ])('%s is affected by %j', (version, ids) => {
    expect(advisoriesFor(version).map((a) => a.ids[0])).toEqual(ids);
  });

  it('compares versions numerically, not as text', () => {
    expect(compareVersions('4.10.38', '4.2.67')).toBeGreaterThan(0);
    expect(compareVersions('v5.6.83', '5.6.83')).toBe(0);
    expect(PDFJS_ADVISORIES.every((a) => a.ids.length > 0 && (a.introduced ?? a.fixed) !== undefined)).toBe(true);
  });
});
