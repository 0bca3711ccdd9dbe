/**
 * Where a child process's entry is and how to start it: the entry sits next to the module that starts it, with the
 * same extension (`dist/` holds `.js` entries built by `scripts/build.mjs`; the sources `.ts` ones). A `.ts` entry
 * (running from source) gets the `tsx` loader through `--import`, resolved from this package, so that it works
 * whether or not the parent itself was started with tsx; the parent's own `execArgv` (a test runner's or a
 * debugger's flags) is not passed on.
 */
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The entry `name` (without extension, e.g. `pdf-child`) beside the module at `callerUrl` (its `import.meta.url`),
 * and the Node flags to fork it with: `--max-old-space-size` when `maxMemoryMb` is given (at least 16 MB).
 */
export function childEntryBeside(callerUrl: string, name: string, maxMemoryMb?: number): { path: string; execArgv: string[] } {
  const ext = fileURLToPath(callerUrl).endsWith('.ts') ? '.ts' : '.js';
  const path = fileURLToPath(new URL(`./${name}${ext}`, callerUrl));
  const heap = maxMemoryMb === undefined ? [] : [`--max-old-space-size=${Math.max(16, Math.floor(maxMemoryMb))}`];
  if (ext === '.js') return { path, execArgv: heap };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { path, execArgv: [...heap, '--import', tsx] };
}
