import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: '@quire/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // Every test app logs into a folder the teardown audits for secrets (test/log-audit.ts).
    globalSetup: ['test/log-audit.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
