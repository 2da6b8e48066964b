import { AsyncLocalStorage } from 'node:async_hooks';
import type { Request, RequestHandler } from 'express';

/**
 * Where a staff write's time goes, step by step, sent back in its answer's `Server-Timing` header
 * when SERVER_TIMING is on (benchmarks; browsers show it in their network panel). A step is timed
 * around its call, so steps run side by side overlap; `wait` is the time from the request's
 * arrival to its handler (authentication, the body's parsing, the event loop's queue), `total`
 * the time to the answer's head. Off, nothing is measured or stored.
 */
interface Trace {
  start: number;
  steps: [string, number][];
}

const traces = new AsyncLocalStorage<Trace>();

/** Times `fn` as the step `name` of the write under way (just calls it when none is traced). */
export function traced<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const t = traces.getStore();
  if (!t) return fn();
  const s = performance.now();
  return fn().finally(() => t.steps.push([name, performance.now() - s]));
}

const TRACE = Symbol('save trace');
type Traced = { [TRACE]?: Trace };

/**
 * A route's handler, run with the request's trace (the body's parser runs its callbacks outside
 * it): its start ends the `wait` step.
 */
export function tracedHandler<R extends Request, T>(fn: (req: R) => Promise<T> | T): (req: R) => Promise<T> {
  return async (req) => {
    const t = (req as Traced)[TRACE];
    if (!t) return fn(req);
    t.steps.push(['wait', performance.now() - t.start]);
    return traces.run(t, async () => fn(req));
  };
}

const ms = (n: number) => Math.round(n * 10) / 10;

/** Before the routes: traces each write (not GET or HEAD) when `on`. */
export function saveTrace(on: boolean): RequestHandler {
  return (req, res, next) => {
    if (!on || req.method === 'GET' || req.method === 'HEAD') return next();
    const trace: Trace = { start: performance.now(), steps: [] };
    const writeHead = res.writeHead.bind(res) as (...a: unknown[]) => typeof res;
    res.writeHead = ((...a: unknown[]) => {
      const steps = [...trace.steps, ['total', performance.now() - trace.start] as [string, number]];
      if (!res.headersSent) res.setHeader('server-timing', steps.map(([n, d]) => `${n};dur=${ms(d)}`).join(', '));
      return writeHead(...a);
    }) as typeof res.writeHead;
    (req as Traced)[TRACE] = trace;
    next();
  };
}
