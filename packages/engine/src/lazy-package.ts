/**
 * A CommonJS package loaded the first time it is called for, not when the engine is imported. The math converters
 * (`temml`, `mathml-to-latex`) and the YAML parser are most of what issue 31's readers and writers added to every
 * process's memory, while most books have neither math nor front matter: loaded on demand, the engine's import
 * costs what it did before them (`npm run bench`: peak memory of each stage).
 *
 * The bundled CLI (`scripts/build.mjs`) resolves the package from `node_modules` at run time, as it does the fonts.
 * Throws what `require` throws when the package is missing (a broken install).
 */
import { createRequire } from 'node:module';
import type * as MathmlToLatex from 'mathml-to-latex';
import type Temml from 'temml';
import type * as Yaml from 'yaml';

const require = createRequire(import.meta.url);

export function lazyPackage<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(id) as T);
}

/** TeX to MathML (the HTML, EPUB and DOCX writers; the DOCX reader's check of its equations). */
export const temml = lazyPackage<typeof Temml>('temml');

/** MathML to TeX (the HTML reader). */
export const mathmlToLatex = lazyPackage<typeof MathmlToLatex>('mathml-to-latex');

/** YAML front matter and project metadata (the Markdown readers). */
export const yaml = lazyPackage<typeof Yaml>('yaml');
