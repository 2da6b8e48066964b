/* One `npm test` runs every package's suites; each package is a jest project. */
const path = require('node:path');

const swc = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', transform: { react: { runtime: 'automatic' } } }, module: { type: 'commonjs' } },
];
const common = path.join(__dirname, 'services/common/src');

const project = (name, dir, extra = {}) => ({
  displayName: name,
  rootDir: path.join(__dirname, dir),
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: {
    '^@journal/common$': common,
    '^@journal/common/(.*)$': `${common}/$1`,
  },
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
  ...extra,
});

const suites = [
  project('common', 'services/common'),
  project('auth', 'services/auth'),
  project('content', 'services/content'),
  project('worklog', 'services/worklog'),
  project('pdf-worker', 'services/pdf-worker'),
  project('gateway', 'gateway'),
  project('web', 'web', {
    testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx'],
    // Component tests pick jsdom with a `@jest-environment jsdom` docblock.
    setupFiles: ['<rootDir>/src/testing/jsdom-globals.ts'],
    moduleNameMapper: { '^@journal/common$': common, '^@journal/common/(.*)$': `${common}/$1`, '^@/(.*)$': '<rootDir>/src/$1' },
  }),
  project('deploy', 'k8s', { testMatch: ['<rootDir>/test/**/*.test.ts'] }),
  project('e2e', 'e2e', {
    testMatch: ['<rootDir>/**/*.e2e.test.ts'],
    globalSetup: '<rootDir>/stack-setup.ts',
    globalTeardown: '<rootDir>/stack-teardown.ts',
  }),
];

// The fault and load suite runs on its own (`npm run test:reliability`): it stops and starts its
// own database and Redis, which must not pull the floor from under the other suites.
const reliability = project('reliability', 'reliability', { testMatch: ['<rootDir>/**/*.rel.test.ts'] });

module.exports = {
  globalSetup: '<rootDir>/scripts/jest/global-setup.js',
  globalTeardown: '<rootDir>/scripts/jest/global-teardown.js',
  testTimeout: 60_000,
  reporters: ['default', '<rootDir>/scripts/jest/summary-reporter.js'],
  projects: process.env.JP_SUITE === 'reliability' ? [reliability] : suites,
};
