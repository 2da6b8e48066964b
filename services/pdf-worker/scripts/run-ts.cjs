/*
 * Runs a TypeScript entry point of this service straight from source (tests and the benchmark
 * start worker processes this way): tsx compiles this service on the fly, and the workspace
 * packages (@journal/server-kit, @journal/contracts) load from their builds, as everywhere else.
 * Production runs the compiled dist/*.js instead.
 *   node services/pdf-worker/scripts/run-ts.cjs services/pdf-worker/src/worker.main.ts
 */
const path = require('node:path');

require('tsx/cjs');
require(path.resolve(process.argv[2]));
