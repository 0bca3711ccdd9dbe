/**
 * Entry point of `npm run worker` (issue 14: "API processes and workers scale apart on several machines"): a process
 * that answers no requests and runs jobs (exports) from the PostgreSQL queue it shares with the API processes. It
 * builds the same app as the server, with the same configuration (DATABASE_URL, the S3_* settings of the shared file
 * store, QUIRE_JOB_CONCURRENCY jobs at once), but does not listen. On SIGTERM or SIGINT it stops taking jobs, lets
 * running ones finish for a few seconds, hands back the rest to the other workers and exits within 10 s.
 */
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

/** Starts the worker; exits the process with status 1 on a startup error. */
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
  if (!config.databaseUrl) {
    console.error(
      'npm run worker needs DATABASE_URL: workers share their queue with the API processes through PostgreSQL. On the embedded database, npm start runs the jobs itself.',
    );
    process.exit(1);
  }
  if (config.jobConcurrency === 0) {
    console.error('QUIRE_JOB_CONCURRENCY is 0: this worker would take no jobs. Leave it unset (2) or give the number of jobs to run at once.');
    process.exit(1);
  }

  // No web app to serve: this process answers no requests.
  const app = await buildApp({ ...config, webDistDir: null });
  await app.ready();

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, stopping the worker`);
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
  console.log(`Quire worker running ${config.jobConcurrency} job(s) at once from PostgreSQL (DATABASE_URL).`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
