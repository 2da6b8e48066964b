import type { IncomingMessage } from 'node:http';
import { chosenEncoding, compressForEdge, MIN_COMPRESS_BYTES, weakEtag, type EdgeEncoding } from '@journal/server-kit/edge-encoding';
import { EDGE_MISS_HEADER, EdgeKeyMap, parseSurrogateKey, SURROGATE_KEY_HEADER } from '@journal/server-kit/edge-keys';
import type { Logger } from '@journal/server-kit/logger';

type AnswerHeaders = Record<string, string | string[] | undefined>;

/** Statuses a shared cache keeps: the page or read, a redirect, "not found" and "gone" (purged like the rest). */
const CACHEABLE = new Set([200, 301, 302, 304, 404, 410]);
/**
 * Statuses whose keys are recorded for the purger, so nginx keeps them long. Not a 404: anyone can
 * make up endless paths, so a "not found" is kept a few seconds (EDGE_UNRECORDED_TTL_S) and never
 * recorded. Not a 304: nginx asks without the reader's validators, so it never stores one.
 */
const RECORDED = new Set([200, 301, 302, 410]);
const COMPRESSIBLE = /^(text\/|application\/(json|xml|atom\+xml|rss\+xml|javascript|manifest\+json)|image\/svg\+xml)/i;

export interface EdgeAnswerOptions {
  /** Where the cache keys of tagged answers are recorded for the purger; null: not recorded. */
  keys: EdgeKeyMap | null;
  /** How long nginx and a CDN keep a tagged answer (seconds), and how long past it they may serve it stale. */
  ttlSeconds: number;
  /** How long nginx keeps a tagged answer whose key is not recorded (a 404, a key too long to record): no purge reaches it. */
  unrecordedTtlSeconds: number;
  staleWhileRevalidateSeconds: number;
  staleIfErrorSeconds: number;
  logger: Logger;
}

/**
 * Public answers that name their cache tags (Surrogate-Key, set by the content service and the
 * render process) are the ones caches in front keep and purge by tag. The gateway gives them the
 * CDNs' headers (Cache-Tag, CDN-Cache-Control, Surrogate-Control) and nginx's lifetime
 * (X-Accel-Expires), records nginx's cache key under each tag for the purger, and compresses them
 * once, in the encoding the key names: nginx stores the compressed bytes and a hit is a file send.
 */
export class EdgeAnswers {
  private readonly cdnCacheControl: string;

  constructor(private readonly o: EdgeAnswerOptions) {
    this.cdnCacheControl = `public, s-maxage=${o.ttlSeconds}, stale-while-revalidate=${o.staleWhileRevalidateSeconds}, stale-if-error=${o.staleIfErrorSeconds}`;
  }

  /**
   * Adds the edge headers to a tagged answer (in place) and records its key; the encoding to
   * compress its body in, or null to pass it on as it is.
   */
  prepare(req: IncomingMessage, status: number, h: AnswerHeaders, ctx: { cacheKey?: string; journalId: string }): EdgeEncoding | null {
    const miss = h[EDGE_MISS_HEADER] !== undefined;
    delete h[EDGE_MISS_HEADER];
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !CACHEABLE.has(status)) return null;
    const tags = parseSurrogateKey(h[SURROGATE_KEY_HEADER]);
    if (!tags.length) return null;
    // A token-bearing request may see what readers do not: its answer is for it alone.
    if (req.headers.authorization !== undefined || h['set-cookie'] !== undefined) return null;
    h[SURROGATE_KEY_HEADER] = tags.join(' ');
    h['cache-tag'] = tags.join(',');
    h['edge-cache-tag'] = tags.join(',');
    h['cdn-cache-control'] = this.cdnCacheControl;
    h['surrogate-control'] = `max-age=${this.o.ttlSeconds}, stale-while-revalidate=${this.o.staleWhileRevalidateSeconds}, stale-if-error=${this.o.staleIfErrorSeconds}`;
    // nginx (it named its key; '' for one the gateway refused) keeps long only what a purge can
    // find: the answers whose key is recorded.
    const { cacheKey } = ctx;
    const keys = cacheKey === undefined ? null : this.o.keys;
    if (keys && RECORDED.has(status) && !miss && keys.accepts(cacheKey!, tags, ctx.journalId)) {
      h['x-accel-expires'] = String(this.o.ttlSeconds);
      this.remember(keys, cacheKey!, tags, ctx.journalId);
    } else {
      h['x-accel-expires'] = String(keys ? this.o.unrecordedTtlSeconds : this.o.ttlSeconds);
    }
    const encoding = chosenEncoding(req.headers['accept-encoding']);
    // A client taking a compressed copy may be sent one (here or by nginx from its store): the
    // validator is weak for it, whether this answer was compressed or not, or a 304.
    const etag = h.etag;
    if (encoding && typeof etag === 'string') h.etag = weakEtag(etag);
    if (req.method !== 'GET' || (status !== 200 && status !== 404 && status !== 410) || h['content-encoding'] !== undefined) return null;
    const type = h['content-type'];
    if (typeof type !== 'string' || !COMPRESSIBLE.test(type)) return null;
    const length = Number(h['content-length']);
    if (Number.isFinite(length) && length < MIN_COMPRESS_BYTES) return null;
    return encoding;
  }

  /**
   * Records the key again for an answer another reader's request brought (shared-reads.ts): nginx
   * stores it once more under this reader's key, and a purge since the first record may have
   * forgotten that record, which would leave the copy where no purge finds it.
   */
  recordShared(h: AnswerHeaders, ctx: { cacheKey?: string; journalId: string }): void {
    const { keys } = this.o;
    const { cacheKey } = ctx;
    if (!keys || !cacheKey || h['x-accel-expires'] !== String(this.o.ttlSeconds)) return;
    this.remember(keys, cacheKey, parseSurrogateKey(h[SURROGATE_KEY_HEADER]), ctx.journalId);
  }

  private remember(keys: EdgeKeyMap, cacheKey: string, tags: readonly string[], journalId: string): void {
    keys.record(cacheKey, tags, Date.now(), journalId).catch((err: unknown) => this.o.logger.warn({ err }, 'edge cache key not recorded; a purge will miss it until it expires'));
  }

  /** The compressed body and the headers that describe it (in place). */
  async compress(encoding: EdgeEncoding, body: Buffer, h: AnswerHeaders): Promise<Buffer> {
    if (body.length < MIN_COMPRESS_BYTES) {
      // Held whole: a length, never chunks (an upstream may have sent it chunked).
      h['content-length'] = String(body.length);
      delete h['transfer-encoding'];
      return body;
    }
    const out = await compressForEdge(encoding, body);
    h['content-encoding'] = encoding;
    h['content-length'] = String(out.length);
    delete h['transfer-encoding'];
    const vary = h.vary;
    if (typeof vary !== 'string' || !/accept-encoding/i.test(vary)) h.vary = vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding';
    return out;
  }
}

/** The edge settings of the gateway's config. */
export const edgeTtlOf = (c: { EDGE_CACHE_TTL_S: number; EDGE_UNRECORDED_TTL_S: number; EDGE_STALE_WHILE_REVALIDATE_S: number; EDGE_STALE_IF_ERROR_S: number }) => ({
  ttlSeconds: c.EDGE_CACHE_TTL_S,
  unrecordedTtlSeconds: c.EDGE_UNRECORDED_TTL_S,
  staleWhileRevalidateSeconds: c.EDGE_STALE_WHILE_REVALIDATE_S,
  staleIfErrorSeconds: c.EDGE_STALE_IF_ERROR_S,
});
