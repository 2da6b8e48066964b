import http from 'node:http';
import { CLIENT_IP_HEADER, PUBLIC_HOST_HEADER, REQUEST_ID_HEADER, SURROGATE_KEY_HEADER, TENANT_HEADER } from '@journal/server-kit';
import { publicReadSchemas, type PublicRead, type PublicReadName } from '@journal/contracts';
import { ReadError } from '@/features/public/api/read-json';
import { publicReads, type PublicReads, type ReadGetter } from '@/features/public/api/public.api';

/** Reads that are the same for every page of a journal: reused for a moment across requests. */
const SHARED: ReadonlySet<PublicReadName> = new Set(['settings', 'indexing', 'archives', 'editors']);
/**
 * Reads whose last answer is kept with its ETag, to be revalidated rather than fetched and checked
 * again (search answers are left out: any text makes a key, and they are large).
 */
const KEPT: ReadonlySet<PublicReadName> = new Set([...SHARED, 'article', 'issue']);
const MAX_ENTRIES = 5000;
/** Bytes of the kept answers (as received): beyond this the cache starts over. */
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
}

export interface RequestFacts {
  journalId: string;
  journalHost: string;
  clientIp: string;
  requestId: string;
  /** The reader has just written something: nothing reused unchecked, they must see it. */
  fresh: boolean;
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
  private readonly cache = new Map<string, Entry>();
  private bytes = 0;
  /** Requests come so far: orders a request's arrival against the start of a read. */
  private arrivals = 0;
  private readonly agent = new http.Agent({ keepAlive: true, keepAliveMsecs: 10_000 });
  private readonly base: URL;

  constructor(
    contentUrl: string,
    private readonly ttlMs: number,
    private readonly timeoutMs: number,
  ) {
    this.base = new URL(contentUrl);
  }

  forRequest(facts: RequestFacts, sink: TagSink = () => {}): PublicReads {
    const arrival = ++this.arrivals;
    const told = (p: Promise<Read>) =>
      p.then(
        (r) => {
          sink(r.tags);
          return r.data;
        },
        (err: unknown) => {
          if (err instanceof TaggedReadError) sink(err.tags);
          throw err;
        },
      );
    const kept = (key: string, path: string, name: PublicReadName): Promise<Read> => {
      const hit = this.cache.get(key);
      if (!hit) return this.start(key, path, name, facts, hit).value;
      if (SHARED.has(name) && !facts.fresh) return hit.expires > Date.now() ? hit.value : this.start(key, path, name, facts, hit).value;
      // A reader who has just written, and every reader of an article or an issue, takes only a
      // read that began after their request came, so it holds every write made before it. While one
      // is on its way, the readers who came meanwhile share the next one: one check with the
      // content service per round trip, however many pages ask.
      if (hit.startedAt >= arrival) return hit.value;
      if (hit.settled) return this.start(key, path, name, facts, hit).value;
      hit.lastWaiter = Math.max(hit.lastWaiter, arrival);
      hit.next ??= hit.value.then(
        () => undefined,
        () => undefined,
      ).then(() => {
        const now = this.cache.get(key);
        return (now && now !== hit && now.startedAt >= hit.lastWaiter ? now : this.start(key, path, name, facts, now)).value;
      });
      return hit.next;
    };
    const get: ReadGetter = <K extends PublicReadName>(path: string, name: K) => {
      if (!KEPT.has(name)) return told(this.fetch(path, name, facts)) as Promise<PublicRead<K>>;
      return told(kept(`${facts.journalId}\n${path}`, path, name)) as Promise<PublicRead<K>>;
    };
    return publicReads(get);
  }

  /** Begins a read of a kept answer (revalidated when one is known) and makes it the key's entry. */
  private start(key: string, path: string, name: PublicReadName, facts: RequestFacts, prev: Entry | undefined): Entry {
    const entry: Entry = { expires: Date.now() + this.ttlMs, startedAt: this.arrivals, settled: false, lastWaiter: 0, value: Promise.resolve({ data: undefined, tags: '' }), known: prev?.known };
    entry.value = this.fetch(path, name, facts, prev?.known).then(
      (a) => {
        entry.settled = true;
        if (a.known && a.known !== entry.known) {
          this.bytes += a.known.bytes - (entry.known?.bytes ?? 0);
          entry.known = a.known;
        }
        return { data: a.data, tags: a.tags };
      },
      (err: unknown) => {
        entry.settled = true;
        if (this.cache.get(key) === entry) this.cache.delete(key);
        throw err;
      },
    );
    if (this.cache.size >= MAX_ENTRIES || this.bytes > MAX_BYTES) {
      this.cache.clear();
      this.bytes = 0;
    }
    this.cache.set(key, entry);
    return entry;
  }

  /** Drops idle connections (at shutdown). */
  close() {
    this.agent.destroy();
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

  private request(path: string, headers: Record<string, string>, retried = false): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const unavailable = (why: string) => new ReadError(503, 'upstream_unavailable', `The content service is unavailable (${why})`);
      const req = http.request(
        { protocol: this.base.protocol, hostname: this.base.hostname, port: this.base.port, path, method: 'GET', headers, agent: this.agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: header(res.headers.etag), tags: header(res.headers[SURROGATE_KEY_HEADER]) ?? '', body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) }));
          res.on('error', (err) => reject(unavailable(err.name)));
        },
      );
      req.setTimeout(this.timeoutMs, () => req.destroy(Object.assign(new Error('timeout'), { name: 'TimeoutError' })));
      req.on('error', (err: NodeJS.ErrnoException) => {
        // A kept-alive connection the content service closed as this read went out: a GET is safe
        // to send again, once, on a new one.
        if (!retried && req.reusedSocket && err.code === 'ECONNRESET') resolve(this.request(path, headers, true));
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
