import http from 'node:http';
import { CLIENT_IP_HEADER, PUBLIC_HOST_HEADER, REQUEST_ID_HEADER, TENANT_HEADER } from '@journal/server-kit';
import { publicReadSchemas, type PublicRead, type PublicReadName } from '@journal/contracts';
import { ReadError } from '@/features/public/api/read-json';
import { publicReads, type PublicReads, type ReadGetter } from '@/features/public/api/public.api';

/** Reads that are the same for every page of a journal: reused for a moment across requests. */
const SHARED: ReadonlySet<PublicReadName> = new Set(['settings', 'indexing', 'archives', 'editors']);
const MAX_ENTRIES = 2000;

interface Entry {
  expires: number;
  value: Promise<unknown>;
  /** The content service's ETag of the answer, once it has come. */
  etag?: string;
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
  body: Buffer;
}

/**
 * The render process's reads: the content service called directly, answers checked against the
 * shared schemas. Plain `http.request` on kept-alive connections: the WHATWG fetch (its streams,
 * its Response objects, a timer per call) cost more of a page's CPU than its JSON.
 */
export class ContentReads {
  private readonly cache = new Map<string, Entry>();
  private readonly agent = new http.Agent({ keepAlive: true, keepAliveMsecs: 10_000 });
  private readonly base: URL;

  constructor(
    contentUrl: string,
    private readonly ttlMs: number,
    private readonly timeoutMs: number,
  ) {
    this.base = new URL(contentUrl);
  }

  forRequest(facts: RequestFacts): PublicReads {
    const get: ReadGetter = <K extends PublicReadName>(path: string, name: K) => {
      if (!SHARED.has(name) || this.ttlMs === 0) return this.fetch(path, name, facts).then((a) => a.data);
      const key = `${facts.journalId}\n${path}`;
      const hit = this.cache.get(key);
      if (hit && !facts.fresh && hit.expires > Date.now()) return hit.value as Promise<PublicRead<K>>;
      // A reader who has just written gets the answer checked with the content service (a 304
      // when unchanged: no body, nothing parsed again); others get a new one once it has expired.
      const entry: Entry = { expires: Date.now() + this.ttlMs, value: Promise.resolve() };
      const value = this.fetch(path, name, facts, hit?.etag ? hit : undefined).then((a) => {
        entry.etag = a.etag;
        return a.data;
      });
      entry.value = value;
      if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
      this.cache.set(key, entry);
      value.catch(() => {
        if (this.cache.get(key) === entry) this.cache.delete(key);
      });
      return value;
    };
    return publicReads(get);
  }

  /** Drops idle connections (at shutdown). */
  close() {
    this.agent.destroy();
  }

  private async fetch<K extends PublicReadName>(path: string, name: K, facts: RequestFacts, known?: Entry): Promise<{ data: PublicRead<K>; etag?: string }> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      [TENANT_HEADER]: facts.journalId,
      [PUBLIC_HOST_HEADER]: facts.journalHost,
      [CLIENT_IP_HEADER]: facts.clientIp,
      [REQUEST_ID_HEADER]: facts.requestId,
    };
    if (known?.etag) headers['if-none-match'] = known.etag;
    const res = await this.request(path, headers);
    if (res.status === 304 && known) return { data: (await known.value) as PublicRead<K>, etag: known.etag };
    if (res.status < 200 || res.status >= 300) {
      const body = parseJson(res.body) as { error?: string; message?: string } | undefined;
      throw new ReadError(res.status >= 500 ? 503 : res.status, body?.error ?? 'http_error', body?.message ?? (http.STATUS_CODES[res.status] ?? 'Error'));
    }
    const parsed = publicReadSchemas[name].safeParse(parseJson(res.body));
    if (!parsed.success) throw new ReadError(503, 'bad_upstream_answer', `Unexpected ${name} answer from the content service`);
    return { data: parsed.data as PublicRead<K>, etag: res.etag };
  }

  private request(path: string, headers: Record<string, string>): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const unavailable = (why: string) => new ReadError(503, 'upstream_unavailable', `The content service is unavailable (${why})`);
      const req = http.request(
        { protocol: this.base.protocol, hostname: this.base.hostname, port: this.base.port, path, method: 'GET', headers, agent: this.agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: header(res.headers.etag), body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) }));
          res.on('error', (err) => reject(unavailable(err.name)));
        },
      );
      req.setTimeout(this.timeoutMs, () => req.destroy(Object.assign(new Error('timeout'), { name: 'TimeoutError' })));
      req.on('error', (err) => reject(unavailable(err.name)));
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
