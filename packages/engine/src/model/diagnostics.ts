/**
 * What a reader, the Markdown parser or a writer could not keep or had to change, said to the user (issue
 * "Nothing silent"): an unsupported element, an image file that is missing or too small to print at 300 dpi, an
 * unknown LaTeX command, an unresolved cross-reference, a table shrunk or turned to a landscape page.
 *
 * Every reader returns its diagnostics beside its result (`readBook`'s `diagnostics`); writers take a
 * {@link Diagnostics} collector in their options and add to it. The CLI prints them; the web shows them in the
 * Clean tab after an import and in the Export tab before a download.
 */

/**
 * Kinds of diagnostic (stable names the web may group by):
 * - `unsupported-element`: markup no node of the model holds (an HTML `<svg>`, a Word chart), left out;
 * - `image-missing`: an image the text refers to is not in the upload (the caption is kept);
 * - `image-refused`: an image file of a type or size Quire does not take (SVG, TIFF, past the limits);
 * - `image-low-resolution`: an image with fewer pixels than 300 dpi at its printed size (KDP's minimum);
 * - `latex-command`: a raw LaTeX command of a Markdown file that Quire left out;
 * - `latex-mapped`: a raw LaTeX command Quire did itself (`\newpage`, `\maketitle`, `\tableofcontents`);
 * - `crossref-unresolved`: a cross-reference whose target no figure, table, equation or section carries;
 * - `math-unconverted`: an equation the converter could not read, kept as its source text;
 * - `table-shrunk`: a table set in smaller type to fit the text block;
 * - `table-rotated`: a table set on a landscape page;
 * - `table-simplified`: a table whose layout a format cannot hold (a nested table flattened, spans dropped);
 * - `other`: anything else, said in the message.
 */
export const DIAGNOSTIC_CODES = [
  'unsupported-element',
  'image-missing',
  'image-refused',
  'image-low-resolution',
  'latex-command',
  'latex-mapped',
  'crossref-unresolved',
  'math-unconverted',
  'table-shrunk',
  'table-rotated',
  'table-simplified',
  'other',
] as const;

/** One of {@link DIAGNOSTIC_CODES}. */
export type DiagnosticCode = (typeof DIAGNOSTIC_CODES)[number];

/**
 * One thing the user should know.
 * - `message`: a sentence a student understands (`The image "graphs/cookies.pdf" is a PDF; Quire keeps PNG, JPEG,
 *   GIF and WebP images, so only its caption is printed.`);
 * - `where`: where in the text, as the reader sees it (`Chapter 3: Results`, `Table 2`, `line 214`), when known;
 * - `count`: how many times the same message was given (the collector merges repeats; 1 when absent).
 */
export interface Diagnostic {
  code: DiagnosticCode;
  message: string;
  where?: string;
  count?: number;
}

/** Most distinct diagnostics kept by one collector; past it repeats are still counted on the last one. */
export const MAX_DIAGNOSTICS = 200;

/**
 * Collects diagnostics in the order first given, merging a repeat of the same code, message and place into one
 * entry with a count (a thesis that uses `\vspace` forty times gets one line, `count: 40`).
 */
export class Diagnostics {
  private readonly entries = new Map<string, Diagnostic>();
  private overflow = 0;

  /** Adds one diagnostic (or counts a repeat). */
  add(code: DiagnosticCode, message: string, where?: string): void {
    const key = `${code}\u0000${message}\u0000${where ?? ''}`;
    const seen = this.entries.get(key);
    if (seen) {
      seen.count = (seen.count ?? 1) + 1;
      return;
    }
    if (this.entries.size >= MAX_DIAGNOSTICS) {
      this.overflow++;
      return;
    }
    this.entries.set(key, where === undefined ? { code, message } : { code, message, where });
  }

  /** Adds every diagnostic of a list (another reader's, a worker's), keeping their counts. */
  addAll(list: readonly Diagnostic[]): void {
    for (const d of list) for (let i = 0; i < (d.count ?? 1); i++) this.add(d.code, d.message, d.where);
  }

  /** True when nothing was added. */
  get isEmpty(): boolean {
    return this.entries.size === 0;
  }

  /** The diagnostics, first given first; a last `other` line says how many more were not kept. */
  toArray(): Diagnostic[] {
    const out = [...this.entries.values()].map((d) => ({ ...d }));
    if (this.overflow > 0) out.push({ code: 'other', message: `${this.overflow} more notes like these were not listed.` });
    return out;
  }
}

/** One diagnostic as a line of plain text (`Table 2: the table was set in 8 pt type to fit the page. (3 times)`). */
export function diagnosticLine(d: Diagnostic): string {
  const where = d.where ? `${d.where}: ` : '';
  const times = d.count && d.count > 1 ? ` (${d.count} times)` : '';
  return `${where}${d.message}${times}`;
}
