#!/usr/bin/env node
// The `quire` command: runs the compiled CLI (`dist/`, built by `npm ci` through the root `prepare` script, or
// `npm run build -w @quire/engine`); without it, the sources through the TypeScript loader.
import { existsSync } from 'node:fs';

const compiled = new URL('../dist/cli.js', import.meta.url);
let main;
if (existsSync(compiled)) {
  ({ main } = await import(compiled.href));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../src/cli.ts'));
}
process.exitCode = await main(process.argv.slice(2));
