import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/** The folders directly inside `dir` (features of the web, modules of the server). */
const foldersIn = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

/**
 * Boundaries (STYLE.md): web imports flow app → features → shared, never feature → feature; server
 * modules meet only through each other's index.ts; the contracts import nothing of ours.
 */
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const webFeatureRules = foldersIn('./apps/web/src/features/').map((feature) => ({
  files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
  rules: restrict(
    {
      regex: `^@/features/(?!${feature}/)`,
      message: 'A feature never imports another feature: move what both need to components/ or lib/.',
    },
    {
      regex: '^\\.\\./\\.\\./(?!\\.\\./)',
      message: 'A feature never imports another feature: move what both need to components/ or lib/.',
    },
    { regex: '^@/app(/|$)', message: 'Features do not import the app shell: imports flow app → features → shared.' },
  ),
}));
const serverModuleRules = foldersIn('./apps/server/src/modules/').map((module) => ({
  files: [`apps/server/src/modules/${module}/**/*.ts`],
  rules: restrict(
    {
      regex: `^\\.\\./(?!${module}/|\\.\\./)[^/]+/(?!index\\.js$)`,
      message: 'Reach another module only through its index.ts (its public entry), never its internals.',
    },
    {
      regex: '/modules/[^/]+/(?!index\\.js$)[^/]+$',
      message: 'Reach another module only through its index.ts (its public entry), never its internals.',
    },
  ),
}));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/server/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  ...webFeatureRules,
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: restrict({
      regex: '^(@/(features|app)(/|$)|(\\.\\./)+(features|app)(/|$))',
      message:
        'Shared code (components/, lib/) never imports features or the app: imports flow app → features → shared.',
    }),
  },
  {
    // What every page loads at start (the entry, the app shell, the first signed-in pages) takes values
    // only from @holdfast/contracts/constants: the main entry brings every Zod schema with it, built on
    // the main thread before the first render (docs/performance.md, First page load).
    files: [
      'apps/web/src/main.tsx',
      'apps/web/src/app/**/*.{ts,tsx}',
      'apps/web/src/lib/*.ts',
      'apps/web/src/components/layout/**/*.{ts,tsx}',
      'apps/web/src/features/dashboard/**/*.{ts,tsx}',
      'apps/web/src/features/transactions/pages/transactions.tsx',
      'apps/web/src/features/transactions/components/{list-toolbar,transaction-row}.tsx',
      'apps/web/src/features/transactions/lib/*.ts',
    ],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@holdfast/contracts',
              allowTypeImports: true,
              message: 'Loaded at start: import values from @holdfast/contracts/constants (no Zod), types from either.',
            },
          ],
        },
      ],
    },
  },
  ...serverModuleRules,
  {
    // Everything else on the server (composition root, ledger, lib, providers, cli, test helpers).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/modules/**'],
    rules: restrict({
      regex: 'modules/[^/]+/(?!index\\.js$)[^/]+$',
      message: 'Reach a module only through its index.ts (its public entry), never its internals.',
    }),
  },
  {
    // No import cycles: two files that need each other are one unit, or a layer is missing. Resolved through
    // each workspace's tsconfig (`@/…` included). The rule skips `import type` by design, so `npm run lint`
    // also runs scripts/check-import-cycles.mjs, which follows type-only imports as well.
    files: ['apps/server/src/**/*.{ts,tsx}', 'apps/web/src/**/*.{ts,tsx}', 'packages/contracts/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'packages/contracts/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['packages/contracts/src/**/*.ts'],
    rules: restrict(
      { group: ['@holdfast/*'], message: 'The contracts import nothing of ours: they are the bottom layer.' },
      { regex: '^\\.\\./', message: 'The contracts import nothing outside packages/contracts/src.' },
    ),
  },
);
