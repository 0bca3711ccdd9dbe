#!/usr/bin/env node
// `npm test`: type-check every project, lint, run the unit/integration suites (vitest), then the
// end-to-end test in Chromium (Playwright). Prints one closing line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TSC_PROJECTS } from './typecheck.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const reports = mkdtempSync(path.join(tmpdir(), 'quire-test-'));

let passed = 0;
let failed = 0;
const failures = [];

function run(label, command, args, env = {}) {
  console.log(`\n== ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function step(label, command, args) {
  if (run(label, command, args)) passed += 1;
  else {
    failed += 1;
    failures.push(label);
  }
}

for (const project of TSC_PROJECTS) step(`type-check ${project}`, 'npx', ['tsc', '-p', project]);
step('lint', 'npx', ['eslint', '.']);

const vitestJson = path.join(reports, 'vitest.json');
const vitestOk = run('unit and integration tests (vitest)', 'npx', [
  'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`,
]);
if (existsSync(vitestJson)) {
  const report = JSON.parse(readFileSync(vitestJson, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  if (report.numFailedTests > 0 || !vitestOk) failures.push('vitest');
  if (!vitestOk && report.numFailedTests === 0) failed += 1;
} else {
  failed += 1;
  failures.push('vitest (no report)');
}

const pwJson = path.join(reports, 'playwright.json');
const pwOk = run('end-to-end (Playwright, Chromium)', 'npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
});
if (existsSync(pwJson)) {
  const stats = JSON.parse(readFileSync(pwJson, 'utf8')).stats ?? {};
  passed += stats.expected ?? 0;
  failed += (stats.unexpected ?? 0) + (stats.flaky ?? 0);
  if (!pwOk) failures.push('e2e');
  if (!pwOk && !stats.unexpected) failed += 1;
} else {
  failed += 1;
  failures.push('e2e (no report)');
}

if (failures.length > 0) console.log(`\nFailed: ${failures.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
