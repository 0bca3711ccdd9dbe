/**
 * `npm start`'s keeper of the server process (scripts/start.mjs): it runs the server as a child and starts it again
 * when the child dies of a fault: of a signal other than the ones that ask a process to stop (an abort, a segfault, the
 * kernel's out-of-memory kill). The fault it is for: a worker thread that
 * runs out of its heap can abort the whole process instead of ending only the thread (Node's `resourceLimits` are
 * best effort: nodejs/node#47224, "whole process crash due to worker thread allocation"). After a restart the job
 * queue recovers the jobs the dead process held, and a job that kills its process again and again fails for good after
 * its last try, so a poisonous upload costs a few seconds of service, not the service.
 *
 * A child that exits with a code (0 after a clean stop; 1 when it cannot start: a taken port, a bad setting) is not
 * started again: the same start would fail the same way. Restarts are bounded: past `maxRestarts` within `windowMs`
 * the keeper gives up and exits as the child did.
 *
 * Plain JavaScript, so that `npm start` runs it without a loader; its types are in supervise.d.mts.
 */
import { spawn } from 'node:child_process';

/** Signals a person or a supervisor sends to stop a process: the child ended by one is not started again. */
const STOP_SIGNALS = new Set(['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT']);

/**
 * Runs `command` with `args` (stdio inherited, `options` given to `spawn`) and keeps it running.
 * @param {{ command: string, args: string[], options?: import('node:child_process').SpawnOptions,
 *   maxRestarts?: number, windowMs?: number, restartDelayMs?: number,
 *   log?: (line: string) => void }} plan
 *   `maxRestarts` restarts (default 5) within `windowMs` ms (default 60,000), each after `restartDelayMs` ms
 *   (default 1,000); `log` tells of each restart (default: standard error).
 * @returns {{ stop(signal?: NodeJS.Signals): void, exited: Promise<number>, restarts(): number, pid(): number | undefined }}
 *   `stop` forwards the signal (default SIGTERM) and starts nothing more; `exited` resolves the exit status the
 *   keeper should end with (the child's code, 1 for a child that died of a signal past the bound); `restarts` counts
 *   the restarts so far; `pid` is the running child's process id (undefined between two starts).
 */
export function supervise(plan) {
  const maxRestarts = plan.maxRestarts ?? 5;
  const windowMs = plan.windowMs ?? 60_000;
  const restartDelayMs = plan.restartDelayMs ?? 1_000;
  const log = plan.log ?? ((line) => console.error(line));
  /** When each restart happened, ms since the epoch. */
  const restartedAt = [];
  let restarts = 0;
  let stopping = false;
  let child = null;
  let timer = null;
  let resolveExited;
  const exited = new Promise((resolve) => (resolveExited = resolve));

  const start = () => {
    timer = null;
    child = spawn(plan.command, plan.args, { stdio: 'inherit', ...plan.options });
    child.once('error', (err) => {
      log(`The server could not be started: ${err.message}`);
      resolveExited(1);
    });
    child.once('exit', (code, signal) => {
      child = null;
      // A stop asked for (here, or by a terminal's Ctrl-C or a supervisor, which signal the child too) is no fault.
      if (stopping || signal === null || STOP_SIGNALS.has(signal)) return resolveExited(code ?? 0);
      const now = Date.now();
      while (restartedAt.length > 0 && now - restartedAt[0] > windowMs) restartedAt.shift();
      if (restartedAt.length >= maxRestarts) {
        log(`The server died (${signal}) ${maxRestarts + 1} times within ${Math.round(windowMs / 1000)} s; not starting it again.`);
        return resolveExited(1);
      }
      restartedAt.push(now);
      restarts++;
      log(`The server died (${signal}); starting it again in ${restartDelayMs} ms (its unfinished jobs are recovered).`);
      timer = setTimeout(start, restartDelayMs);
    });
  };
  start();

  return {
    stop(signal = 'SIGTERM') {
      stopping = true;
      if (timer) {
        clearTimeout(timer);
        timer = null;
        resolveExited(0);
      }
      child?.kill(signal);
    },
    exited,
    restarts: () => restarts,
    pid: () => child?.pid,
  };
}
