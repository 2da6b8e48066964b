import { createHash, createHmac, randomUUID } from 'node:crypto';
import type { PublishedChange } from '../views/cache-tags';
import type { PurgeTarget } from './purger';

const chunks = <T>(list: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

async function send(url: string, init: RequestInit, what: string, timeoutMs: number): Promise<void> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${what} purge answered ${res.status}: ${text.slice(0, 200)}`);
}

/** Fastly: purge by surrogate key (the Surrogate-Key header every public answer carries), 256 keys a call. */
export class FastlyPurgeTarget implements PurgeTarget {
  readonly name = 'fastly';
  constructor(private readonly o: { apiUrl: string; serviceId: string; token: string; timeoutMs?: number }) {}

  async purge(change: PublishedChange): Promise<void> {
    for (const keys of chunks(change.tags, 256)) {
      await send(
        `${this.o.apiUrl}/service/${encodeURIComponent(this.o.serviceId)}/purge`,
        { method: 'POST', headers: { 'fastly-key': this.o.token, 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ surrogate_keys: keys }) },
        'Fastly',
        this.o.timeoutMs ?? 10_000,
      );
    }
  }
}

/** Cloudflare: purge by cache tag (the Cache-Tag header the gateway adds), 30 tags a call. */
export class CloudflarePurgeTarget implements PurgeTarget {
  readonly name = 'cloudflare';
  constructor(private readonly o: { apiUrl: string; zoneId: string; token: string; timeoutMs?: number }) {}

  async purge(change: PublishedChange): Promise<void> {
    for (const tags of chunks(change.tags, 30)) {
      await send(
        `${this.o.apiUrl}/client/v4/zones/${encodeURIComponent(this.o.zoneId)}/purge_cache`,
        { method: 'POST', headers: { authorization: `Bearer ${this.o.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ tags }) },
        'Cloudflare',
        this.o.timeoutMs ?? 10_000,
      );
    }
  }
}

export interface AkamaiCredentials {
  /** The API host of the client credentials (akab-….purge.akamaiapis.net), or a full origin. */
  host: string;
  clientToken: string;
  clientSecret: string;
  accessToken: string;
  /** production or staging. */
  network: 'production' | 'staging';
}

/** EdgeGrid's timestamp: UTC, `yyyyMMddTHH:mm:ss+0000`. */
const edgeGridTime = (d: Date) => d.toISOString().replace(/[-]/g, '').replace(/\.\d{3}Z$/, '+0000');

/** The EdgeGrid (EG1-HMAC-SHA256) Authorization header of one request. */
export function edgeGridAuthorization(c: Pick<AkamaiCredentials, 'clientToken' | 'clientSecret' | 'accessToken'>, req: { method: string; url: string; body: string }, now = new Date(), nonce: string = randomUUID()): string {
  const u = new URL(req.url);
  const timestamp = edgeGridTime(now);
  const unsigned = `EG1-HMAC-SHA256 client_token=${c.clientToken};access_token=${c.accessToken};timestamp=${timestamp};nonce=${nonce};`;
  const bodyHash = req.method === 'POST' && req.body ? createHash('sha256').update(req.body.slice(0, 131072)).digest('base64') : '';
  const data = [req.method.toUpperCase(), u.protocol.replace(':', ''), u.host, u.pathname + u.search, '', bodyHash, unsigned].join('\t');
  const signingKey = createHmac('sha256', c.clientSecret).update(timestamp).digest('base64');
  const signature = createHmac('sha256', signingKey).update(data).digest('base64');
  return `${unsigned}signature=${signature}`;
}

/** Akamai Fast Purge (CCU v3): invalidate by cache tag (Edge-Cache-Tag), 500 tags a call. */
export class AkamaiPurgeTarget implements PurgeTarget {
  readonly name = 'akamai';
  constructor(private readonly o: AkamaiCredentials & { timeoutMs?: number }) {}

  async purge(change: PublishedChange): Promise<void> {
    const origin = /^https?:\/\//.test(this.o.host) ? this.o.host : `https://${this.o.host}`;
    const url = `${origin}/ccu/v3/invalidate/tag/${this.o.network}`;
    for (const objects of chunks(change.tags, 500)) {
      const body = JSON.stringify({ objects });
      await send(
        url,
        { method: 'POST', headers: { authorization: edgeGridAuthorization(this.o, { method: 'POST', url, body }), 'content-type': 'application/json' }, body },
        'Akamai',
        this.o.timeoutMs ?? 10_000,
      );
    }
  }
}
