const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const boundaries = require('eslint-plugin-boundaries');

// The web's layers (bulletproof-react): a feature imports the shared layers and its own files;
// only the app (routes and providers) wires features together.
const webLayers = ['lib', 'config', 'components'];
const features = ['admin', 'platform', 'public', 'worklog'];
const webElements = [
  { type: 'app', pattern: 'web/src/app/**', partialMatch: false },
  { type: 'server', pattern: 'web/server/**', partialMatch: false },
  ...webLayers.map((type) => ({ type, pattern: `web/src/${type}/**`, partialMatch: false })),
  ...features.map((type) => ({ type, pattern: `web/src/features/${type}/**`, partialMatch: false })),
];
const only = (from, to) => ({ from: { element: { type: from } }, allow: { to: { element: { types: { anyOf: to } } } } });

module.exports = tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'web/dist-ssr/**', '.data/**', 'coverage/**', 'bench/out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', require: 'readonly', module: 'writable', __dirname: 'readonly', globalThis: 'readonly', Buffer: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', URL: 'readonly', fetch: 'readonly', window: 'readonly', document: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-require-imports': 'off',
      '@typescript-eslint/no-explicit-any': 'error',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    // The contracts run in the browser too: nothing Node-only, no server kit.
    files: ['packages/contracts/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['node:*', 'fs', 'path', 'net', 'crypto'], message: 'packages/contracts is browser-safe: Node-only code goes in @journal/server-kit.' },
          { group: ['express', 'mongoose', 'ioredis', 'bullmq', 'sanitize-html', 'pino', 'pino-http', 'prom-client', 'jsonwebtoken', '@journal/server-kit', '@journal/testing'], message: 'packages/contracts is browser-safe: server code goes in @journal/server-kit.' },
        ],
      }],
    },
  },
  {
    // Only tests import the test helpers.
    files: ['packages/*/src/**/*.ts', 'services/*/src/**/*.ts', 'gateway/src/**/*.ts', 'web/src/**/*.ts', 'web/src/**/*.tsx', 'web/server/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'packages/contracts/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['@journal/testing'], message: 'Test helpers are for tests only.' }] }] },
  },
  {
    // Readers' pages take a contracts module by its path: the package index would bring every zod
    // schema into the public site's first load (its JavaScript budget is 80 kB gzip).
    files: ['web/src/features/public/**/*.{ts,tsx}', 'web/src/lib/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: '@journal/contracts', allowTypeImports: true, message: 'Import the module by its path (@journal/contracts/<module>): the index brings zod into the public first load.' }],
        patterns: [{ group: ['@journal/testing'], message: 'Test helpers are for tests only.' }],
      }],
    },
  },
  {
    // The gateway takes the server kit's and the contracts' modules by their paths: the indexes
    // bring mongoose, the MongoDB driver and every zod schema into a process that uses none of them,
    // and V8 marks all of it on each full collection (docs/architecture.md#gateway-memory).
    files: ['gateway/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [
          { name: '@journal/server-kit', allowTypeImports: true, message: 'Import the module by its path (@journal/server-kit/<module>): the index loads mongoose into the gateway.' },
          { name: '@journal/contracts', allowTypeImports: true, message: 'Import the module by its path (@journal/contracts/<module>): the index loads every zod schema into the gateway.' },
        ],
        patterns: [{ group: ['@journal/testing'], message: 'Test helpers are for tests only.' }],
      }],
    },
  },
  {
    // Tests read JSON answers loosely; production code may not.
    files: ['**/test/**/*.ts', '**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts', 'reliability/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}', 'web/server/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: 'web/tsconfig.json' } },
      'boundaries/elements': webElements,
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            only('app', ['app', ...webLayers, ...features]),
            only('server', ['server', 'app', ...webLayers, ...features]),
            ...features.map((f) => only(f, [f, ...webLayers])),
            only('components', ['components', 'lib', 'config']),
            only('lib', ['lib', 'config']),
            only('config', ['config']),
          ],
        },
      ],
    },
  },
);
