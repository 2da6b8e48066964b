import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { EdgeKeyMap } from '@journal/server-kit';
import type { PublishedChange } from '../views/cache-tags';
import type { PurgeTarget } from './purger';

/** Purges sent to one nginx at once. */
const CONCURRENCY = 16;

/**
 * nginx's cache (Debian's cache purge module): each key that holds an answer with one of the tags
 * (the gateway recorded them as the answers went by) is removed from every nginx. A URL whose host
 * is a name stands for every address it resolves to (a headless Service: one per web pod).
 */
export class NginxPurgeTarget implements PurgeTarget {
  readonly name = 'nginx';
  readonly awaited = true;

  constructor(
    private readonly keys: EdgeKeyMap,
    private readonly urls: readonly string[],
    private readonly timeoutMs = 2000,
  ) {}

  async purge(change: PublishedChange): Promise<void> {
    const keys = await this.keys.keysOf(change.tags);
    if (!keys.length) return;
    const endpoints = (await Promise.all(this.urls.map(expand))).flat();
    await Promise.all(endpoints.map((url) => this.purgeAll(url, keys)));
  }

  private async purgeAll(url: string, keys: readonly string[]) {
    let next = 0;
    const worker = async () => {
      while (next < keys.length) {
        const key = keys[next++]!;
        const res = await fetch(url, { headers: { 'purge-key': key }, signal: AbortSignal.timeout(this.timeoutMs) });
        await res.arrayBuffer();
        // 404: nothing was stored under the key (already purged, or evicted).
        if (res.status !== 200 && res.status !== 404) throw new Error(`nginx purge answered ${res.status} at ${url}`);
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, keys.length) }, worker));
  }
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
