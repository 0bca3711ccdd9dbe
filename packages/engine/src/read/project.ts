/**
 * A book given as several files: a `.zip` of a Markdown project (a thesis as `thesis/100_introduction.md`,
 * `thesis/200_background.md` ..., its figures in `graphs/`, its metadata in `config.yaml`), several files uploaded at
 * once, or a Project Gutenberg HTML edition zipped with its `images/` folder. pandoc is run on such projects as
 * `pandoc *.md` (files in name order, YAML metadata blocks merged, the first value of a key winning: pandoc's
 * manual, "Metadata blocks"); Quire joins them the same way and reads the rest as the main file's resources.
 */
import { EngineError } from '../errors.ts';
import { yaml } from '../lazy-package.ts';
import { openZip } from './archive/zip.ts';
import { decodeText, normalizeLineEndings } from './decode-text.ts';
import { mapResolver, type ResourceResolver } from './resources.ts';

/** Files of a project that are never part of the book's text. */
const NOT_TEXT = /^(?:license|licence|copying|changelog|contributing|code_of_conduct|security|authors)(?:\.[a-z]+)?$/i;

const MARKDOWN = /\.(?:md|markdown|mdown|mkd|mkdn)$/i;
const HTML = /\.(?:html?|xhtml)$/i;
/** Metadata files a Markdown project keeps beside its text (pandoc's `--metadata-file`). */
const METADATA = /^(?:config|metadata|meta|_metadata|pandoc)\.(?:ya?ml|json)$/i;

/**
 * What {@link assembleProject} made:
 * - `format`: how the joined text is read (`markdown` or `html`);
 * - `text`: the joined Markdown (one merged YAML block first) or the main HTML file's text;
 * - `fileName`: the main file's name, for messages;
 * - `resources`: every other file, seen from the main file's folder;
 * - `included`: the files joined into the text, in order; `metadataFiles`: the metadata files read;
 * - `mainFolder`: the main file's folder within the project (`thesis`, `''` at its root).
 */
export interface AssembledProject {
  format: 'markdown' | 'html';
  text: string;
  fileName: string;
  mainFolder: string;
  resources: ResourceResolver;
  included: string[];
  metadataFiles: string[];
}

function folderOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

function baseNameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** A leading YAML metadata block (`---` ... `---` or `...`) and the text after it. */
function splitFrontMatter(text: string): { yaml?: string; body: string } {
  const m = /^---[ \t]*\n([\s\S]*?)\n(?:---|\.\.\.)[ \t]*(?:\n|$)/.exec(text);
  return m ? { yaml: m[1]!, body: text.slice(m[0].length) } : { body: text };
}

/** A YAML (or JSON) mapping, or undefined when the text is not one. */
function yamlMapping(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = yaml().parse(text, { maxAliasCount: 100 });
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Joins a project's files into one text to read (see the module docs).
 * - Markdown: the folder holding the most Markdown is the main folder; its files in name order, then the other
 *   folders' Markdown files in path order (an `appendix/` after the chapters). LICENSE, CHANGELOG and the like are
 *   left out; a file named `abstract.md` becomes the `abstract` of the metadata when none is given. The YAML blocks
 *   of the files and the project's metadata files (`config.yaml`, `metadata.json`) are merged into one block on
 *   top, the files' own values first.
 * - No Markdown but HTML: the largest HTML file is the book, the rest its resources.
 * @param files the project's files by path (forward slashes), as unpacked or uploaded.
 * @returns undefined when the project holds no Markdown and no HTML file.
 */
export function assembleProject(files: ReadonlyMap<string, Uint8Array>): AssembledProject | undefined {
  const paths = [...files.keys()].filter((p) => !p.split('/').some((s) => s.startsWith('.') || s === '__MACOSX')).sort();
  const markdown = paths.filter((p) => MARKDOWN.test(p) && !NOT_TEXT.test(baseNameOf(p)));
  if (markdown.length === 0) {
    const html = paths.filter((p) => HTML.test(p)).sort((a, b) => files.get(b)!.length - files.get(a)!.length);
    const main = html[0];
    if (!main) return undefined;
    return {
      format: 'html',
      text: normalizeLineEndings(decodeText(files.get(main)!).text),
      fileName: baseNameOf(main),
      mainFolder: folderOf(main),
      resources: mapResolver(files, folderOf(main)),
      included: [main],
      metadataFiles: [],
    };
  }
  const bytesByFolder = new Map<string, number>();
  for (const p of markdown) bytesByFolder.set(folderOf(p), (bytesByFolder.get(folderOf(p)) ?? 0) + files.get(p)!.length);
  const mainFolder = [...bytesByFolder.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
  const inMain = markdown.filter((p) => folderOf(p) === mainFolder);
  const others = markdown.filter((p) => folderOf(p) !== mainFolder);
  const ordered = [...inMain, ...others];

  const meta: Record<string, unknown> = {};
  const take = (m: Record<string, unknown> | undefined) => {
    if (!m) return;
    for (const [k, v] of Object.entries(m)) if (!(k in meta) && v !== null && v !== undefined) meta[k] = v;
  };
  const bodies: string[] = [];
  const included: string[] = [];
  let abstract: string | undefined;
  for (const p of ordered) {
    const text = normalizeLineEndings(decodeText(files.get(p)!).text);
    const { yaml, body } = splitFrontMatter(text);
    if (yaml !== undefined) take(yamlMapping(yaml));
    if (/^abstract\.(?:md|markdown)$/i.test(baseNameOf(p))) {
      abstract = body.replace(/^#\s+abstract\s*\n/i, '').trim();
      included.push(p);
      continue;
    }
    if (body.trim()) bodies.push(body.trim());
    included.push(p);
  }
  const metadataFiles = paths.filter((p) => METADATA.test(baseNameOf(p)) && (folderOf(p) === '' || folderOf(p) === mainFolder));
  for (const p of metadataFiles) take(yamlMapping(decodeText(files.get(p)!).text));
  if (abstract && !('abstract' in meta)) meta.abstract = abstract;

  const header = Object.keys(meta).length > 0 ? `---\n${yaml().stringify(meta).trimEnd()}\n---\n\n` : '';
  const main = inMain[0] ?? ordered[0]!;
  return {
    format: 'markdown',
    text: `${header}${bodies.join('\n\n')}\n`,
    fileName: baseNameOf(main),
    mainFolder,
    resources: mapResolver(files, mainFolder),
    included,
    metadataFiles,
  };
}

/**
 * The files of a `.zip` upload that is neither a DOCX nor an EPUB, under the archive limits (`archive/zip.ts`).
 * @throws EngineError('ARCHIVE_TOO_LARGE') past the limits; EngineError('UNREADABLE_INPUT') for a damaged archive.
 */
export function unzipProject(bytes: Uint8Array): Map<string, Uint8Array> {
  const zip = openZip(bytes);
  const files = new Map<string, Uint8Array>();
  for (const entry of zip.entries) {
    if (entry.directory) continue;
    files.set(entry.name, zip.read(entry.name));
  }
  if (files.size === 0) throw new EngineError('EMPTY_INPUT', 'This archive holds no files.');
  return files;
}
