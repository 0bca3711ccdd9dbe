/**
 * The load test's report: Markdown, each figure beside its target (issues 14 and 32, "Load") with PASS or MISS, and the
 * figures without a target beside them for context.
 */
import { BROWSER_ACCEPT_ENCODING, type CannonFigures } from './cannon.ts';
import { FLOOD_SECONDS, type Cast, type PhaseA, type PhaseB, type PhaseC, type SoakOps } from './phases.ts';
import type { Reference } from './reference.ts';

/**
 * The targets (issue 32, "Load"). On a machine of two cores an absolute latency says little, so throughput and p99 are
 * ratios to the bare reference server's, measured in the same run: Quire's reads per second at least 0.8 of its, its
 * p99 at most 1.5 times its (2 times during the login flood); the event loop's delay p99 at most 20 ms; no read
 * failing; the soak's RSS growing at most 10 %.
 */
export const TARGETS = {
  readThroughputRatio: 0.8,
  readP99Ratio: 1.5,
  floodReadP99Ratio: 2,
  readErrors: 0,
  eventLoopP99Ms: 20,
  soakRssGrowthPercent: 10,
} as const;

/** What the report says about the run itself. */
export interface RunInfo {
  database: string;
  node: string;
  machine: string;
  connections: number;
  startedAt: Date;
}

/** One row: a figure, its value, its target ('' for none) and whether it met it (null for none). */
type Row = [figure: string, value: string, target: string, met: boolean | null];

const ms = (n: number) => `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`;
const seconds = (n: number) => `${(n / 1000).toFixed(1)} s`;
const kib = (bytes: number) => `${Math.round(bytes / 1024)} KiB`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const count = (n: number) => n.toLocaleString('en-US');

/** The `p`th percentile of `values`, nearest rank (100: the largest; 0 when empty). */
function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** All failures of a read run: connection errors (timeouts among them) and non-2xx answers. */
const failuresOf = (f: CannonFigures) => f.errors + f.non2xx;

/** The rows every read run shows without a target. */
function readRows(f: CannonFigures): Row[] {
  return [
    ['Reads answered', `${count(f.requests)} (${Math.round(f.perSecond)} req/s)`, '', null],
    ['Read latency p50 / max', `${ms(f.p50Ms)} / ${ms(f.maxMs)}`, '', null],
    ['Load generator CPU (this process)', `${Math.round(f.loaderCpuPercent)} % of a core`, '', null],
  ];
}

/** A Markdown table of `rows`. */
function table(rows: readonly Row[]): string {
  const lines = ['| Figure | Value | Target | Result |', '| --- | --- | --- | --- |'];
  for (const [figure, value, target, met] of rows) lines.push(`| ${figure} | ${value} | ${target} | ${met === null ? '' : met ? 'PASS' : 'MISS'} |`);
  return lines.join('\n');
}

/** Phase A's rows. */
function phaseARows(a: PhaseA): Row[] {
  const exported = 'error' in a.exported ? `failed: ${a.exported.error}` : `${seconds(a.exported.ms)} (${mib(a.exported.bytes)})`;
  const overlap =
    'error' in a.exported ? '' : a.exported.ms >= a.seconds * 1000 ? ', still running when the reads ended' : `, over the first ${seconds(a.exported.ms)} of the ${a.seconds} s of reads`;
  return [
    ['Read latency p99', ms(a.reads.p99Ms), '', null],
    [
      'Read errors (connection errors, timeouts, non-2xx)',
      `${failuresOf(a.reads)} (${a.reads.errors}, ${a.reads.timeouts}, ${a.reads.non2xx})`,
      `${TARGETS.readErrors}`,
      failuresOf(a.reads) === TARGETS.readErrors,
    ],
    ['Event-loop delay p99', ms(a.probe.eventLoopDelayMs.p99), `<= ${TARGETS.eventLoopP99Ms} ms`, a.probe.eventLoopDelayMs.p99 <= TARGETS.eventLoopP99Ms],
    ...readRows(a.reads),
    ['Event-loop delay p50 / max', `${ms(a.probe.eventLoopDelayMs.p50)} / ${ms(a.probe.eventLoopDelayMs.max)}`, '', null],
    ['War and Peace PDF export', exported + overlap, '', 'error' in a.exported ? false : null],
  ];
}

/** `value` as a ratio with two decimals (`0.58x`). */
const ratio = (value: number) => `${value.toFixed(2)}x`;

/** The reference run's rows, beside phase A's figures: the ratios of phase A's throughput and p99 to its. */
function referenceRows(ref: Reference, a: PhaseA): Row[] {
  const exported = 'error' in ref.exported ? `failed: ${ref.exported.error}` : seconds(ref.exported.ms);
  const throughput = ref.reads.perSecond > 0 ? a.reads.perSecond / ref.reads.perSecond : 0;
  const p99 = ref.reads.p99Ms > 0 ? a.reads.p99Ms / ref.reads.p99Ms : Infinity;
  return [
    [
      "Quire's reads per second / the bare server's",
      `${ratio(throughput)} (${Math.round(a.reads.perSecond)} / ${Math.round(ref.reads.perSecond)})`,
      `>= ${TARGETS.readThroughputRatio}x`,
      throughput >= TARGETS.readThroughputRatio,
    ],
    ["Quire's read latency p99 / the bare server's", `${ratio(p99)} (${ms(a.reads.p99Ms)} / ${ms(ref.reads.p99Ms)})`, `<= ${TARGETS.readP99Ratio}x`, p99 <= TARGETS.readP99Ratio],
    ['Read latency p50 (Quire in phase A)', `${ms(ref.reads.p50Ms)} (${ms(a.reads.p50Ms)})`, '', null],
    ['Read errors', `${failuresOf(ref.reads)}`, '', null],
    ['Load generator CPU (this process)', `${Math.round(ref.reads.loaderCpuPercent)} % of a core`, '', null],
    ['War and Peace PDF export on Quire meanwhile', exported, '', 'error' in ref.exported ? false : null],
  ];
}

/** Phase B's rows; `ref` is the reference run, whose p99 the flood's reads are held to. */
function phaseBRows(b: PhaseB, ref: Reference): Row[] {
  const limited = b.flood.statuses['429'] ?? 0;
  const refused = b.flood.statuses['401'] ?? 0;
  const other = b.flood.requests - limited - refused;
  const floodP99 = ref.reads.p99Ms > 0 ? b.reads.p99Ms / ref.reads.p99Ms : Infinity;
  return [
    [
      'Flood answers: 429 / 401 / other',
      `${count(limited)} / ${count(refused)} / ${count(other)} of ${count(b.flood.requests)} (${b.flood.errors} connection errors)`,
      '429s',
      limited > 0 && other === 0 && b.flood.errors === 0,
    ],
    [
      "Other users' read latency p99 / the bare server's",
      `${ratio(floodP99)} (${ms(b.reads.p99Ms)} / ${ms(ref.reads.p99Ms)})`,
      `<= ${TARGETS.floodReadP99Ratio}x`,
      floodP99 <= TARGETS.floodReadP99Ratio,
    ],
    ["Other users' read errors", `${failuresOf(b.reads)}`, '', null],
    ...readRows(b.reads),
    ['Flood latency p99', ms(b.flood.p99Ms), '', null],
    ['Event-loop delay p99 / max', `${ms(b.probe.eventLoopDelayMs.p99)} / ${ms(b.probe.eventLoopDelayMs.max)}`, '', null],
  ];
}

/** A soak call kind's row. */
function opsRow(name: string, ops: SoakOps): Row {
  const failed = ops.failures > 0 ? `, ${ops.failures} failed (first: ${ops.firstFailure})` : '';
  return [name, `${ops.count} calls, p50 ${ms(percentile(ops.ms, 50))}, max ${ms(percentile(ops.ms, 100))}${failed}`, '', ops.failures > 0 ? false : null];
}

/**
 * Phase C's rows. RSS growth is counted from the first sample after the soak's first tenth (its warm-up: the memory
 * phases A and B left, War and Peace's PDF among it, is still being given back when the soak starts) to the last.
 */
function phaseCRows(c: PhaseC): Row[] {
  const warmUpS = c.minutes * 60 * 0.1;
  const base = c.rss.find((sample) => sample.atS >= warmUpS) ?? c.rss[0];
  const last = c.rss.at(-1);
  const growth = base && last ? ((last.bytes - base.bytes) / base.bytes) * 100 : 0;
  const max = Math.max(...c.rss.map((sample) => sample.bytes));
  return [
    [
      `RSS growth from ${Math.round(base?.atS ?? 0)} s to the end`,
      `${growth >= 0 ? '+' : ''}${growth.toFixed(1)} % (${mib(base?.bytes ?? 0)} to ${mib(last?.bytes ?? 0)}; max ${mib(max)}, at the start ${mib(c.rss[0]?.bytes ?? 0)}; ${c.rss.length} samples)`,
      `<= ${TARGETS.soakRssGrowthPercent} %`,
      growth <= TARGETS.soakRssGrowthPercent,
    ],
    ['Read latency p99', ms(c.reads.p99Ms), '', null],
    ['Read errors', `${failuresOf(c.reads)}`, '', null],
    ...readRows(c.reads),
    opsRow('Imports of the small book', c.ops.import),
    opsRow('Exports of a small book', c.ops.export),
    opsRow('Sign-ins', c.ops.signIn),
  ];
}

/** The whole report, in Markdown. */
export function report(info: RunInfo, cast: Cast, a: PhaseA, ref: Reference, b: PhaseB, c: PhaseC | null): string {
  const sections: [string, Row[]][] = [
    [`A. ${info.connections} connections read books for ${a.seconds} s while War and Peace is exported as PDF`, phaseARows(a)],
    [
      `Reference: the same reads from a bare node:http server sending one of these answers (${kib(ref.bytes)}, ${ref.encoding}), while War and Peace is exported again`,
      referenceRows(ref, a),
    ],
    [`B. A login flood (one account, one client, ${FLOOD_SECONDS} s) while ${info.connections} connections read other users' books`, phaseBRows(b, ref)],
    ...(c ? [[`C. Mixed soak, ${c.minutes} min`, phaseCRows(c)] as [string, Row[]]] : []),
  ];
  const rows = sections.flatMap(([, r]) => r).filter((r) => r[2] !== '');
  const met = rows.filter((r) => r[3]).length;
  return [
    `# Quire load test, ${info.database}`,
    '',
    `${info.startedAt.toISOString()}; Node ${info.node}; ${info.machine}. War and Peace imported in ${seconds(cast.importMs)}, formatted in ${seconds(cast.formatMs)}.`,
    `Each read is GET /api/books/:id of one of ${cast.readers.length} users' own book (${kib(cast.readBytes)} of JSON, texts included; ${kib(ref.bytes)} on the wire as ${ref.encoding}), with the user's bearer token and a browser's \`Accept-Encoding: ${BROWSER_ACCEPT_ENCODING}\`.`,
    '',
    ...sections.flatMap(([title, r]) => [`## ${title}`, '', table(r), '']),
    ...(c ? [] : ['The soak was not run (`--soak 0`).', '']),
    `**${met} of ${rows.length} targets met.**`,
    '',
  ].join('\n');
}
