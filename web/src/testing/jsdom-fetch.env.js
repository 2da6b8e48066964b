/*
 * jsdom with the runtime's own fetch: component tests that talk to a real server (started by the
 * test on port 0) need it, and jsdom has none.
 */
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const { fetch, Request, Response, Headers, AbortController, AbortSignal } = globalThis;
    Object.assign(this.global, { fetch, Request, Response, Headers, AbortController, AbortSignal });
  }
}

module.exports = JsdomWithFetch;
