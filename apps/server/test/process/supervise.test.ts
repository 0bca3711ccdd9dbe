/**
 * `npm start`'s keeper (src/supervise.mjs): a server that dies of a signal nobody sent it (an abort: a worker thread
 * out of its heap can take the whole process down, nodejs/node#47224) is started again, within a bound; one that exits
 * with a code, or is stopped, is not. The child here is a real process that aborts, exits or waits, as told.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { supervise } from '../../src/supervise.mjs';

/**
 * A child script that counts its starts in a file and then does `behaviour` on its first `times` starts (and waits
 * for a signal after them): 'abort' (process.abort(), as V8's fatal out-of-memory does), 'exit1', or 'wait'.
 */
function childScript(behaviour: 'abort' | 'exit1' | 'wait', times: number): { args: string[]; starts: () => number } {
  const dir = mkdtempSync(path.join(tmpdir(), 'quire-supervise-'));
  const counter = path.join(dir, 'starts');
  writeFileSync(counter, '0');
  const source = `
    const fs = require('node:fs');
    const n = Number(fs.readFileSync(${JSON.stringify(counter)}, 'utf8')) + 1;
    fs.writeFileSync(${JSON.stringify(counter)}, String(n));
    const act = n <= ${times} ? ${JSON.stringify(behaviour)} : 'wait';
    if (act === 'abort') process.abort();
    if (act === 'exit1') process.exit(1);
    setInterval(() => {}, 1000);
  `;
  return { args: ['--no-warnings', '-e', source], starts: () => Number(readFileSync(counter, 'utf8')) };
}

const quiet = { log: () => {}, restartDelayMs: 20, options: { stdio: 'ignore' as const } };

describe('the server keeper', () => {
  it('starts a server that aborted again, and stops it on request with its own exit status', async () => {
    const child = childScript('abort', 2);
    const kept = supervise({ command: process.execPath, args: child.args, ...quiet });
    await expect.poll(child.starts, { timeout: 10_000 }).toBe(3);
    expect(kept.restarts()).toBe(2);
    kept.stop('SIGTERM');
    // Stopped by us: no restart, and the keeper ends as a clean stop does.
    expect(await kept.exited).toBe(0);
    expect(child.starts()).toBe(3);
  });

  it('gives up past its bound of restarts in the window', async () => {
    const child = childScript('abort', 100);
    const kept = supervise({ command: process.execPath, args: child.args, ...quiet, maxRestarts: 3, windowMs: 60_000 });
    expect(await kept.exited).toBe(1);
    expect(child.starts()).toBe(4);
    expect(kept.restarts()).toBe(3);
  });

  it('does not start again a server ended by a stop signal someone else sent it (a terminal, a supervisor)', async () => {
    const child = childScript('wait', 0);
    const kept = supervise({ command: process.execPath, args: child.args, ...quiet });
    await expect.poll(child.starts, { timeout: 10_000 }).toBe(1);
    // The child alone is signalled, as `kill <pid>` or a container runtime does.
    process.kill(kept.pid()!, 'SIGTERM');
    expect(await kept.exited).toBe(0);
    expect(kept.restarts()).toBe(0);
  });

  it('does not start again a server that exited with a code (it could not start: the same start would fail)', async () => {
    const child = childScript('exit1', 1);
    const kept = supervise({ command: process.execPath, args: child.args, ...quiet });
    expect(await kept.exited).toBe(1);
    expect(child.starts()).toBe(1);
    expect(kept.restarts()).toBe(0);
  });
});
