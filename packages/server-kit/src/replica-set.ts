import { createHash } from 'node:crypto';
import { promises as dns } from 'node:dns';
import type { ClientRequest } from 'node:http';
import { z } from 'zod';
import type { Logger } from './logger';

/**
 * Journal affinity (docs/architecture.md#journal-affinity): each journal's requests go to a small,
 * stable subset of a service's replicas, so each replica's cache holds its share of the journals
 * instead of all of them. The gateway (content and render) and the render process (content) use it.
 *
 * The subset is chosen by rendezvous (highest random weight) hashing: every replica gets a weight
 * hash(journal, replica) and the journal's subset is the `size` heaviest. Adding a replica moves a
 * journal only when the new one outweighs a member (about size/n of the journals, one member
 * each); removing one moves only the journals it served. Correctness never depends on it: every
 * replica can answer every journal (they share the database and the change feed).
 */

/** A replica's weight for a key: 64 bits of a well-mixed hash (computed only when the replicas change). */
const weight = (key: string, node: string) => createHash('sha1').update(key).update('\0').update(node).digest().readBigUInt64BE(0);

/** The `size` replicas a key belongs to, heaviest first (fewer when there are fewer replicas). */
export function subsetOf(key: string, nodes: readonly string[], size: number): string[] {
  return nodes
    .map((node) => ({ node, w: weight(key, node) }))
    .sort((a, b) => (a.w === b.w ? (a.node < b.node ? -1 : 1) : a.w > b.w ? -1 : 1))
    .slice(0, Math.max(1, size))
    .map((x) => x.node);
}

/**
 * Consistent hashing with bounded loads: a replica carrying more than this many times the
 * average requests in flight (and at least SPILL_FLOOR) takes no more of a journal's requests;
 * they spill over to the next replicas of the journal's ranking. A journal busier than its
 * subset can carry then still gets the pods the autoscaler adds, while at ordinary load every
 * request stays in the subset.
 */
const SPILL_FACTOR = 1.25;
const SPILL_FLOOR = 16;

/** Looks up a name's IPv4 addresses (a headless Service's ready pods). */
export type ResolveAddresses = (hostname: string) => Promise<string[]>;

/** getaddrinfo, as every process in the pod resolves: resolv.conf's search domains turn `content-pods` into the Service's FQDN. */
export const resolveWithSystem: ResolveAddresses = async (hostname) => (await dns.lookup(hostname, { all: true, family: 4 })).map((a) => a.address);

/** Connection failures that say a replica is gone, not that one kept-alive connection was stale. */
export const UNREACHABLE_CODES: ReadonlySet<string> = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

export interface ReplicaSetOptions {
  /** The service's name, for logs. */
  name: string;
  /** The headless Service's name: it resolves to the ready pods' addresses. */
  hostname: string;
  /** Replicas per journal. */
  subset: number;
  /** How often the replicas are looked up again. */
  refreshMs: number;
  /** How long a replica that refused a connection is left out (cluster DNS may still list it). */
  quarantineMs: number;
  logger: Logger;
  resolve?: ResolveAddresses;
  /** After each change: the replicas in use, and those the lookup no longer lists (to close their connections). */
  onChange?: (live: readonly string[], gone: readonly string[]) => void;
}

/**
 * The replicas of one service, found through its headless Service and looked up every
 * `refreshMs` (no Kubernetes API access is needed). A replica that cannot be reached is left out
 * of every subset for `quarantineMs`. `pick` answers undefined when no replica is known or
 * reachable: the caller then uses the ClusterIP Service.
 */
export class ReplicaSet {
  /** Every address the last successful lookup listed. */
  private listed: string[] = [];
  /** address -> time until which it is left out. */
  private readonly quarantined = new Map<string, number>();
  /** journal -> its subset among the live replicas; emptied whenever they change. */
  private subsets = new Map<string, string[]>();
  /** journal -> every live replica, heaviest first (for spilling over); emptied with the subsets. */
  private rankings = new Map<string, string[]>();
  private live: string[] = [];
  private turn = 0;
  private closed = false;
  private readonly first: Promise<void>;
  private readonly timer: NodeJS.Timeout;
  private readonly resolve: ResolveAddresses;

  constructor(private readonly o: ReplicaSetOptions) {
    this.resolve = o.resolve ?? resolveWithSystem;
    this.first = this.refresh();
    this.timer = setInterval(() => void this.refresh(), o.refreshMs);
    this.timer.unref();
  }

  /** The first lookup has been tried (until then, and without an answer, `pick` gives undefined). */
  ready(): Promise<void> {
    return this.first;
  }

  /** The journal's subset among the reachable replicas, heaviest first. */
  subset(journalId: string): readonly string[] {
    if (this.quarantined.size) this.recompute([]);
    let s = this.subsets.get(journalId);
    if (!s) {
      s = this.live.length ? subsetOf(journalId, this.live, this.o.subset) : [];
      this.subsets.set(journalId, s);
    }
    return s;
  }

  /**
   * The replica for one request of a journal: the less busy member of its subset (`busy`:
   * requests in flight), members taking turns on a tie; past the bounded load (SPILL_FACTOR), the
   * next replica of the journal's ranking that is below it.
   */
  pick(journalId: string, busy?: (address: string) => number): string | undefined {
    const s = this.subset(journalId);
    if (s.length < 2 && (!busy || this.live.length <= s.length)) return s[0];
    this.turn = (this.turn + 1) % s.length;
    let best = s[this.turn]!;
    if (!busy) return best;
    for (const a of s) if (busy(a) < busy(best)) best = a;
    if (this.live.length <= s.length || busy(best) < SPILL_FLOOR) return best;
    let total = 0;
    for (const a of this.live) total += busy(a);
    const cap = Math.max(SPILL_FLOOR, Math.ceil((SPILL_FACTOR * (total + 1)) / this.live.length));
    if (busy(best) < cap) return best;
    let ranking = this.rankings.get(journalId);
    if (!ranking) {
      ranking = subsetOf(journalId, this.live, this.live.length);
      this.rankings.set(journalId, ranking);
    }
    for (const a of ranking) if (busy(a) < cap) return a;
    return best;
  }

  /** A connection to it could not be made: it is left out until it has had time to come back. */
  unreachable(address: string) {
    if (!this.listed.includes(address) || this.quarantined.has(address)) return;
    this.o.logger.warn({ upstream: this.o.name, replica: address }, 'replica unreachable, left out for now');
    this.quarantined.set(address, Date.now() + this.o.quarantineMs);
    this.recompute([]);
  }

  close() {
    this.closed = true;
    clearInterval(this.timer);
  }

  private async refresh() {
    let addresses: string[];
    try {
      addresses = [...new Set(await this.resolve(this.o.hostname))];
    } catch (err) {
      // Keep the replicas known so far: a DNS hiccup must not send every journal elsewhere.
      this.o.logger.warn({ upstream: this.o.name, code: (err as { code?: string }).code }, 'replica lookup failed');
      this.recompute([]);
      return;
    }
    if (this.closed) return;
    const gone = this.listed.filter((a) => !addresses.includes(a));
    this.listed = addresses;
    this.recompute(gone);
  }

  private recompute(gone: string[]) {
    const now = Date.now();
    for (const [a, until] of this.quarantined) if (until <= now || !this.listed.includes(a)) this.quarantined.delete(a);
    const next = this.listed.filter((a) => !this.quarantined.has(a)).sort();
    if (next.join() === this.live.join() && !gone.length) return;
    if (next.join() !== this.live.join()) {
      this.subsets = new Map();
      this.rankings = new Map();
    }
    this.live = next;
    this.o.onChange?.(this.live, gone);
  }
}

/**
 * A node http request to a replica's own address fails fast when nothing accepts the connection
 * (a pod gone without a word), as undici's pools do with their connect timeout.
 */
export function limitConnectTime(req: ClientRequest, ms: number) {
  req.once('socket', (socket) => {
    if (!socket.connecting) return;
    const timer = setTimeout(() => req.destroy(Object.assign(new Error('connect timeout'), { code: 'UND_ERR_CONNECT_TIMEOUT' })), ms);
    socket.once('connect', () => clearTimeout(timer));
    socket.once('close', () => clearTimeout(timer));
  });
}

/** The settings of journal affinity, the same in the gateway and the render process. */
export const affinityConfigShape = {
  /** Replicas each journal's requests are spread over. */
  AFFINITY_SUBSET: z.coerce.number().int().min(1).default(2),
  /** How often the pods are looked up again. */
  AFFINITY_REFRESH_MS: z.coerce.number().int().positive().default(5_000),
  /** How long a pod that refused a connection is left out (cluster DNS may list it that long). */
  AFFINITY_QUARANTINE_MS: z.coerce.number().int().positive().default(30_000),
  AFFINITY_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(1_000),
};
