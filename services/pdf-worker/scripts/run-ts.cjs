/*
 * Runs a TypeScript entry point of this service straight from source (tests and the benchmark
 * start worker processes this way): @journal/common resolves to its src, as in jest, and tsx
 * compiles on the fly. Production runs the compiled dist/*.js instead.
 *   node services/pdf-worker/scripts/run-ts.cjs services/pdf-worker/src/worker.main.ts
 */
const Module = require('node:module');
const path = require('node:path');

const common = path.resolve(__dirname, '../../common/src');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request === '@journal/common') request = common;
  else if (request.startsWith('@journal/common/')) request = path.join(common, request.slice('@journal/common/'.length));
  return resolve.call(this, request, ...rest);
};
require('tsx/cjs');
require(path.resolve(process.argv[2]));
