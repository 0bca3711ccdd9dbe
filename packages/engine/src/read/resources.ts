/**
 * Files beside the one being read: the images and bibliography a Markdown thesis names by relative path
 * (`![Pipeline](../graphs/pipeline.png)`), a Project Gutenberg HTML edition's `images/` folder. The command line
 * resolves them on disk next to the input file; the server from the other files of an upload (a `.zip` of a
 * Markdown project, or several files sent at once).
 */

/**
 * Resolves a path relative to the main file.
 * - `get(path)`: the file's bytes, or undefined when it is not there. `path` is as the text wrote it, already
 *   URL-decoded (`images/fig 1.png`, `../graphs/cookies.pdf`); implementations refuse what leaves their root
 *   (absolute paths, `..` past the root) by answering undefined. Never throws.
 * - `list()`: every path it holds, relative to the main file's folder, when it can tell (a zip can; a folder on
 *   disk may answer `[]`).
 */
export interface ResourceResolver {
  get(path: string): Uint8Array | undefined;
  list(): string[];
}

/** Normalises `a/./b/../c` to `a/c`; undefined when the path leaves its root or is absolute. */
export function normalizeRelativePath(path: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('/') || path.startsWith('\\')) return undefined;
  const out: string[] = [];
  for (const part of path.replace(/\\/g, '/').split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length === 0) return undefined;
      out.pop();
    } else out.push(part);
  }
  return out.length > 0 ? out.join('/') : undefined;
}

/**
 * A resolver over files keyed by their path in an archive or upload (`thesis/000_meta.md`, `graphs/a.pdf`),
 * seen from the folder `base` of the main file (`thesis`): `get('../graphs/a.pdf')` finds `graphs/a.pdf`. Files
 * uploaded together have no folders (a browser sends names only), so a path that names no file is looked up by its
 * last segment when exactly one file has that name (`images/fig1.png` finds `fig1.png`).
 */
export function mapResolver(files: ReadonlyMap<string, Uint8Array>, base = ''): ResourceResolver {
  const root = base.replace(/\\/g, '/').replace(/^\/+|\/+$/g, '');
  const byName = new Map<string, string | null>();
  for (const key of files.keys()) {
    const name = key.slice(key.lastIndexOf('/') + 1);
    byName.set(name, byName.has(name) ? null : key);
  }
  return {
    get(path) {
      const joined = normalizeRelativePath(root ? `${root}/${path}` : path);
      const exact = joined === undefined ? undefined : files.get(joined);
      if (exact) return exact;
      // `../x` from the archive's root folder leaves the archive: only a unique file of that name answers it.
      const name = path.replace(/\\/g, '/').split('/').pop() ?? '';
      const only = name && name !== '..' ? byName.get(name) : undefined;
      return only ? files.get(only) : undefined;
    },
    list() {
      return [...files.keys()];
    },
  };
}

/** A resolver that asks `first`, then `second` for what `first` does not hold. */
export function chainResolvers(first: ResourceResolver, second: ResourceResolver): ResourceResolver {
  return {
    get: (path) => first.get(path) ?? second.get(path),
    list: () => [...new Set([...first.list(), ...second.list()])],
  };
}
