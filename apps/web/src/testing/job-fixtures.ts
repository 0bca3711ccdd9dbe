import type { Job } from '@quire/contracts';

/**
 * A job as GET /api/books/:id/jobs or /api/import-jobs answers it (contracts `JobSchema`): by default an export of a
 * PDF, running at 40%; `overrides` make it another kind or state.
 */
export function makeJob(overrides: Partial<Job> = {}): Job {
  return {
    id: '3f6c1c1e-8f0a-4c3e-9b1a-2d4e5f6a7b8c',
    kind: 'export',
    bookId: null,
    subject: null,
    format: 'pdf',
    state: 'running',
    stage: 'Typesetting pages',
    percent: 40,
    attempts: 1,
    maxAttempts: 3,
    error: null,
    createdAt: '2026-11-27T10:00:00.000Z',
    finishedAt: null,
    export: null,
    ...overrides,
  };
}
