/**
 * In-process Typst compilation (`@myriaddreamin/typst-ts-node-compiler`, Typst 0.14).
 *
 * The compiler is synchronous and blocks the event loop for the whole compile (about 1.5 s for 700
 * pages), and its memo cache only grows, so the server compiles in child processes (`pool.ts`); this
 * module is what runs inside them, and what a CLI or a test may call directly.
 */
import { NodeCompiler } from '@myriaddreamin/typst-ts-node-compiler';
import { EngineError } from '../../errors.ts';
import { shippedFontPaths } from './fonts.ts';

let compiler: NodeCompiler | undefined;

/**
 * One compiler per process, created on first use with every registry family (`fonts.ts`; system fonts are
 * also visible). A face's file is read the first time a document uses it.
 */
function getCompiler(): NodeCompiler {
  compiler ??= NodeCompiler.create({ fontArgs: [{ fontPaths: shippedFontPaths() }] });
  return compiler;
}

/** A diagnostic as the compiler reports it (`shortDiagnostics` entries). */
interface TypstDiagnostic {
  message?: string;
  hints?: string[];
  range?: string | null;
}

function describe(diagnostics: unknown): string {
  if (!Array.isArray(diagnostics) || diagnostics.length === 0) return 'unknown error';
  return (diagnostics as TypstDiagnostic[])
    .slice(0, 5)
    .map((d) => [d.message ?? String(d), d.range ? `at ${d.range}` : '', ...(d.hints ?? []).map((h) => `hint: ${h}`)].filter(Boolean).join(' '))
    .join('; ');
}

/**
 * Compiles a Typst source to PDF bytes, synchronously, on the calling thread.
 *
 * - `source`: a self-contained Typst document (no imports or files), as made by `writeTypst`.
 * Returns the PDF (`%PDF-...`). Old entries of Typst's memo cache are evicted after each compile
 * (`evictCache(10)`, the value typst.ts suggests for one-shot tools), which slows but does not stop the
 * growth of the process's memory.
 * @throws EngineError `WRITE_FAILED` with Typst's diagnostics in the message when the source has errors.
 */
export function compileTypstToPdf(source: string): Uint8Array {
  const typst = getCompiler();
  try {
    const result = typst.compile({ mainFileContent: source });
    const document = result.result;
    if (result.hasError() || !document) {
      const error = result.takeError();
      const diagnostics = error ? error.shortDiagnostics : [];
      throw new EngineError('WRITE_FAILED', `The PDF could not be typeset: ${describe(diagnostics)}`, {
        cause: diagnostics,
      });
    }
    // No tagged-PDF structure: a print file for a printer needs none, it makes the file about 40 %
    // larger, and poppler 22 reports its structure tree as malformed.
    const pdf = typst.pdf(document, { pdfTags: false });
    return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  } catch (error) {
    if (error instanceof EngineError) throw error;
    throw new EngineError('WRITE_FAILED', `The PDF could not be typeset: ${String(error)}`, { cause: error });
  } finally {
    typst.evictCache(10);
  }
}
