/**
 * Lighthouse (mobile: Moto G Power, slow 4G, 4x CPU, simulated) on the pages of a running Quire server, several
 * runs each, printing the median performance score and metrics. Lighthouse is not a dependency of the project: npx
 * fetches it from the npm registry on first use. Needs Chromium (`CHROME_PATH`, default /usr/bin/chromium).
 *
 *   npm start                                   # in another shell (PORT 5000)
 *   node --import tsx scripts/lighthouse.ts      # http://localhost:5000/, 3 runs
 *   node --import tsx scripts/lighthouse.ts http://localhost:5000/ http://localhost:5000/login --runs 5
 *
 * The simulated metrics scale what the browser measured on this machine: on a busy machine they come out slower
 * (compare runs taken at the same time).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt === -1 ? 3 : Number(args[runsAt + 1]);
const urls = args.filter((a, i) => !a.startsWith('--') && i !== runsAt + 1);
if (urls.length === 0) urls.push('http://localhost:5000/');

type Report = {
  categories: Record<string, { score: number }>;
  audits: Record<string, { numericValue?: number }>;
};

const METRICS = [
  ['first-contentful-paint', 'FCP ms'],
  ['largest-contentful-paint', 'LCP ms'],
  ['total-blocking-time', 'TBT ms'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI ms'],
  ['total-byte-weight', 'bytes'],
] as const;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const work = mkdtempSync(path.join(tmpdir(), 'quire-lighthouse-'));
try {
  for (const url of urls) {
    const reports: Report[] = [];
    for (let i = 0; i < runs; i++) {
      const out = path.join(work, `run-${i}.json`);
      const result = spawnSync(
        'npx',
        [
          '--yes',
          'lighthouse@12',
          url,
          '--only-categories=performance,accessibility,best-practices,seo',
          '--chrome-flags=--headless --no-sandbox --disable-gpu',
          '--output=json',
          `--output-path=${out}`,
          '--quiet',
        ],
        { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' } },
      );
      if (result.status !== 0) throw new Error(`lighthouse failed on ${url} (exit ${result.status})`);
      reports.push(JSON.parse(readFileSync(out, 'utf8')) as Report);
    }
    const scores = Object.keys(reports[0]?.categories ?? {}).map(
      (id) => `${id} ${Math.round(median(reports.map((r) => r.categories[id]?.score ?? 0)) * 100)}`,
    );
    const metrics = METRICS.map(([id, label]) => {
      const value = median(reports.map((r) => r.audits[id]?.numericValue ?? Number.NaN));
      return `${label} ${id === 'cumulative-layout-shift' ? value.toFixed(3) : Math.round(value)}`;
    });
    const perRun = reports.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100)).join(', ');
    console.log(`${url}\n  median of ${runs}: ${scores.join(', ')}\n  ${metrics.join(', ')}\n  performance per run: ${perRun}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
