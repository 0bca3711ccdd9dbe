/**
 * Where a child process's entry is, how to start it and how to stop it (the helpers shared by the Typst pool, the
 * PDF text extraction and the vector-figure renderer). The entry sits next to the module that starts it, with the
 * same extension (`dist/` holds `.js` entries built by `scripts/build.mjs`; the sources `.ts` ones). A `.ts` entry
 * (running from source) gets the `tsx` loader through `--import`, resolved from this package, so that it works
 * whether or not the parent itself was started with tsx; the parent's own `execArgv` (a test runner's or a
 * debugger's flags) is not passed on. A child is always killed and reaped before the work it did is answered
 * ({@link stopChild}), and dies with the thread that forked it ({@link childRunner}).
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
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

/** util-linux's `setpriv`, which can ask the kernel to kill a process when its parent dies (Linux only). */
const SETPRIV = '/usr/bin/setpriv';

/**
 * How to run node for a child so that it dies with the thread that started it. A child busy in one long
 * synchronous call (a Typst compile, a pdf.js parse) cannot see its IPC channel close, so after a `kill -9` of
 * the server it would work on, orphaned, for as long as the call takes (measured up to 17 s by
 * `npm run crash-test`). On Linux the child is started through `setpriv --pdeathsig KILL` (prctl
 * PR_SET_PDEATHSIG: the kernel kills it when the *thread* that forked it ends, which also covers a child
 * forked in a worker thread that is terminated); `setpriv` execs node, so the child's pid is node's. Elsewhere,
 * or without `setpriv`, node is started directly and the child exits when its channel closes.
 * @returns `fork`'s `execPath` and the arguments to put before the child's own `execArgv`.
 */
export function childRunner(): { execPath: string; before: string[] } {
  if (process.platform === 'linux' && existsSync(SETPRIV)) return { execPath: SETPRIV, before: ['--pdeathsig', 'KILL', process.execPath] };
  return { execPath: process.execPath, before: [] };
}

/** Resident set size of a process in bytes (Linux `/proc/<pid>/status`, `VmRSS`); undefined elsewhere or once gone. */
export function residentBytes(pid: number): number | undefined {
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'latin1'));
    return m ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Kills a child (SIGKILL, unless it has already ended) and resolves once it has been reaped: Node emits `exit` after
 * libuv's `waitpid`, so no zombie of it is left. Callers settle their own promise only after this one, because a
 * child forked in a worker thread is reaped by that thread's event loop alone: if the thread ends first (piscina
 * retiring or terminating it), the dead child stays a zombie for the life of the server (issue 32, point 9).
 * Never rejects.
 */
export function stopChild(child: ChildProcess): Promise<void> {
  // No pid: the process never started (fork's `error`), so there is nothing to kill or wait for.
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    // `kill` fails only when the process is already gone (ESRCH), and then `exit` is on its way.
    child.kill('SIGKILL');
  });
}
