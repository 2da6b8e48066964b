import { LRUCache } from '@journal/server-kit/cache';
import { AppError } from '@journal/server-kit/errors';
import { normaliseHost } from '@journal/server-kit/public-origin';

export { normaliseHost };

/** A journal as the gateway routes to it: its id and its primary host (where its URLs point). */
export interface Tenant {
  id: string;
  primaryHost: string;
}

/** A cached answer: the journal, or NONE for a host no journal serves. */
const NONE: Tenant = Object.freeze({ id: '', primaryHost: '' });

/** Maps a (normalised) host to its journal by asking the content service, caching answers briefly. */
export class TenantResolver {
  private readonly cache: LRUCache<string, Tenant>;
  private readonly inflight = new Map<string, Promise<Tenant | null>>();

  constructor(
    private readonly contentUrl: string,
    private readonly ttlMs: number,
  ) {
    this.cache = new LRUCache<string, Tenant>({ max: 10_000, ttl: Math.max(1, ttlMs), ttlAutopurge: false });
  }

  /** The cached answer for a host (null: no journal there), or undefined when it must be asked. */
  peek(host: string): Tenant | null | undefined {
    const hit = this.cache.get(host);
    return hit === undefined ? undefined : hit === NONE ? null : hit;
  }

  async resolve(host: string): Promise<Tenant | null> {
    const hit = this.cache.get(host);
    if (hit !== undefined) return hit === NONE ? null : hit;
    let p = this.inflight.get(host);
    if (!p) {
      p = this.fetch(host).finally(() => this.inflight.delete(host));
      this.inflight.set(host, p);
    }
    return p;
  }

  private async fetch(host: string): Promise<Tenant | null> {
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
    const body = (await res.json()) as { id?: unknown; primaryHost?: unknown };
    // A content service older than the primary host (during a rolling upgrade) names none: the
    // host asked is then served as it is, without a redirect.
    const primaryHost = body.primaryHost === undefined ? host : typeof body.primaryHost === 'string' ? normaliseHost(body.primaryHost) : undefined;
    if (typeof body.id !== 'string' || !primaryHost) throw new AppError(502, 'bad_gateway', 'Invalid journal directory answer');
    const tenant: Tenant = { id: body.id, primaryHost };
    this.store(host, tenant, this.ttlMs);
    return tenant;
  }

  private store(host: string, tenant: Tenant | null, ttl: number) {
    this.cache.set(host, tenant ?? NONE, { ttl: Math.max(1, ttl) });
  }

  clear() {
    this.cache.clear();
  }
}
