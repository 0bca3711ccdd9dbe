import { defineConfig } from 'vitest/config';

/** One run over every package; each project has its own `vitest.config.ts`. */
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'packages/engine', 'apps/server', 'apps/web'],
  },
});
