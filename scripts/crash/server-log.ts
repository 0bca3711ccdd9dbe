/**
 * What the server's own log (every start of the run appended to one file, pino JSON lines) says about its jobs: how
 * often each job completed (at most once), tries whose result was discarded because they had lost their job, jobs
 * recovered at a start or by the sweep, and retries after a failed try.
 */
import { readFile } from 'node:fs/promises';

/** The log's job events, counted. */
export interface LogFigures {
  /** Jobs whose "job completed" line appears more than once, with the count. */
  completedTwice: Map<string, number>;
  /** "job finished by a try that no longer held it". */
  discardedTries: number;
  /** Jobs queued again at a start (PGlite) or by the heartbeat sweep (PostgreSQL), or failed there on their last try. */
  recoveredAtStart: number;
  sweptQueued: number;
  sweptFailed: number;
  /** Tries that failed and were queued again (a Typst child killed, for one). */
  retriedAfterError: number;
  /** Jobs failed on their last try after an error. */
  failedLastTry: number;
}

/** Reads the log at `file`. Lines that are not JSON (the start banner) are skipped. */
export async function readServerLog(file: string): Promise<LogFigures> {
  const text = await readFile(file, 'utf8').catch(() => '');
  const completions = new Map<string, number>();
  const figures: LogFigures = { completedTwice: new Map(), discardedTries: 0, recoveredAtStart: 0, sweptQueued: 0, sweptFailed: 0, retriedAfterError: 0, failedLastTry: 0 };
  for (const line of text.split('\n')) {
    if (!line.startsWith('{')) continue;
    let entry: { msg?: string; jobId?: string; queued?: unknown[]; failed?: unknown[] };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue;
    }
    switch (entry.msg) {
      case 'job completed':
        if (entry.jobId) completions.set(entry.jobId, (completions.get(entry.jobId) ?? 0) + 1);
        break;
      case 'job finished by a try that no longer held it; its result was discarded':
        figures.discardedTries++;
        break;
      case 'jobs left running by a stopped process recovered':
        figures.recoveredAtStart += (entry.queued?.length ?? 0) + (entry.failed?.length ?? 0);
        break;
      case 'job left by a stopped worker queued again':
        figures.sweptQueued++;
        break;
      case 'job left by a stopped worker failed on its last try':
        figures.sweptFailed++;
        break;
      case 'job try failed; it will be tried again':
        figures.retriedAfterError++;
        break;
      case 'job failed on its last try':
        figures.failedLastTry++;
        break;
    }
  }
  for (const [id, n] of completions) if (n > 1) figures.completedTwice.set(id, n);
  return figures;
}
