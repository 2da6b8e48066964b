import { AppError, LRUCache } from '@journal/server-kit';

/** A cached answer: the journal id, or NONE for a host no journal serves. */
const NONE = '';

const HOST_RE = /^[a-z0-9]([a-z0-9-]{0,62})(\.[a-z0-9]([a-z0-9-]{0,62}))*$/;

/** Lower-cased host without port or trailing dot; undefined when it is not a valid host name. */
export function normaliseHost(raw: string | undefined): string | undefined {
  if (!raw || raw.length > 260) return undefined;
  let host = raw.trim().toLowerCase();
  if (host.startsWith('[')) return undefined;
  host = host.replace(/:\d{1,5}$/, '').replace(/\.$/, '');
  return host.length <= 253 && HOST_RE.test(host) ? host : undefined;
}

/** Maps a host to its journal id by asking the content service, caching answers briefly. */
export class TenantResolver {
  private readonly cache: LRUCache<string, string>;
  private readonly inflight = new Map<string, Promise<string | null>>();

  constructor(
    private readonly contentUrl: string,
    private readonly ttlMs: number,
  ) {
    this.cache = new LRUCache<string, string>({ max: 10_000, ttl: Math.max(1, ttlMs), ttlAutopurge: false });
  }

  /** The cached answer for a host (null: no journal there), or undefined when it must be asked. */
  peek(host: string): string | null | undefined {
    const hit = this.cache.get(host);
    return hit === undefined ? undefined : hit === NONE ? null : hit;
  }

  async resolve(host: string): Promise<string | null> {
    const hit = this.cache.get(host);
    if (hit !== undefined) return hit === NONE ? null : hit;
    let p = this.inflight.get(host);
    if (!p) {
      p = this.fetch(host).finally(() => this.inflight.delete(host));
      this.inflight.set(host, p);
    }
    return p;
  }

  private async fetch(host: string): Promise<string | null> {
    let res: Response;
    try {
      res = await fetch(`${this.contentUrl}/internal/journals/resolve?host=${encodeURIComponent(host)}`, {
        signal: AbortSignal.timeout(3000),
      });
    } catch {
      throw new AppError(503, 'upstream_unavailable', 'The journal directory is unavailable');
    }
    if (res.status === 404) {
      // Unknown hosts are cached for a shorter time so a newly added journal appears quickly.
      this.store(host, null, Math.min(this.ttlMs, 5000));
      return null;
    }
    if (!res.ok) throw new AppError(503, 'upstream_unavailable', 'The journal directory is unavailable');
    const body = (await res.json()) as { id?: string };
    if (typeof body.id !== 'string') throw new AppError(502, 'bad_gateway', 'Invalid journal directory answer');
    this.store(host, body.id, this.ttlMs);
    return body.id;
  }

  private store(host: string, id: string | null, ttl: number) {
    this.cache.set(host, id ?? NONE, { ttl: Math.max(1, ttl) });
  }

  clear() {
    this.cache.clear();
  }
}
