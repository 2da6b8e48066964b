import http from 'node:http';
import { CLIENT_IP_HEADER, CONTENT_VERSION_HEADER, CONTENT_VERSION_WAIT_MS, LRUCache, PUBLIC_HOST_HEADER, REQUEST_ID_HEADER, SURROGATE_KEY_HEADER, TENANT_HEADER, UNREACHABLE_CODES, limitConnectTime, type ReplicaSet } from '@journal/server-kit';
import { publicReadSchemas, type PublicRead, type PublicReadName } from '@journal/contracts';
import { ReadError } from '@/features/public/api/read-json';
import { publicReads, type PublicReads, type ReadGetter } from '@/features/public/api/public.api';

/** The content pods a journal's reads go to (journal affinity), on the port of their headless Service. */
export interface ContentPods {
  replicas: ReplicaSet;
  port: number;
  connectTimeoutMs: number;
}

/** Reads that are the same for every page of a journal: reused for a moment across requests. */
const SHARED: ReadonlySet<PublicReadName> = new Set(['settings', 'indexing', 'archives', 'editors']);
/**
 * Reads whose last answer is kept with its ETag, to be revalidated rather than fetched and checked
 * again (search answers are left out: any text makes a key, and they are large).
 */
const KEPT: ReadonlySet<PublicReadName> = new Set([...SHARED, 'article', 'issue']);
const MAX_ENTRIES = 5000;
/** Bytes of the kept answers (as received): beyond this the least recently used go. */
const MAX_BYTES = 32 * 1024 * 1024;

/** An answer of the content service as received: its ETag and what it was parsed to. */
interface Known {
  etag: string;
  data: unknown;
  bytes: number;
  /** Its cache tags (Surrogate-Key). */
  tags: string;
}

/** A read's answer and the cache tags of what it is made of. */
interface Read {
  data: unknown;
  tags: string;
}

/** A read that failed (a 404 included), with the tags of its answer: the page it makes is purged with them. */
class TaggedReadError extends ReadError {
  constructor(
    status: number,
    code: string,
    message: string,
    readonly tags: string,
  ) {
    super(status, code, message);
  }
}

/** Told the cache tags of every content answer a page is made of. */
export type TagSink = (tags: string) => void;

interface Entry {
  expires: number;
  /** Requests that had come when this read began. */
  startedAt: number;
  settled: boolean;
  /** The read that follows this one, for the readers who came while this one was on its way. */
  next?: Promise<Read>;
  /** The latest of those readers' arrivals. */
  lastWaiter: number;
  value: Promise<Read>;
  /** The last answer that came (a newer one may be on its way in `value`). */
  known?: Known;
  /** The journal's generation when this read began (see ContentChanges); undefined: not reusable unchecked. */
  generation?: number;
  /**
   * The feed version it asked the content service for (0: none): its answer holds every write up to
   * it, and no later one for sure. A read of a generation is reused only for a request whose version
   * is not past it: this process may have applied a write (its generation moved on) before the
   * content service did, and a read begun then for a request stamped before the write is answered
   * from before it (docs/architecture.md#edge-cache).
   */
  version: number;
  /** The highest version of the readers waiting on the read that follows this one. */
  waiterVersion: number;
}

/** Tells whether reads of a journal may be reused unchecked (ContentChanges). */
export interface ChangeFollower {
  generation(journalId: string): number | undefined;
  /** Whether the journal's feed version `v` is applied here: true, or once it is (false past `maxMs`). */
  reached(journalId: string, v: number, maxMs: number): true | Promise<boolean>;
}


export interface RequestFacts {
  journalId: string;
  journalHost: string;
  clientIp: string;
  requestId: string;
  /** The reader has just written something: nothing reused unchecked, they must see it. */
  fresh: boolean;
  /**
   * The content feed's version of the journal the gateway read before passing the request on
   * (CONTENT_VERSION_HEADER; 0: none): nothing is reused unchecked until it is applied here, and
   * the content service is asked to answer with it applied.
   */
  version?: number;
}

interface Answer {
  status: number;
  etag: string | undefined;
  tags: string;
  body: Buffer;
}

/**
 * The render process's reads: the content service called directly, answers checked against the
 * shared schemas. Plain `http.request` on kept-alive connections: the WHATWG fetch (its streams,
 * its Response objects, a timer per call) cost more of a page's CPU than its JSON.
 */
export class ContentReads {
  /**
   * Entries by journal and path, bounded in count and in the bytes of their known answers. Stale
   * entries stay (their ETag revalidates the next read), so expiry is the entry's own, not a TTL.
   */
  private readonly cache = new LRUCache<string, Entry>({ max: MAX_ENTRIES, maxSize: MAX_BYTES, sizeCalculation: (e) => Math.max(1, e.known?.bytes ?? 0) });
  /** Requests come so far: orders a request's arrival against the start of a read. */
  private arrivals = 0;
  private readonly agent = new http.Agent({ keepAlive: true, keepAliveMsecs: 10_000 });
  private readonly base: URL;
  /** Reads on their way to each content pod: the less busy member of a journal's subset takes the next. */
  private readonly inflight = new Map<string, number>();
  private readonly busy = (pod: string) => this.inflight.get(pod) ?? 0;

  constructor(
    contentUrl: string,
    private readonly ttlMs: number,
    private readonly timeoutMs: number,
    /** Journal affinity: the content pods (docs/architecture.md#journal-affinity); without, the Service. */
    private readonly pods?: ContentPods,
    /** The content service's writes as announced: without, every kept read is revalidated. */
    private readonly changes?: ChangeFollower,
  ) {
    this.base = new URL(contentUrl);
  }

  /**
   * `uncovered` is told of a read the journal's generation does not stand for (one not kept here,
   * such as a search) and of any read that failed: a page made with one is not held (held-pages.ts).
   */
  forRequest(facts: RequestFacts, sink: TagSink = () => {}, uncovered: () => void = () => {}): PublicReads {
    const arrival = ++this.arrivals;
    // A write announced before the request was stamped, whose message has not been applied here:
    // what is held may predate it. The reads wait for it; past the wait, nothing held is reused.
    const version = facts.version ?? 0;
    const reached = version && this.changes ? this.changes.reached(facts.journalId, version, CONTENT_VERSION_WAIT_MS) : true;
    const caughtUp = reached === true ? null : reached;
    const told = (p: Promise<Read>) =>
      p.then(
        (r) => {
          sink(r.tags);
          return r.data;
        },
        (err: unknown) => {
          uncovered();
          if (err instanceof TaggedReadError) sink(err.tags);
          throw err;
        },
      );
    const kept = (key: string, path: string, name: PublicReadName, behind = false): Promise<Read> => {
      const hit = this.cache.get(key);
      if (!hit) return this.start(key, path, name, facts, hit).value;
      // No write of the journal has been announced since this read began, and it asked for the
      // request's version at least: it holds every write made before the request, and nothing
      // need be asked.
      const generation = hit.generation === undefined || behind ? undefined : this.changes?.generation(facts.journalId);
      if (generation !== undefined && hit.generation === generation && hit.version >= version) return hit.value;
      if (SHARED.has(name) && !facts.fresh && !behind) return hit.expires > Date.now() ? hit.value : this.start(key, path, name, facts, hit).value;
      // A reader who has just written, and every reader of an article or an issue, takes only a
      // read that began after their request came (and asked for its version), so it holds every
      // write made before it. While one is on its way, the readers who came meanwhile share the
      // next one: one check with the content service per round trip, however many pages ask.
      if (hit.startedAt >= arrival && hit.version >= version) return hit.value;
      if (hit.settled) return this.start(key, path, name, facts, hit).value;
      hit.lastWaiter = Math.max(hit.lastWaiter, arrival);
      hit.waiterVersion = Math.max(hit.waiterVersion, version);
      hit.next ??= hit.value.then(
        () => undefined,
        () => undefined,
      ).then(() => {
        const now = this.cache.get(key);
        const fits = now && now !== hit && now.startedAt >= hit.lastWaiter && now.version >= hit.waiterVersion;
        return (fits ? now : this.start(key, path, name, { ...facts, version: hit.waiterVersion }, now)).value;
      });
      return hit.next;
    };
    const get: ReadGetter = <K extends PublicReadName>(path: string, name: K) => {
      if (!KEPT.has(name)) {
        uncovered();
        return told(this.fetch(path, name, facts)) as Promise<PublicRead<K>>;
      }
      const key = `${facts.journalId}\n${path}`;
      if (!caughtUp) return told(kept(key, path, name)) as Promise<PublicRead<K>>;
      return told(caughtUp.then((ok) => kept(key, path, name, !ok))) as Promise<PublicRead<K>>;
    };
    return publicReads(get);
  }

  /** Begins a read of a kept answer (revalidated when one is known) and makes it the key's entry. */
  private start(key: string, path: string, name: PublicReadName, facts: RequestFacts, prev: Entry | undefined): Entry {
    const entry: Entry = {
      expires: Date.now() + this.ttlMs,
      startedAt: this.arrivals,
      settled: false,
      lastWaiter: 0,
      value: Promise.resolve({ data: undefined, tags: '' }),
      known: prev?.known,
      generation: this.changes?.generation(facts.journalId),
      version: facts.version ?? 0,
      waiterVersion: 0,
    };
    entry.value = this.fetch(path, name, facts, prev?.known).then(
      (a) => {
        entry.settled = true;
        if (a.known && a.known !== entry.known) {
          entry.known = a.known;
          // Set again so the cache counts the new answer's bytes.
          if (this.cache.peek(key) === entry) {
            this.cache.delete(key);
            this.cache.set(key, entry);
          }
        }
        return { data: a.data, tags: a.tags };
      },
      (err: unknown) => {
        entry.settled = true;
        if (this.cache.get(key) === entry) this.cache.delete(key);
        throw err;
      },
    );
    this.cache.set(key, entry);
    return entry;
  }

  /** Drops idle connections (at shutdown). */
  close() {
    this.agent.destroy();
    this.pods?.replicas.close();
  }

  private async fetch<K extends PublicReadName>(path: string, name: K, facts: RequestFacts, known?: Known): Promise<{ data: PublicRead<K>; tags: string; known?: Known }> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      [TENANT_HEADER]: facts.journalId,
      [PUBLIC_HOST_HEADER]: facts.journalHost,
      [CLIENT_IP_HEADER]: facts.clientIp,
      [REQUEST_ID_HEADER]: facts.requestId,
    };
    if (known) headers['if-none-match'] = known.etag;
    if (facts.version) headers[CONTENT_VERSION_HEADER] = String(facts.version);
    const res = await this.request(path, headers);
    if (res.status === 304 && known) return { data: known.data as PublicRead<K>, tags: res.tags || known.tags, known };
    if (res.status < 200 || res.status >= 300) {
      const body = parseJson(res.body) as { error?: string; message?: string } | undefined;
      throw new TaggedReadError(res.status >= 500 ? 503 : res.status, body?.error ?? 'http_error', body?.message ?? (http.STATUS_CODES[res.status] ?? 'Error'), res.status >= 500 ? '' : res.tags);
    }
    const parsed = publicReadSchemas[name].safeParse(parseJson(res.body));
    if (!parsed.success) throw new ReadError(503, 'bad_upstream_answer', `Unexpected ${name} answer from the content service`);
    const data = parsed.data as PublicRead<K>;
    return { data, tags: res.tags, known: res.etag ? { etag: res.etag, data, bytes: res.body.length, tags: res.tags } : undefined };
  }

  private request(path: string, headers: Record<string, string>, retried = false, attempt = 0): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const unavailable = (why: string) => new ReadError(503, 'upstream_unavailable', `The content service is unavailable (${why})`);
      // One of the journal's content pods, or the Service when none is known or reachable.
      const pod = this.pods?.replicas.pick(headers[TENANT_HEADER]!, this.busy);
      const req = http.request(
        {
          protocol: this.base.protocol,
          hostname: pod ?? this.base.hostname,
          port: pod ? this.pods!.port : this.base.port,
          path,
          method: 'GET',
          headers,
          // A read sent again after a stale connection goes on a new one, not on another kept-alive one.
          agent: retried ? false : this.agent,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: header(res.headers.etag), tags: header(res.headers[SURROGATE_KEY_HEADER]) ?? '', body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) }));
          res.on('error', (err) => reject(unavailable(err.name)));
        },
      );
      req.setTimeout(this.timeoutMs, () => req.destroy(Object.assign(new Error('timeout'), { name: 'TimeoutError' })));
      if (pod) {
        limitConnectTime(req, this.pods!.connectTimeoutMs);
        this.inflight.set(pod, (this.inflight.get(pod) ?? 0) + 1);
        req.once('close', () => {
          const n = this.inflight.get(pod)! - 1;
          if (n > 0) this.inflight.set(pod, n);
          else this.inflight.delete(pod);
        });
      }
      req.on('error', (err: NodeJS.ErrnoException) => {
        // A pod that cannot be reached is left out and the read goes to the journal's next one
        // (or the Service), a few times at most. A kept-alive connection the content service
        // closed as this read went out: a GET is safe to send again, once, on a new one.
        const gone = pod !== undefined && UNREACHABLE_CODES.has(err.code ?? '');
        if (gone) this.pods!.replicas.unreachable(pod);
        if (gone && attempt < 3) resolve(this.request(path, headers, retried, attempt + 1));
        else if (!retried && req.reusedSocket && err.code === 'ECONNRESET') resolve(this.request(path, headers, true, attempt));
        else reject(unavailable(err.name));
      });
      req.end();
    });
  }
}

const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}
