/**
 * Published security advisories of pdf.js (`pdfjs-dist`) that matter to a server reading strangers'
 * PDFs, as data. A test fails when the installed release falls inside one of these ranges, so an
 * upgrade (or a lockfile drift) into a known-bad release cannot pass unnoticed.
 */

/** One advisory: its ids and the affected versions, `introduced <= v < fixed` (either bound optional). */
export interface PdfJsAdvisory {
  ids: readonly string[];
  summary: string;
  /** First affected version; absent: every version before `fixed`. */
  introduced?: string;
  /** First fixed version; absent: no fix yet. */
  fixed?: string;
}

/** Advisories of `pdfjs-dist`, from the GitHub Advisory Database. */
export const PDFJS_ADVISORIES: readonly PdfJsAdvisory[] = [
  {
    ids: ['GHSA-wgrm-67xf-hhpq', 'CVE-2024-4367'],
    summary: 'Arbitrary JavaScript execution through a crafted font (FontMatrix) when eval is supported',
    fixed: '4.2.67',
  },
  {
    ids: ['GHSA-hq66-cqwq-w95j'],
    summary: 'Vulnerability in pdf.js releases 5.6.83 up to 6.2.108 (exclusive)',
    introduced: '5.6.83',
    fixed: '6.2.108',
  },
];

/** Compares two `major.minor.patch` versions (pre-release tags ignored): negative, 0 or positive. */
export function compareVersions(a: string, b: string): number {
  const parse = (v: string): number[] => v.replace(/^v/, '').split(/[-+]/)[0]!.split('.').map((n) => Number(n) || 0);
  const [x, y] = [parse(a), parse(b)];
  for (let i = 0; i < 3; i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** The advisories whose affected range holds `version` (empty: none known). */
export function advisoriesFor(version: string, advisories: readonly PdfJsAdvisory[] = PDFJS_ADVISORIES): PdfJsAdvisory[] {
  return advisories.filter(
    (a) => (a.introduced === undefined || compareVersions(version, a.introduced) >= 0) && (a.fixed === undefined || compareVersions(version, a.fixed) < 0),
  );
}
