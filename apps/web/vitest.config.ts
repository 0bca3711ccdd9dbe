import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: '@quire/web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
  },
});
