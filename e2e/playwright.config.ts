import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { BILLING } from './billing-server.ts';
import { MAIL } from './outbox.ts';

/** Port of the Quire server the e2e test drives; it runs on its own throw-away data directory. */
const PORT = Number(process.env.QUIRE_E2E_PORT ?? 5099);
const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = process.env.QUIRE_E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'quire-e2e-'));
process.env.QUIRE_E2E_DATA_DIR = dataDir;

/**
 * The suite's SMTP server (smtp-sink.ts): the first Quire server sends its mail there, and it writes each message it
 * receives to this folder, where the specs read them (outbox.ts).
 */
const smtpDir = process.env.QUIRE_E2E_SMTP_DIR ?? mkdtempSync(path.join(tmpdir(), 'quire-e2e-smtp-'));
process.env.QUIRE_E2E_SMTP_DIR = smtpDir;

/**
 * A second Quire server that takes payments (billing-server.ts), against the local fake Stripe API: the stories
 * of the free trial and the plans run on it, the others on the first server, where nothing is limited.
 */
const billingDataDir = process.env.QUIRE_E2E_BILLING_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'quire-e2e-billing-'));
process.env.QUIRE_E2E_BILLING_DATA_DIR = billingDataDir;

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
  webServer: [
    {
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
        SMTP_URL: MAIL.smtpUrl,
        SUPPORT_EMAIL: MAIL.supportEmail,
      },
    },
    {
      command: 'node --import tsx e2e/smtp-sink.ts',
      cwd: root,
      port: MAIL.smtpPort,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      env: { SMTP_SINK_PORT: String(MAIL.smtpPort), SMTP_SINK_DIR: smtpDir },
    },
    {
      command: 'node --import tsx apps/server/test/stripe/run-fake-stripe.ts',
      cwd: root,
      url: `${BILLING.fakeStripeUrl}/_test/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      env: {
        FAKE_STRIPE_PORT: String(BILLING.fakeStripePort),
        FAKE_STRIPE_WEBHOOK_URL: `${BILLING.url}/api/stripe/webhook`,
        FAKE_STRIPE_WEBHOOK_SECRET: BILLING.webhookSecret,
        FAKE_STRIPE_SECRET_KEY: BILLING.secretKey,
      },
    },
    {
      // The web app is built by the first server's start; this one only starts (both serve the same build).
      command: 'node --import tsx apps/server/src/server.ts',
      cwd: root,
      url: `${BILLING.url}/`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      env: {
        PORT: String(BILLING.port),
        QUIRE_DATA_DIR: billingDataDir,
        QUIRE_ALLOW_PRIVATE_URLS: '1',
        PUBLIC_URL: BILLING.url,
        STRIPE_SECRET_KEY: BILLING.secretKey,
        STRIPE_PUBLISHABLE_KEY: BILLING.publishableKey,
        STRIPE_WEBHOOK_SECRET: BILLING.webhookSecret,
        STRIPE_API_URL: BILLING.fakeStripeUrl,
        SUPPORT_EMAIL: BILLING.supportEmail,
      },
    },
  ],
});
