/*
 * One `npm test` runs every package's suites; each package is a jest project. The workspace
 * packages (@journal/contracts, @journal/server-kit, @journal/testing) resolve the one way Node
 * resolves them: node_modules symlinks → package exports → their tsc build (dist), so
 * scripts/build.sh runs first (scripts/test.sh does).
 */
const path = require('node:path');

const swc = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', transform: { react: { runtime: 'automatic' } } }, module: { type: 'commonjs' } },
];

const project = (name, dir, extra = {}) => ({
  displayName: name,
  rootDir: path.join(__dirname, dir),
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swc },
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
  ...extra,
});

const suites = [
  // The contracts' sources are ESM and import their siblings as `./x.js`; their tests run them
  // from src, where the file is x.ts.
  project('contracts', 'packages/contracts', { moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' } }),
  project('server-kit', 'packages/server-kit'),
  project('auth', 'services/auth'),
  project('content', 'services/content'),
  project('worklog', 'services/worklog'),
  project('pdf-worker', 'services/pdf-worker'),
  project('gateway', 'gateway'),
  project('web', 'web', {
    testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx', '<rootDir>/server/**/*.test.ts'],
    // Component tests pick jsdom with a `@jest-environment jsdom` docblock.
    setupFiles: ['<rootDir>/src/testing/jsdom-globals.ts'],
    moduleNameMapper: { '^@/(.*)$': '<rootDir>/src/$1', '\\.css$': '<rootDir>/src/testing/style-stub.js' },
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
