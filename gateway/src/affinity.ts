import { createHash } from 'node:crypto';
import { promises as dns } from 'node:dns';
import { Pool } from 'undici';
import type { Logger } from '@journal/server-kit';

/**
 * Journal affinity: each journal's requests go to a small, stable subset of a service's replicas,
 * so each replica's read cache holds its share of the journals instead of all of them.
 *
 * The subset is chosen by rendezvous (highest random weight) hashing: every replica gets a weight
 * hash(journal, replica) and the journal's subset is the `size` heaviest. Adding a replica moves a
 * journal only when the new one outweighs a member (about size/n of the journals, one member
 * each); removing one moves only the journals it served. Correctness never depends on it: every
 * replica can answer every journal (they share the database and the change feed), so writes and
 * reads may land on any member of the subset, and on any replica at all while replicas come and go.
 */

/** A replica's weight for a key: 64 bits of a well-mixed hash (only computed when the replica set changes). */
const weight = (key: string, node: string) => createHash('sha1').update(key).update('\0').update(node).digest().readBigUInt64BE(0);

/** The `size` replicas a key belongs to, heaviest first (fewer when there are fewer replicas). */
export function subsetOf(key: string, nodes: readonly string[], size: number): string[] {
  return nodes
    .map((node) => ({ node, w: weight(key, node) }))
    .sort((a, b) => (a.w === b.w ? (a.node < b.node ? -1 : 1) : a.w > b.w ? -1 : 1))
    .slice(0, Math.max(1, size))
    .map((x) => x.node);
}

/** Looks up a name's IPv4 addresses (the headless Service's ready pods). */
export type ResolveAddresses = (hostname: string) => Promise<string[]>;

/** getaddrinfo, as every process in the pod resolves: resolv.conf's search domains turn `content-pods` into the Service's FQDN. */
export const resolveWithSystem: ResolveAddresses = async (hostname) => (await dns.lookup(hostname, { all: true, family: 4 })).map((a) => a.address);

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
  /** A connection to it could not be made: it is left out until it has had time to come back. */
  unreachable(endpoint: Endpoint): void;
  /** The first resolution of the replicas has been tried. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** Connection failures that say the replica is gone, not that one connection was stale. */
export const UNREACHABLE = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

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
    unreachable: () => {},
    ready: async () => {},
    close: () => only.pool.destroy(),
  };
}

export interface AffinityOptions {
  /** The service's name, for logs. */
  name: string;
  /** The headless Service, e.g. http://content-pods:4001: its name resolves to the ready pods' addresses. */
  podsUrl: string;
  /** The ClusterIP Service, used while no replica is known or reachable. */
  fallback: string;
  /** Replicas per journal. */
  subset: number;
  /** How often the replicas are looked up again. */
  refreshMs: number;
  /** How long a replica that refused a connection is left out (DNS may still list it for a while). */
  quarantineMs: number;
  /** Connect timeout towards a replica: inside a cluster a live pod accepts at once. */
  connectTimeoutMs: number;
  pool: PoolOptions;
  logger: Logger;
  resolve?: ResolveAddresses;
  /** Replica count changes, for the gauge. */
  onChange?: (replicas: number) => void;
}

/**
 * The replicas of one service found through its headless Service, looked up every `refreshMs`
 * (the gateway has no access to the Kubernetes API, and needs none), with a connection pool per
 * replica. A replica that refuses connections is left out of every subset for `quarantineMs`;
 * with none left, requests go to the ClusterIP Service as they did without affinity.
 */
export function affinityUpstreams(o: AffinityOptions): Upstreams {
  const resolve = o.resolve ?? resolveWithSystem;
  const pods = new URL(o.podsUrl);
  const fallback = endpointOf(new URL(o.fallback).origin, o.pool);
  /** address -> endpoint, for every replica the last lookup listed. */
  const endpoints = new Map<string, Endpoint>();
  /** address -> time until which it is left out. */
  const quarantined = new Map<string, number>();
  /** journal -> its subset among the live replicas; emptied whenever they change. */
  let subsets = new Map<string, Endpoint[]>();
  let live: string[] = [];
  let turn = 0;
  let closed = false;

  const recompute = () => {
    const now = Date.now();
    for (const [addr, until] of quarantined) if (until <= now || !endpoints.has(addr)) quarantined.delete(addr);
    const next = [...endpoints.keys()].filter((a) => !quarantined.has(a)).sort();
    if (next.join() !== live.join()) {
      live = next;
      subsets = new Map();
      o.onChange?.(live.length);
    }
  };

  const refresh = async () => {
    let addresses: string[];
    try {
      addresses = [...new Set(await resolve(pods.hostname))];
    } catch (err) {
      // Keep the replicas known so far: a DNS hiccup must not send every journal elsewhere.
      o.logger.warn({ upstream: o.name, code: (err as { code?: string }).code }, 'replica lookup failed');
      recompute();
      return;
    }
    if (closed) return;
    for (const addr of addresses) {
      if (!endpoints.has(addr)) endpoints.set(addr, endpointOf(`${pods.protocol}//${addr}:${pods.port || 80}`, o.pool, o.connectTimeoutMs));
    }
    for (const [addr, e] of endpoints) {
      if (addresses.includes(addr)) continue;
      endpoints.delete(addr);
      // Requests still on their way finish; the pool closes after them.
      void e.pool.close().catch(() => {});
    }
    recompute();
  };

  const first = refresh();
  const timer = setInterval(() => void refresh(), o.refreshMs);
  timer.unref();

  return {
    pick(journalId) {
      if (quarantined.size) recompute();
      if (!live.length) return fallback;
      let subset = subsets.get(journalId);
      if (!subset) {
        subset = subsetOf(journalId, live, o.subset).map((a) => endpoints.get(a)!);
        subsets.set(journalId, subset);
      }
      if (subset.length === 1) return subset[0]!;
      // The less busy member; on a tie, the members take turns.
      turn = (turn + 1) % subset.length;
      let best = subset[turn]!;
      for (const e of subset) if (e.inflight < best.inflight) best = e;
      return best;
    },
    unreachable(endpoint) {
      if (endpoint === fallback) return;
      const addr = endpoint.hostname;
      if (!endpoints.has(addr) || quarantined.has(addr)) return;
      o.logger.warn({ upstream: o.name, replica: addr }, 'replica unreachable, left out for now');
      quarantined.set(addr, Date.now() + o.quarantineMs);
      recompute();
    },
    ready: () => first,
    async close() {
      closed = true;
      clearInterval(timer);
      await Promise.all([fallback, ...endpoints.values()].map((e) => e.pool.destroy()));
      endpoints.clear();
    },
  };
}
