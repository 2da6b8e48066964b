// jsdom leaves out a few globals the browser has and the router uses; Node's are the same API.
import { TextDecoder, TextEncoder } from 'node:util';

if (typeof window !== 'undefined' && typeof globalThis.TextEncoder === 'undefined') {
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}

// findBy*/waitFor give up after 1 s by default; on a shared two-core machine a component's first
// answer from its real test server can take longer. A wait still ends as soon as its check passes.
if (typeof window !== 'undefined') {
  (require('@testing-library/dom') as typeof import('@testing-library/dom')).configure({ asyncUtilTimeout: 5_000 });
}
