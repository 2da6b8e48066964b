import { Pool } from 'undici';
import type { Logger } from '@journal/server-kit/logger';
import { ReplicaSet, UNREACHABLE_CODES, type ResolveAddresses } from '@journal/server-kit/replica-set';

/**
 * The gateway's side of journal affinity (the replicas and the hashing: server-kit's
 * replica-set.ts): a connection pool per replica of content and render, the journal's subset
 * chosen for each request, and the ClusterIP Service when no replica is known or reachable.
 */

/** One place a request can be sent: a replica's address, or the Service's ClusterIP name. */
export interface Endpoint {
  readonly origin: string;
  readonly hostname: string;
  readonly port: number;
  readonly pool: Pool;
  /** A replica's connect timeout (the Service's is the client's default). */
  readonly connectTimeoutMs?: number;
  /** Requests on their way to or from it, for picking the less busy member of a subset. */
  inflight: number;
}

export interface PoolOptions {
  pipelining: number;
  headersTimeout: number;
  bodyTimeout: number;
}

/** Where a service's requests go. */
export interface Upstreams {
  /** The endpoint for one request of a journal. */
  pick(journalId: string): Endpoint;
  /** A connection to it could not be made: a replica is left out until it has had time to come back (true), the Service is not (false). */
  unreachable(endpoint: Endpoint): boolean;
  /** The first lookup of the replicas has been tried. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export const UNREACHABLE = UNREACHABLE_CODES;

const endpointOf = (origin: string, options: PoolOptions, connectTimeoutMs?: number): Endpoint => {
  const { hostname, port, protocol } = new URL(origin);
  return {
    origin,
    hostname,
    port: Number(port) || (protocol === 'https:' ? 443 : 80),
    pool: new Pool(origin, { ...options, connections: 512, ...(connectTimeoutMs ? { connectTimeout: connectTimeoutMs } : {}) }),
    connectTimeoutMs,
    inflight: 0,
  };
};

/** One Service address for every journal: a local stack, or a service without affinity. */
export function singleUpstream(target: string, options: PoolOptions): Upstreams {
  const only = endpointOf(new URL(target).origin, options);
  return {
    pick: () => only,
    unreachable: () => false,
    ready: async () => {},
    close: () => only.pool.destroy(),
  };
}

export interface AffinityOptions {
  /** The service's name, for logs. */
  name: string;
  /** The headless Service, e.g. http://content-pods:4001. */
  podsUrl: string;
  /** The ClusterIP Service, used while no replica is known or reachable. */
  fallback: string;
  subset: number;
  refreshMs: number;
  quarantineMs: number;
  /** Connect timeout towards a replica: inside a cluster a live pod accepts at once. */
  connectTimeoutMs: number;
  pool: PoolOptions;
  logger: Logger;
  resolve?: ResolveAddresses;
  /** Replica count changes, for the gauge. */
  onChange?: (replicas: number) => void;
}

/** A service's replicas behind its headless Service, each with its own pool. */
export function affinityUpstreams(o: AffinityOptions): Upstreams {
  const pods = new URL(o.podsUrl);
  const fallback = endpointOf(new URL(o.fallback).origin, o.pool);
  /** address -> endpoint, made when a request first goes there. */
  const endpoints = new Map<string, Endpoint>();
  const replicas = new ReplicaSet({
    name: o.name,
    hostname: pods.hostname,
    subset: o.subset,
    refreshMs: o.refreshMs,
    quarantineMs: o.quarantineMs,
    logger: o.logger,
    resolve: o.resolve,
    onChange: (live, gone) => {
      for (const a of gone) {
        const e = endpoints.get(a);
        endpoints.delete(a);
        // Requests still on their way finish; the pool closes after them.
        void e?.pool.close().catch(() => {});
      }
      o.onChange?.(live.length);
    },
  });
  const busy = (a: string) => endpoints.get(a)?.inflight ?? 0;
  const endpointAt = (a: string) => {
    let e = endpoints.get(a);
    if (!e) {
      e = endpointOf(`${pods.protocol}//${a}:${pods.port || 80}`, o.pool, o.connectTimeoutMs);
      endpoints.set(a, e);
    }
    return e;
  };
  return {
    pick(journalId) {
      const a = replicas.pick(journalId, busy);
      return a === undefined ? fallback : endpointAt(a);
    },
    unreachable(endpoint) {
      if (endpoint === fallback) return false;
      replicas.unreachable(endpoint.hostname);
      return true;
    },
    ready: () => replicas.ready(),
    async close() {
      replicas.close();
      await Promise.all([fallback, ...endpoints.values()].map((e) => e.pool.destroy()));
      endpoints.clear();
    },
  };
}
