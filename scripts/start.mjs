#!/usr/bin/env node
// `npm start`: builds the web app, then runs the server (which serves it) on PORT (default 5000), started again if it
// dies of a fault (apps/server/src/supervise.mjs).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { supervise } from '../apps/server/src/supervise.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

const build = spawnSync('npm', ['run', 'build', '--silent', '-w', '@quire/web'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) {
  console.error('The web app did not build; see the messages above.');
  process.exit(build.status ?? 1);
}

const server = supervise({
  command: process.execPath,
  args: ['--import', 'tsx', 'apps/server/src/server.ts'],
  options: { cwd: root, env: process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.stop(signal));
}
process.exitCode = await server.exited;
