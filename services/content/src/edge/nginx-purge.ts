import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { EdgeKeyMap } from '@journal/server-kit';
import type { PublishedChange } from '../views/cache-tags';
import type { PurgeNote, PurgeTarget } from './purger';
import { pipelinable, purgePipelined } from './nginx-pipeline';

/** Refreshes sent to one nginx at once (each a render or read upstream, on the readers' cores). */
const CONCURRENCY = 16;

/**
 * Keys a refresh can name: `<br|gzip>|<host><path>`, as nginx's public locations build them
 * (anything else, an absolute-form request's key for one, is purged).
 */
const REFRESHABLE = /^(br|gzip)\|[a-z0-9.-]+\/([^/].*)?$/;
/** Keys purged first, readers' pages among them; the others (the tail) after. */
const HEAD_KEYS = 256;
/** Keys of a tail purged, then forgotten, at a time: a purge meanwhile reads only those left. */
const TAIL_CHUNK = 1000;
/** Chunks of dropped keys a drain takes at most (the gateway's cap of them is 10,000 by default). */
const DRAIN_ROUNDS = 20;

/**
 * A key of a page or read that links lead to: an origin-form path without a query string (a
 * bounded set). Searches, whatever query strings readers or crawlers append, and absolute-form
 * targets (any port can be named in them) are not.
 */
const linked = (key: string) => REFRESHABLE.test(key) && !key.includes('?');

/**
 * The linked keys first, then the others, each the most recently filled first. The refreshes and
 * the head go to the first.
 */
function readersFirst(entries: [string, number][]): [string, number][] {
  const first = entries.filter(([k]) => linked(k));
  return first.length === entries.length ? entries : [...first, ...entries.filter(([k]) => !linked(k))];
}

/** Runs `one` over the items, `CONCURRENCY` at a time. */
async function inPool<T>(items: readonly T[], one: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await one(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
}

/** Statuses nginx stores (its `proxy_cache_valid` list, and the gateway's X-Accel-Expires ones). */
const STORED = new Set([200, 301, 302, 404, 410]);

export interface NginxPurgeOptions {
  /**
   * Keys per write and nginx replaced in place (in `readersFirst` order) rather than
   * removed: nginx fetches the answer anew past its cache and stores it under the key, readers
   * being served the stored answer meanwhile, so none of them meets a miss and waits on the
   * cache lock. Each costs a render or read upstream; the keys past it are purged. 0: purge only.
   */
  refreshKeys?: number;
  /** How long a purge may take. */
  timeoutMs?: number;
  /** How long a refresh may take (it is purged instead past it). */
  refreshTimeoutMs?: number;
  /**
   * How long a purge waits for its refreshes, from its start: the keys not refreshed by then are
   * purged (their refreshes may still store the new answer: their records stay), so a write is
   * live everywhere within about this long however busy the renders are.
   */
  refreshWaitMs?: number;
}

/** How a key's refresh ended: stored anew, refused (an error, a cookie), or still under way at the purge's deadline. */
type Refreshed = 'stored' | 'refused' | 'late';

/**
 * nginx's cache (Debian's cache purge module): each key that holds an answer with one of the tags
 * (the gateway recorded them as the answers went by) is refreshed or removed on every nginx. A URL
 * whose host is a name stands for every address it resolves to (a headless Service: one per web pod).
 */
export class NginxPurgeTarget implements PurgeTarget {
  readonly name = 'nginx';
  private readonly refreshKeys: number;
  private readonly timeoutMs: number;
  private readonly refreshTimeoutMs: number;
  private readonly refreshWaitMs: number;
  /** The tail of the last write with more keys than it waits for (see purge). */
  private tail: Promise<void> = Promise.resolve();

  constructor(
    private readonly keys: EdgeKeyMap,
    private readonly urls: readonly string[],
    o: NginxPurgeOptions = {},
  ) {
    this.refreshKeys = o.refreshKeys ?? 0;
    this.timeoutMs = o.timeoutMs ?? 2000;
    this.refreshTimeoutMs = o.refreshTimeoutMs ?? 1000;
    this.refreshWaitMs = Math.min(o.refreshWaitMs ?? this.refreshTimeoutMs, this.refreshTimeoutMs);
  }

  async purge(change: PublishedChange, note?: PurgeNote): Promise<void> {
    const files = retiredFileKeys(change);
    // The journal's keys dropped from their records by the caps go first: no tag finds them, and
    // a write is never followed by a stale page of its own journal (the timer drains them between writes).
    const dropped = await this.drain(change.journalId);
    if (dropped) note?.('dropped', dropped);
    const entries = readersFirst(await this.keys.entriesOf(change.tags));
    note?.('keys', entries.length);
    if (!entries.length && !files.length) return;
    const endpoints = (await Promise.all(this.urls.map(expand))).flat();
    // Files first (a few keys): a withdrawn article's PDF goes before anything else.
    await Promise.all(endpoints.flatMap((url) => files.map((key) => this.purgeKey(new URL('purge-assets', url).toString(), key))));
    if (!entries.length) return;
    // The head first: the pages readers reach are fresh soon whatever number of keys the tags hold
    // (a page asked for under endless query strings); the tail follows in this same try.
    const head = entries.slice(0, HEAD_KEYS);
    await this.purgeEntries(change.tags, head, endpoints, this.refreshKeys, note);
    note?.('head', head.length);
    if (entries.length <= HEAD_KEYS) return;
    // One tail at a time: a later write's tail starts after the one under way, with the keys left
    // then (the purged ones have lost their records), so tails of writes in a row do not pile up.
    const purged = new Set(head.map(([k]) => k));
    const tail = this.tail.catch(() => undefined).then(async () => {
      const rest = readersFirst(await this.keys.entriesOf(change.tags)).filter(([k]) => !purged.has(k));
      note?.('tail-begun', rest.length);
      for (let i = 0; i < rest.length; i += TAIL_CHUNK) await this.purgeEntries(change.tags, rest.slice(i, i + TAIL_CHUNK), endpoints, 0);
    });
    this.tail = tail;
    await tail;
  }

  /**
   * Purges from every nginx the scope's (journal's) keys the gateway dropped over its caps, then
   * forgets them: how many. Throws when an nginx could not be told (they stay, for the next try).
   */
  async drain(scope: string, endpoints?: readonly string[]): Promise<number> {
    let n = 0;
    for (let round = 0; round < DRAIN_ROUNDS; round++) {
      const entries = await this.keys.droppedOf(scope, TAIL_CHUNK);
      if (!entries.length) break;
      endpoints ??= (await Promise.all(this.urls.map(expand))).flat();
      const keys = entries.map(([k]) => k);
      await Promise.all(endpoints.map((url) => this.purgeAll(url, keys)));
      await this.keys.forgetDropped(scope, entries);
      n += entries.length;
      if (entries.length < TAIL_CHUNK) break;
    }
    return n;
  }

  /** Drains every journal with dropped keys (the purger's timer): how many keys. */
  async drainAll(): Promise<number> {
    const scopes = await this.keys.droppedScopes();
    if (!scopes.length) return 0;
    const endpoints = (await Promise.all(this.urls.map(expand))).flat();
    let n = 0;
    for (const scope of scopes) {
      const one = await this.drain(scope, endpoints);
      // None left: the scope leaves the list (unless one was dropped meanwhile).
      if (!one) await this.keys.forgetDropped(scope, []);
      n += one;
    }
    return n;
  }

  /** Refreshes (up to `refreshBudget`) or purges the keys on every nginx; the records of the purged ones go. */
  private async purgeEntries(tags: readonly string[], entries: readonly [string, number][], endpoints: readonly string[], refreshBudget: number, note?: PurgeNote) {
    let refreshes = 0;
    const tasks = entries.map(([key]) => {
      const refresh = refreshes < refreshBudget && REFRESHABLE.test(key);
      if (refresh) refreshes++;
      return { key, refresh };
    });
    const deadline = performance.now() + this.refreshWaitMs;
    const kept = await Promise.all(endpoints.map((url) => this.runAll(url, tasks, deadline, note)));
    // Keys purged from every nginx hold nothing any more: their records go, so the next write
    // of these tags does not purge them again (a refreshed key holds the new answer and stays).
    const gone = entries.filter((_, i) => !kept.some((k) => k[i]));
    await this.keys.forget(tags, gone).catch(() => undefined);
  }

  /**
   * Refreshes (until `deadline`) or purges every task's key on one nginx: for each, whether it may
   * still hold an answer (refreshed, or its refresh still under way). The purges follow the
   * refreshes, all together: an answer made before the write and still on its way into nginx when
   * the write was numbered has had the refreshes' time to land, and is purged with the rest.
   */
  private async runAll(url: string, tasks: readonly { key: string; refresh: boolean }[], deadline: number, note?: PurgeNote): Promise<boolean[]> {
    const kept = new Array<boolean>(tasks.length).fill(false);
    const count = { stored: 0, late: 0 };
    // Keys whose refresh did not store the new answer are purged: a refresh still under way past
    // the deadline is overtaken, and readers get the write from the next fill rather than wait for
    // a busy render; past the deadline none is asked for.
    const purge = tasks.flatMap((t) => (t.refresh ? [] : [t.key]));
    await inPool(
      tasks.flatMap((t, i) => (t.refresh ? [i] : [])),
      async (i) => {
        const key = tasks[i]!.key;
        const outcome = performance.now() < deadline ? await this.refreshed(url, key, deadline) : 'refused';
        if (outcome !== 'refused') {
          kept[i] = true;
          count[outcome]++;
        }
        if (outcome !== 'stored') purge.push(key);
      },
    );
    note?.('refreshed', count.stored);
    if (count.late) note?.('late', count.late);
    await this.purgeAll(url, purge);
    note?.('purged', purge.length);
    return kept;
  }

  /**
   * Purges the keys on one nginx: pipelined (nginx-pipeline.ts) over plain HTTP, where a purge is
   * a lookup and an unlink in nginx and its cost is this process's request; the keys it cannot
   * send so, and HTTPS endpoints, one request each.
   */
  private async purgeAll(url: string, keys: readonly string[]) {
    const piped = url.startsWith('http:') ? keys.filter(pipelinable) : [];
    const rest = piped.length === keys.length ? [] : keys.filter((k) => !url.startsWith('http:') || !pipelinable(k));
    await Promise.all([
      piped.length &&
        purgePipelined(url, piped, this.timeoutMs).then((statuses) => {
          const bad = statuses.find((st) => st !== 200 && st !== 404);
          if (bad !== undefined) throw new Error(`nginx purge answered ${bad} at ${url}`);
        }),
      inPool(rest, (key) => this.purgeKey(url, key)),
    ]);
  }

  private async purgeKey(url: string, key: string) {
    const res = await askNginx(url, key, this.timeoutMs);
    // 404: nothing was stored under the key (already purged, or evicted).
    if (res.status !== 200 && res.status !== 404) throw new Error(`nginx purge answered ${res.status} at ${url}`);
  }

  /** Whether nginx stored a new answer under the key by the deadline; when not, it is purged. */
  private async refreshed(url: string, key: string, deadline: number): Promise<Refreshed> {
    const asked = askNginx(new URL('refresh', url).toString(), key, this.refreshTimeoutMs).then(
      (res): Refreshed => (STORED.has(res.status) && res.headers['set-cookie'] === undefined && res.headers['x-jp-accel-expires'] !== '0' ? 'stored' : 'refused'),
      (): Refreshed => 'refused',
    );
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<Refreshed>((resolve) => {
      timer = setTimeout(() => resolve('late'), Math.max(0, deadline - performance.now()));
    });
    try {
      return await Promise.race([asked, late]);
    } finally {
      clearTimeout(timer);
    }
  }
}

// Kept-alive connections to the purge servers: a write's purge sends hundreds of small requests.
const SOCKETS = CONCURRENCY * 4;
const agents = { 'http:': new http.Agent({ keepAlive: true, maxSockets: SOCKETS }), 'https:': new https.Agent({ keepAlive: true, maxSockets: SOCKETS }) };

/**
 * One request to an nginx purge server, its body read and dropped. node:http rather than fetch: a
 * purge is many requests in a row, and fetch cost several times their CPU (and a timer left behind
 * per request), taken from the content process that answers staff saves.
 */
function askNginx(url: string, key: string, timeoutMs: number): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  const u = new URL(url);
  const get = u.protocol === 'https:' ? https.get : http.get;
  return new Promise((resolve, reject) => {
    const req = get(u, { agent: agents[u.protocol as keyof typeof agents], headers: { 'purge-key': key } }, (res) => {
      res.on('error', reject);
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, headers: res.headers });
      });
      res.resume();
    });
    const timer = setTimeout(() => req.destroy(new Error(`no answer from ${u.host} within ${timeoutMs} ms`)), timeoutMs);
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

/**
 * nginx's keys of the files a write took out of service, in its asset cache (`proxy_cache_key
 * $host$uri?v=$arg_v` in docker/nginx/default.conf.template: the host, the decoded path, the
 * version), on every host of the journal.
 */
export function retiredFileKeys(change: Pick<PublishedChange, 'retired' | 'hosts'>): string[] {
  const keys: string[] = [];
  for (const url of change.retired ?? []) {
    const q = url.indexOf('?v=');
    if (q < 0) continue;
    let path: string;
    try {
      path = decodeURIComponent(url.slice(0, q));
    } catch {
      continue;
    }
    for (const host of change.hosts ?? []) keys.push(`${host.toLowerCase()}${path}?v=${url.slice(q + 3)}`);
  }
  return keys;
}

/** A URL per address of its host. */
async function expand(url: string): Promise<string[]> {
  const u = new URL(url);
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) || host === 'localhost') return [url];
  const addrs = await lookup(host, { all: true });
  return addrs.map((a) => {
    const one = new URL(url);
    one.hostname = a.family === 6 ? `[${a.address}]` : a.address;
    return one.toString();
  });
}
