/**
 * A {@link ResourceResolver} over a folder on disk, for the command line: a Markdown thesis's images and
 * bibliography are read next to the file the user named (`../graphs/cookies.pdf` from `thesis/`). Only the CLI
 * uses it: the user converts their own files, so a relative path may climb out of the folder (`..`), as pandoc
 * resolves it; absolute paths and URLs are never read. Files over `maxBytes` are not read.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ResourceResolver } from './resources.ts';

/** Largest file the folder resolver reads: 64 MiB (the book's image budget, `read/images.ts`). */
export const FOLDER_RESOURCE_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Files relative to `dir`. `get` answers undefined for a missing, unreadable, oversized or absolute path;
 * `list` the files directly in `dir` and one level below (enough for the usual `images/` and `figures/`).
 * Never throws.
 */
export function folderResolver(dir: string, maxBytes = FOLDER_RESOURCE_MAX_BYTES): ResourceResolver {
  return {
    get(relative) {
      if (path.isAbsolute(relative) || /^[a-z][a-z0-9+.-]*:/i.test(relative)) return undefined;
      const file = path.resolve(dir, relative);
      try {
        const stat = statSync(file);
        if (!stat.isFile() || stat.size > maxBytes) return undefined;
        return new Uint8Array(readFileSync(file));
      } catch {
        return undefined;
      }
    },
    list() {
      const out: string[] = [];
      try {
        for (const entry of readdirSync(dir, { withFileTypes: true })) {
          if (entry.isFile()) out.push(entry.name);
          else if (entry.isDirectory()) {
            for (const inner of readdirSync(path.join(dir, entry.name), { withFileTypes: true })) {
              if (inner.isFile()) out.push(`${entry.name}/${inner.name}`);
            }
          }
        }
      } catch {
        // An unreadable folder lists nothing.
      }
      return out;
    },
  };
}
