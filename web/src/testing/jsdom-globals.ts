// jsdom leaves out a few globals the browser has and the router uses; Node's are the same API.
import { TextDecoder, TextEncoder } from 'node:util';

if (typeof window !== 'undefined' && typeof globalThis.TextEncoder === 'undefined') {
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}
