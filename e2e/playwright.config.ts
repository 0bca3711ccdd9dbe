import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

/** Port of the Quire server the e2e test drives; it runs on its own throw-away data directory. */
const PORT = Number(process.env.QUIRE_E2E_PORT ?? 5099);
const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = process.env.QUIRE_E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'quire-e2e-'));
process.env.QUIRE_E2E_DATA_DIR = dataDir;

/** Debian's Chromium (no browser download); flags for a closed network and running as root. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  timeout: 240_000,
  expect: { timeout: 60_000 },
  workers: 1,
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    acceptDownloads: true,
    actionTimeout: 30_000,
    trace: 'off',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  webServer: {
    command: 'node scripts/start.mjs',
    cwd: root,
    url: `http://127.0.0.1:${PORT}/`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    env: {
      PORT: String(PORT),
      QUIRE_DATA_DIR: dataDir,
      QUIRE_ALLOW_PRIVATE_URLS: '1',
    },
  },
});
