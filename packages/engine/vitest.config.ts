import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: '@quire/engine',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
