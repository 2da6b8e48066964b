import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Gauge, type Registry } from 'prom-client';
import { AppError } from './errors';
import type { Redis } from './redis';
import { registerRedisMemoryMetrics } from './redis-memory';

export type BreakerState = 'closed' | 'open' | 'half-open';

export interface BreakerOptions {
  /** Failures in a row that open the breaker. */
  threshold: number;
  /** How long it stays open before one trial call may go through. */
  openMs: number;
}

/**
 * The circuit breaker of one datastore. A process whose database is gone must not make every
 * request wait out a server selection (1.5 s) and hold a connection slot meanwhile: after
 * `threshold` failures in a row (or the driver reporting the server lost) the breaker opens and
 * calls fail at once with a 503; after `openMs` a single trial call goes through (half-open), and
 * its success, or the driver reconnecting, closes the breaker again. Nothing restarts the process:
 * readiness and liveness do not depend on it.
 */
export class CircuitBreaker {
  state: BreakerState = 'closed';
  private failures = 0;
  private openedAt = 0;
  private trialOut = false;
  /** How many calls it refused (a counter for the metrics). */
  refused = 0;

  constructor(
    readonly name: string,
    private readonly opts: BreakerOptions = { threshold: 3, openMs: 2000 },
  ) {}

  /** Whether a call may go to the datastore now. */
  allow(): boolean {
    if (this.state === 'open' && performance.now() - this.openedAt >= this.opts.openMs) {
      this.state = 'half-open';
      this.trialOut = false;
    }
    if (this.state === 'closed') return true;
    if (this.state === 'half-open' && !this.trialOut) {
      this.trialOut = true;
      return true;
    }
    this.refused++;
    return false;
  }

  success(): void {
    this.failures = 0;
    this.trialOut = false;
    this.state = 'closed';
  }

  failure(): void {
    this.failures++;
    if (this.state === 'half-open' || this.failures >= this.opts.threshold) this.open();
  }

  open(): void {
    this.state = 'open';
    this.openedAt = performance.now();
    this.trialOut = false;
  }
}

/** A datastore a process uses, as /healthz and /metrics report it. */
export interface Dependency {
  /** Whether the client holds a usable connection now. */
  up(): boolean;
  breaker?: CircuitBreaker;
  /** A Redis: its memory is exported too (redis-memory.ts). */
  redis?: Redis;
}

/** Errors that say the database cannot be reached (as opposed to a refused or invalid command). */
const MONGO_DOWN = /^Mongo(ose)?(ServerSelection|Network|NetworkTimeout|NotConnected|TopologyClosed|PoolCleared)Error$/;
export const isMongoDownError = (err: unknown) => MONGO_DOWN.test(String((err as { name?: unknown })?.name ?? ''));

/** What a call meets while the breaker is open: the same answer as a database that is down. */
export class BreakerOpenError extends AppError {
  constructor() {
    super(503, 'db_unavailable', 'Database is unavailable');
  }
}

/**
 * A Redis client of a request path: it has no offline queue, so while Redis is down a command
 * fails at once (the breaker is the client itself); reported as up while the client is ready.
 */
export const redisDependency = (redis: Redis): Dependency => ({ up: () => redis.status === 'ready', redis });

export interface DependencyReport {
  status: 'ok';
  /** The event loop's delay over the last interval, p99 in ms: what liveness is about. */
  eventLoopDelayMs: number;
  dependencies: Record<string, { up: boolean; breaker?: BreakerState }>;
}

/**
 * Health detail and gauges for a process's datastores. Liveness is the event loop answering at
 * all; readiness is whether this process can answer (its warm-up done, not shutting down).
 * Datastore trouble is neither: it is answered per request (503 JSON) and shown here and in
 * `dependency_up` / `dependency_breaker_open`, so a failover does not take every pod out of
 * its Service at once.
 */
export function dependencyHealth(deps: Record<string, Dependency>, registry: Registry) {
  const delay = monitorEventLoopDelay({ resolution: 20 });
  delay.enable();
  const p99 = () => Math.round(delay.percentile(99) / 1e6);
  // Each scrape and each /healthz reads the delay since the previous one.
  const interval = setInterval(() => delay.reset(), 10_000);
  interval.unref();
  new Gauge({
    name: 'dependency_up',
    help: 'Whether the process holds a usable connection to the datastore (1) or not (0)',
    labelNames: ['dependency'],
    registers: [registry],
    collect() {
      for (const [name, d] of Object.entries(deps)) this.set({ dependency: name }, d.up() ? 1 : 0);
    },
  });
  new Gauge({
    name: 'dependency_breaker_open',
    help: 'Whether the circuit breaker of the datastore is open or half-open (1) or closed (0)',
    labelNames: ['dependency'],
    registers: [registry],
    collect() {
      for (const [name, d] of Object.entries(deps)) if (d.breaker) this.set({ dependency: name }, d.breaker.state === 'closed' ? 0 : 1);
    },
  });
  new Gauge({
    name: 'dependency_breaker_refused',
    help: 'Calls the circuit breaker of the datastore refused since the process started',
    labelNames: ['dependency'],
    registers: [registry],
    collect() {
      for (const [name, d] of Object.entries(deps)) if (d.breaker) this.set({ dependency: name }, d.breaker.refused);
    },
  });
  const redises = Object.entries(deps).flatMap(([name, d]) => (d.redis ? [[name, d.redis] as const] : []));
  registerRedisMemoryMetrics(Object.fromEntries(redises), registry);
  return {
    report(): DependencyReport {
      const dependencies: DependencyReport['dependencies'] = {};
      for (const [name, d] of Object.entries(deps)) {
        dependencies[name] = d.breaker ? { up: d.up(), breaker: d.breaker.state } : { up: d.up() };
      }
      return { status: 'ok', eventLoopDelayMs: p99(), dependencies };
    },
    stop() {
      clearInterval(interval);
      delay.disable();
    },
  };
}
