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
}

export interface RequestFacts {
  journalId: string;
  journalHost: string;
  clientIp: string;
  requestId: string;
  /** The reader has just written something: no reuse, they must see it. */
  fresh: boolean;
}

/** The render process's reads: the content service called directly, answers checked against the shared schemas. */
export class ContentReads {
  private readonly cache = new Map<string, Entry>();

  constructor(
    private readonly contentUrl: string,
    private readonly ttlMs: number,
    private readonly timeoutMs: number,
  ) {}

  forRequest(facts: RequestFacts): PublicReads {
    const get: ReadGetter = <K extends PublicReadName>(path: string, name: K) => {
      if (!SHARED.has(name) || this.ttlMs === 0 || facts.fresh) return this.fetch(path, name, facts);
      const key = `${facts.journalId}\n${path}`;
      const hit = this.cache.get(key);
      if (hit && hit.expires > Date.now()) return hit.value as Promise<PublicRead<K>>;
      const value = this.fetch(path, name, facts);
      if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
      this.cache.set(key, { expires: Date.now() + this.ttlMs, value });
      value.catch(() => this.cache.delete(key));
      return value;
    };
    return publicReads(get);
  }

  private async fetch<K extends PublicReadName>(path: string, name: K, facts: RequestFacts): Promise<PublicRead<K>> {
    let res: Response;
    try {
      res = await fetch(this.contentUrl + path, {
        headers: {
          accept: 'application/json',
          [TENANT_HEADER]: facts.journalId,
          [PUBLIC_HOST_HEADER]: facts.journalHost,
          [CLIENT_IP_HEADER]: facts.clientIp,
          [REQUEST_ID_HEADER]: facts.requestId,
        },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new ReadError(503, 'upstream_unavailable', `The content service is unavailable (${(err as Error).name})`);
    }
    if (!res.ok) {
      const body = (await res.json().catch(() => ({}))) as { error?: string; message?: string };
      throw new ReadError(res.status >= 500 ? 503 : res.status, body.error ?? 'http_error', body.message ?? res.statusText);
    }
    const parsed = publicReadSchemas[name].safeParse(await res.json());
    if (!parsed.success) throw new ReadError(503, 'bad_upstream_answer', `Unexpected ${name} answer from the content service`);
    return parsed.data as PublicRead<K>;
  }
}
