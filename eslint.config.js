const js = require('@eslint/js');
const tseslint = require('typescript-eslint');

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
    // Tests read JSON answers loosely; production code may not.
    files: ['**/test/**/*.ts', '**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts', 'reliability/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
