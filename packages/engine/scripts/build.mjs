/**
 * Builds the `quire` command to JavaScript (`dist/`), so that it starts without the TypeScript loader: the CLI
 * and the entries of the child processes it starts (`pdf-child`, `extract-child`, `vector-images-child`), bundled with esbuild into
 * one folder, where `pool.ts` and `read/pdf/extract.ts` look for their children next to themselves.
 *
 * Packages are bundled in, so that Node reads one file instead of resolving hundreds, except those that load
 * a native binary (the Typst compiler, the canvas) or ship as a module of their own loaded on demand
 * (pdf.js); fonts stay in `node_modules`, where `require.resolve` finds them at run time.
 *
 * Run by `npm ci` / `npm install` (the root `prepare` script) and by `npm run build -w @quire/engine`;
 * `bin/quire.mjs` runs the sources through tsx when `dist/` is absent. `--outdir <folder>` (inside this package,
 * so that `node_modules` resolves) builds elsewhere, for the test of the build.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
const outdir = path.resolve(root, values.outdir ?? 'dist');

rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: ['src/cli.ts', 'src/write/typst/pdf-child.ts', 'src/read/pdf/extract-child.ts', 'src/read/vector-images-child.ts'],
  outdir,
  entryNames: '[name]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['@myriaddreamin/*', '@napi-rs/*', 'pdfjs-dist'],
  // CommonJS packages bundled into an ES module still call `require` for Node's built-in modules.
  banner: { js: "import { createRequire as quireCreateRequire } from 'node:module'; const require = quireCreateRequire(import.meta.url);" },
  logLevel: 'warning',
});
