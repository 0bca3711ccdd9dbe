import fp from 'fastify-plugin';
import { createJobRunner, type JobRunner } from '../workers/pool.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Heavy work off the event loop: worker threads, and child processes for PDF. */
    jobs: JobRunner;
  }
}

/** Creates the app's single job runner (DESIGN.md section 3, "Heavy work") and closes it with the app. */
export const jobsPlugin = fp<{ threads: number; pdfProcesses: number }>(
  async (app, opts) => {
    const jobs = createJobRunner({ threads: opts.threads, pdfProcesses: opts.pdfProcesses });
    app.decorate('jobs', jobs);
    app.addHook('onClose', async () => {
      await jobs.close();
    });
  },
  { name: 'quire-jobs' },
);
