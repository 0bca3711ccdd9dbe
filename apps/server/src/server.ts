/**
 * Entry point of `npm start`: reads the configuration, builds the app, listens, and closes cleanly on SIGINT
 * or SIGTERM (database closed, data directory lock released, worker threads and PDF processes stopped).
 * A second server on the same data directory stops at once with a clear message.
 */
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { InvalidCidrError } from './net/address-policy.ts';

/** Starts Quire; resolves once it listens. Exits the process with status 1 on a startup error. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  let app;
  try {
    app = await buildApp(config);
  } catch (err) {
    if (err instanceof DataDirLockedError || err instanceof InvalidCidrError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = ['0.0.0.0', '::', 'localhost', '127.0.0.1', '::1'].includes(config.host) ? 'localhost' : config.host;
  const db = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded database in ${config.dataDirLabel}`;
  console.log(`Quire is running at http://${host}:${port} (${db})${config.webDistDir ? '' : ' - API only, web app not built'}`);
  console.log(
    config.stripe
      ? 'Payments: Stripe (plans, the free trial and their limits apply).'
      : 'Payments: not configured (set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET to sell plans); every feature is open.',
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
