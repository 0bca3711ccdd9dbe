// One lint setup for the whole repo: TypeScript rules plus the import boundaries of DESIGN.md:
// web -> contracts; server -> contracts, engine (public index only); engine -> nothing of ours;
// in the web app, features never import one another and primitives never import features or pages.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

const webFeatures = (() => {
  try {
    return readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
})();

const webFeatureZones = webFeatures.map((name) => ({
  target: `./apps/web/src/features/${name}`,
  from: './apps/web/src/features',
  except: [`./${name}`],
  message: 'Features never import one another: move shared code to src/components or src/lib.',
}));

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/dist-prerender/**', '**/data/**', '**/out/**', 'test-results/**', 'apps/server/drizzle/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // The engine and the contracts import nothing of ours.
            { target: './packages/engine', from: './apps', message: 'The engine imports nothing of ours.' },
            { target: './packages/engine', from: './packages/contracts', message: 'The engine imports nothing of ours.' },
            { target: './packages/contracts', from: './apps', message: 'Contracts import nothing of ours.' },
            { target: './packages/contracts', from: './packages/engine', message: 'Contracts import nothing of ours.' },
            // The web app talks to the server over HTTP only.
            { target: './apps/web', from: './apps/server', message: 'The web app only imports @quire/contracts.' },
            { target: './apps/web', from: './packages/engine', message: 'The web app only imports @quire/contracts.' },
            { target: './apps/server', from: './apps/web', message: 'The server does not import the web app.' },
            // Web layers: pages/app -> features -> components/lib.
            { target: './apps/web/src/components', from: './apps/web/src/features', message: 'UI primitives never import features.' },
            { target: './apps/web/src/components', from: './apps/web/src/pages', message: 'UI primitives never import pages.' },
            { target: './apps/web/src/lib', from: './apps/web/src/features', message: 'lib never imports features.' },
            { target: './apps/web/src/features', from: './apps/web/src/pages', message: 'Features never import pages.' },
            ...webFeatureZones,
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@quire/*/src/*', '@quire/*/src'], message: 'Import a package through its public index only.' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/engine/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@quire/*'], message: 'The engine imports nothing of ours.' }] },
      ],
    },
  },
  {
    files: ['packages/contracts/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@quire/*'], message: 'Contracts import nothing of ours.' }] },
      ],
    },
  },
  {
    files: ['apps/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@quire/engine', message: 'The web app only imports @quire/contracts.' },
            { name: '@quire/server', message: 'The web app only imports @quire/contracts.' },
          ],
          patterns: [{ group: ['@quire/*/src/*'], message: 'Import a package through its public index only.' }],
        },
      ],
    },
  },
);
