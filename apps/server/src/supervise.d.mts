import type { SpawnOptions } from 'node:child_process';

/** What {@link supervise} runs and how often it may start it again (see supervise.mjs). */
export interface SupervisePlan {
  command: string;
  args: string[];
  options?: SpawnOptions;
  /** Restarts allowed within `windowMs` (default 5). */
  maxRestarts?: number;
  /** The window of `maxRestarts`, ms (default 60,000). */
  windowMs?: number;
  /** The wait before each restart, ms (default 1,000). */
  restartDelayMs?: number;
  /** Where each restart is told (default: standard error). */
  log?: (line: string) => void;
}

/** The kept child (see supervise.mjs). */
export interface Supervised {
  /** Forwards `signal` (default SIGTERM) and starts nothing more. */
  stop(signal?: NodeJS.Signals): void;
  /** The exit status the keeper should end with. */
  exited: Promise<number>;
  /** Restarts so far. */
  restarts(): number;
  /** The running child's process id (undefined between two starts). */
  pid(): number | undefined;
}

/** Runs `plan.command` and starts it again when it dies of a signal nobody sent it (supervise.mjs). */
export function supervise(plan: SupervisePlan): Supervised;
