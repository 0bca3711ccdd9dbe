/**
 * LibreOffice as the judge of the DOCX writer: `soffice --headless --convert-to pdf` on many files, in a few
 * LibreOffice processes at once, each with its own user profile (two conversions sharing the default profile
 * fail silently: STACK-NOTES.md §4). One call converts a whole list of files, which saves the start-up per file.
 * LibreOffice leaves out "automatically inserted blank pages" (the blank verso before a chapter that opens on a
 * recto) unless told otherwise; they are pages of a print book, so the export keeps them (`IsSkipEmptyPages`
 * false, LibreOffice's PDF export filter data).
 */

/** `--convert-to` target: the Writer PDF export, blank pages kept (filter options as JSON, LibreOffice 7.4+). */
const PDF_EXPORT = 'pdf:writer_pdf_Export:{"IsSkipEmptyPages":{"type":"boolean","value":"false"}}';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Convert each DOCX to PDF into `outDir` with `processes` LibreOffice processes at once (files dealt round-robin).
 * @returns the PDF path of each DOCX (`<outDir>/<name>.pdf`), by DOCX path.
 * @throws when LibreOffice fails or leaves a file unconverted.
 */
export async function docxToPdf(files: readonly string[], outDir: string, processes = 2): Promise<Map<string, string>> {
  const groups = Array.from({ length: Math.max(1, processes) }, (_, g) => files.filter((_, i) => i % processes === g)).filter((g) => g.length > 0);
  await Promise.all(
    groups.map(async (group) => {
      const profile = await mkdtemp(join(tmpdir(), 'lo-quire-proof-'));
      try {
        await run('soffice', [`-env:UserInstallation=${pathToFileURL(profile).href}`, '--headless', '--convert-to', PDF_EXPORT, '--outdir', outDir, ...group], {
          maxBuffer: 16 << 20,
          timeout: 600_000,
        });
      } finally {
        await rm(profile, { recursive: true, force: true });
      }
    }),
  );
  const out = new Map<string, string>();
  for (const file of files) {
    const pdf = join(outDir, `${basename(file, '.docx')}.pdf`);
    if (!existsSync(pdf)) throw new Error(`LibreOffice did not convert ${file}`);
    out.set(file, pdf);
  }
  return out;
}
