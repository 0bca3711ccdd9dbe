#!/usr/bin/env node
// The `quire` command: registers the TypeScript loader, then runs the CLI from source,
// so it works right after `npm ci` with no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli.ts');
process.exitCode = await main(process.argv.slice(2));
