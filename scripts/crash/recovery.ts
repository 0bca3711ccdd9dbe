/**
 * After a round's kill, through the API of the (restarted) server: waiting until no job of War and Peace is active any
 * more, then downloading each newly completed export's file whole, and judging the round's export answer.
 */
import { bookJobs, download, type User } from '../load/api.ts';
import type { ServerProcess } from '../load/server.ts';
import type { Job } from '@quire/contracts';
import { wholeFileProblem, type Violation } from './invariants.ts';
import type { ExportAnswer, RoundOutcome } from './round.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How waiting for the jobs ended: after how long, and the jobs (newest first, at most 20) as last listed. */
export interface Idle {
  ms: number;
  /** The jobs still active when the time limit passed (none when every job ended). */
  stuck: Job[];
  jobs: Job[];
}

/**
 * Lists the book's jobs every second until none is queued or running, or `limitMs` have passed; adds every job seen to
 * `knownJobs`.
 * @throws when the server exits meanwhile.
 */
export async function waitUntilIdle(server: ServerProcess, owner: User, bookId: string, knownJobs: Set<string>, limitMs: number): Promise<Idle> {
  const start = performance.now();
  for (;;) {
    const ended = server.exited();
    if (ended) throw new Error(`the server exited (${ended}) while its jobs were recovering`);
    const jobs = await bookJobs(server.url, owner, bookId);
    for (const job of jobs) knownJobs.add(job.id);
    const active = jobs.filter((j) => j.state === 'queued' || j.state === 'running');
    const ms = performance.now() - start;
    if (active.length === 0 || ms > limitMs) return { ms, stuck: active, jobs };
    await sleep(1_000);
  }
}

/**
 * Downloads the file of each completed export job of `jobs` not in `verified` (then added), and checks it is whole
 * and of the size its job recorded (the book's other jobs, its format job, have no file); resolves the problems found.
 */
export async function verifyDownloads(base: string, owner: User, jobs: readonly Job[], verified: Set<string>): Promise<Violation[]> {
  const problems: Violation[] = [];
  const broke = (text: string) => problems.push({ invariant: 'exported', text });
  for (const job of jobs) {
    if (job.kind !== 'export' || job.state !== 'completed' || verified.has(job.id)) continue;
    verified.add(job.id);
    if (!job.export) {
      broke(`completed export job ${job.id} names no file`);
      continue;
    }
    const { status, body } = await download(base, owner, job.export.downloadUrl);
    if (status !== 200) broke(`the file of job ${job.id} answered ${status}: ${Buffer.from(body).toString('utf8').slice(0, 200)}`);
    else {
      const problem = wholeFileProblem(body, job.export.format, job.export.byteSize);
      if (problem) broke(`the file of job ${job.id} downloaded broken: ${problem}`);
    }
  }
  return problems;
}

/** The round's export request as the report counts it. */
export type AnswerKind = 'whole' | 'cut' | 'failed' | 'waited';

/**
 * Waits up to `limitMs` for the round's export answer (the server may still be answering it after a Typst kill), then
 * judges it: a 200 must be a whole PDF, made by the round's job, completed with that size; a 503 must be the job's
 * failure. Resolves how it ended and the problems found.
 */
export async function judgeExportAnswer(round: RoundOutcome, jobs: readonly Job[], limitMs: number): Promise<{ kind: AnswerKind; status?: number; problems: Violation[] }> {
  const broke = (text: string): Violation[] => [{ invariant: 'exported', text }];
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), limitMs)));
  const answer: ExportAnswer | null = await Promise.race([round.exportAnswer, late]);
  clearTimeout(timer);
  if (!answer) {
    round.abortExport();
    return { kind: 'waited', problems: broke(`the export request was not answered within ${limitMs / 1000} s of its job ending`) };
  }
  if (answer.kind === 'cut') return { kind: 'cut', problems: [] };
  const { status, body } = answer.answer;
  const job = round.exportJobId ? jobs.find((j) => j.id === round.exportJobId) : undefined;
  if (status === 200) {
    const problems: Violation[] = [];
    const problem = wholeFileProblem(body, 'pdf', body.byteLength);
    if (problem) problems.push(...broke(`the export answer (200) is not a whole PDF: ${problem}`));
    if (job && (job.state !== 'completed' || job.export?.byteSize !== body.byteLength)) {
      problems.push(...broke(`the export was answered 200 with ${body.byteLength} bytes, but its job ${job.id} is ${job.state} with ${job.export?.byteSize ?? 'no'} bytes`));
    }
    return { kind: 'whole', status, problems };
  }
  const text = Buffer.from(body).toString('utf8').slice(0, 200);
  if (job && job.state !== 'failed') return { kind: 'failed', status, problems: broke(`the export was answered ${status} (${text}) but its job ${job.id} is ${job.state}`) };
  return { kind: 'failed', status, problems: [] };
}
