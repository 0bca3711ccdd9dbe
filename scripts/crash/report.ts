/**
 * The crash test's figures and its Markdown report: the kills and restarts, what became of the jobs, the exports, the
 * files and the books, each invariant with its result, and one line per round.
 */
import type { LogFigures } from './server-log.ts';
import { INVARIANTS, type InvariantId, type Snapshot, type Violation } from './invariants.ts';

/** One round as the report lists it. */
export interface RoundRecord {
  n: number;
  target: 'server' | 'typst';
  killed: 'server' | 'typst' | 'missed';
  /** When the kill was planned, e.g. "62 % of 24.1 s" (of the export's expected duration, or of its compile's). */
  planned: string;
  killAtMs: number;
  jobAtKill: string;
  /** ms from the restart's spawn to ready (server rounds). */
  readyMs: number | null;
  /** ms from ready (or the Typst kill) until no export job was active. */
  recoveryMs: number;
  /** e.g. "2 sent: 1 accepted, 1 cut (book absent)". */
  imports: string;
  exportAnswer: string;
  /** Invariants broken at this round's check. */
  broken: number;
}

/** Everything the run counted. */
export interface Tally {
  database: 'PGlite' | 'PostgreSQL';
  seed: number;
  plannedRounds: number;
  startedAt: Date;
  machine: string;
  setup: { importMs: number; formatMs: number; exportMs: number; typesetStartMs: number; pdfBytes: number } | null;
  rounds: RoundRecord[];
  /** Starts on a cleanly stopped server's data, and restarts after a kill -9: ms from spawn to ready. */
  cleanStartsMs: number[];
  restartsMs: number[];
  imports: { sent: number; accepted: number; refused: number; cut: number; landedUnanswered: number; absent: number };
  exportAnswers: { whole: number; cut: number; failed: Map<number, number>; unanswered: number };
  typstOrphans: { count: number; longestMs: number; killedByTest: number };
  last: Snapshot | null;
  log: LogFigures | null;
  violations: Violation[];
  /** Set when the run stopped before its rounds were done. */
  abortedBecause: string | null;
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Min / median / max of `values` in seconds ('-' when empty). */
function spread(values: readonly number[]): string {
  if (values.length === 0) return '-';
  const sorted = [...values].sort((a, b) => a - b);
  return `${s(sorted[0]!)} / ${s(sorted[Math.floor(sorted.length / 2)]!)} / ${s(sorted[sorted.length - 1]!)}`;
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** The report. */
export function report(t: Tally): string {
  const kills = t.rounds.filter((r) => r.killed !== 'missed');
  const serverKills = t.rounds.filter((r) => r.killed === 'server').length;
  const typstKills = t.rounds.filter((r) => r.killed === 'typst').length;
  const missed = t.rounds.filter((r) => r.killed === 'missed').length;
  const last = t.last;
  const log = t.log;
  const failedAnswers = [...t.exportAnswers.failed].map(([status, n]) => `${n} x ${status}`).join(', ') || '0';
  const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  const lines: string[] = [];
  lines.push(`# Crash test (${t.database})`, '');
  lines.push(
    `Run of ${t.startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, seed ${t.seed}, on ${t.machine}. ` +
      `${t.rounds.length} of ${t.plannedRounds} rounds; each asks for a War and Peace PDF export and imports one or two corpus files, ` +
      'then kill -9s the server (restarted on the same data) or the Typst child compiling the export, at a random fraction of ' +
        "the export's duration (or of its compile's) as the last rounds measured it.",
  );
  if (t.setup) {
    lines.push(
      '',
      `Setup: War and Peace imported in ${s(t.setup.importMs)}, formatted in ${s(t.setup.formatMs)}; its PDF export on a fresh server took ` +
        `${s(t.setup.exportMs)} (Typst compile from ${s(t.setup.typesetStartMs)}), ${(t.setup.pdfBytes / 1024 / 1024).toFixed(1)} MiB.`,
    );
  }
  if (t.abortedBecause) lines.push('', `**The run stopped early:** ${t.abortedBecause}`);

  lines.push('', '## Figures', '', '| Figure | Value |', '| --- | --- |');
  const rows: [string, string][] = [
    ['Rounds', String(t.rounds.length)],
    ['Kills (kill -9)', `${kills.length}: server ${serverKills}, Typst child ${typstKills}${missed ? ` (and ${missed} Typst rounds whose compile had ended before the kill)` : ''}`],
    ['Restarts after a kill, time to ready (min / median / max)', `${t.restartsMs.length}: ${spread(t.restartsMs)}`],
    ['Clean starts, time to ready (min / median / max)', `${t.cleanStartsMs.length}: ${spread(t.cleanStartsMs)}`],
    ['Recovery: until no export job was active (min / median / max)', spread(t.rounds.map((r) => r.recoveryMs))],
  ];
  if (last) {
    rows.push(
      ['Jobs accepted', `${last.jobs.total} (${[...last.jobs.byKind].map(([kind, n]) => `${kind} ${n}`).join(', ')})`],
      ['Jobs completed / failed / still active', `${last.jobs.completed} / ${last.jobs.failed} / ${last.jobs.active}`],
      ['Jobs tried more than once (most tries)', `${last.jobs.retried} (${last.jobs.maxAttempts})`],
      ['Failures, by reason', [...last.jobs.failedReasons].map(([reason, n]) => `${n} x ${reason}`).join('; ') || '-'],
      ['Exports rows', String(last.exportRows)],
      ['Exports duplicated', String(last.duplicatedExports)],
      ['Partial or unreferenced files (exports, staged uploads)', String(last.partialFiles)],
      ['Temporary files left (`.quire-tmp-*`, swept at a start once an hour old)', String(last.temporaryFiles)],
      ['Staged uploads left after their import job ended', String(last.uploadsLeft)],
      ['Books whole / absent / broken', `${last.books.whole} / ${t.imports.absent} / ${last.books.broken}`],
    );
  }
  rows.push(
    ['Imports sent: accepted / refused / cut by the kill', `${t.imports.sent}: ${t.imports.accepted} / ${t.imports.refused} / ${t.imports.cut}`],
    ['Cut imports whose book was stored anyway (whole)', String(t.imports.landedUnanswered)],
    ['Export requests: whole PDF / failed / cut by the kill / unanswered', `${t.exportAnswers.whole} / ${failedAnswers} / ${t.exportAnswers.cut} / ${t.exportAnswers.unanswered}`],
    ['Typst children outliving a killed server (longest; killed by the test)', `${t.typstOrphans.count} (${s(t.typstOrphans.longestMs)}; ${t.typstOrphans.killedByTest})`],
  );
  if (log) {
    rows.push(
      ['Server log: jobs recovered at a start / queued again by the sweep / failed by the sweep', `${log.recoveredAtStart} / ${log.sweptQueued} / ${log.sweptFailed}`],
      ['Server log: tries failed and retried / failed on their last try', `${log.retriedAfterError} / ${log.failedLastTry}`],
      ['Server log: tries whose result was discarded (lost their job)', String(log.discardedTries)],
    );
  }
  for (const [figure, value] of rows) lines.push(`| ${cell(figure)} | ${cell(value)} |`);

  lines.push('', '## Invariants', '', '| Invariant | Broken | Result |', '| --- | --- | --- |');
  for (const [id, words] of Object.entries(INVARIANTS) as [InvariantId, string][]) {
    const broken = t.violations.filter((v) => v.invariant === id).length;
    lines.push(`| ${words} | ${broken} | ${pass(broken === 0)} |`);
  }
  lines.push('', t.violations.length === 0 ? 'No invariant was broken.' : `**${t.violations.length} broken:**`);
  for (const v of t.violations) lines.push(`- (${v.invariant}) ${v.text}`);

  lines.push('', '## Rounds', '', '| # | Kill | Planned at | At | Export job at the kill | Ready after | Export jobs ended after | Imports | Export request | Broken |', '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of t.rounds) {
    const kill = r.killed === 'missed' ? 'Typst (missed)' : r.killed === 'typst' ? 'Typst child' : 'server';
    lines.push(
      `| ${r.n} | ${kill} | ${r.planned} | ${s(r.killAtMs)} | ${cell(r.jobAtKill)} | ${r.readyMs === null ? '-' : s(r.readyMs)} | ${s(r.recoveryMs)} | ${cell(r.imports)} | ${cell(r.exportAnswer)} | ${r.broken} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}
