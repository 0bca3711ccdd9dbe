#!/usr/bin/env node
// `npm start`: builds the web app, then runs the server (which serves it) on PORT (default 5000).
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

const build = spawnSync('npm', ['run', 'build', '--silent', '-w', '@quire/web'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) {
  console.error('The web app did not build; see the messages above.');
  process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
