#!/usr/bin/env node
// `npm run typecheck`: type-checks every TypeScript project of the repository, one `tsc -p` each (the projects do
// not reference each other, so `tsc -b` has nothing to build from the root). `npm test` runs the same list.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The projects, each a folder with its own tsconfig.json. */
export const TSC_PROJECTS = ['packages/contracts', 'packages/engine', 'apps/server', 'apps/web', 'e2e', 'scripts'];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const failed = TSC_PROJECTS.filter((project) => {
    console.log(`== type-check ${project}`);
    return spawnSync('npx', ['tsc', '-p', project], { cwd: root, stdio: 'inherit' }).status !== 0;
  });
  if (failed.length > 0) console.log(`Type errors in: ${failed.join(', ')}`);
  process.exit(failed.length > 0 ? 1 : 0);
}
