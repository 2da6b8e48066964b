/**
 * BENCH_EDGE_DEBUG=1: what the edge held for a page readers still got stale after a save (the
 * edge-write bench calls it on an unseen save): nginx's cache file of each encoding's key (its
 * stored time, lifetime, key, answer headers and whether the body holds a text), and the
 * gateway's records of the key in the edge Redis (its scope's set, its tags, each tag's set).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Redis from 'ioredis';
import mongoose from 'mongoose';
import { ViewRepo } from '../services/content/src/views/view.repo';
import { edgeRedisUrl } from '../scripts/stack';

export const edgeDebug = process.env.BENCH_EDGE_DEBUG === '1';

/** nginx's file of a key in any of this machine's in-memory caches (levels=1:2). */
function cacheFileOf(key: string): string | undefined {
  const h = createHash('md5').update(key).digest('hex');
  const roots = existsSync('/dev/shm') ? readdirSync('/dev/shm').filter((d) => d.startsWith('jp-nginx-')).map((d) => path.join('/dev/shm', d)) : [];
  return roots.map((r) => path.join(r, h.slice(-1), h.slice(-3, -1), h)).find((f) => existsSync(f));
}

/** What nginx's cache file of the key holds: its header's times, its key, the answer's headers, whether the body has `needle`. */
export function describeCacheFile(key: string, needle: string): Record<string, unknown> {
  const file = cacheFileOf(key);
  if (!file) return { key, file: null };
  const buf = readFileSync(file);
  const mtime = statSync(file).mtime.toISOString();
  // ngx_http_file_cache_header_t on 64-bit: version, valid_sec, updating_sec, error_sec, last_modified, date (8 bytes each).
  const validSec = Number(buf.readBigInt64LE(8));
  const date = Number(buf.readBigInt64LE(40));
  const keyAt = buf.indexOf('\nKEY: ');
  const keyEnd = buf.indexOf('\n', keyAt + 6);
  const headEnd = buf.indexOf('\r\n\r\n', keyEnd);
  const head = buf.subarray(keyEnd + 1, headEnd).toString('latin1');
  const body = buf.subarray(headEnd + 4);
  const encoding = /^content-encoding:\s*(\S+)/im.exec(head)?.[1];
  let text = '';
  try {
    text = (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8');
  } catch (err) {
    text = `(undecodable: ${String(err)})`;
  }
  const title = /<title>([^<]*)<\/title>/.exec(text)?.[1];
  return {
    key,
    file,
    mtime,
    validUntil: new Date(validSec * 1000).toISOString(),
    date: new Date(date * 1000).toISOString(),
    storedKey: buf.subarray(keyAt + 6, keyEnd).toString('latin1'),
    headers: head.split('\r\n').filter((l) => /^(HTTP|date|etag|surrogate-key|x-request-id|x-accel-expires|content-encoding|server-timing)/i.test(l)),
    title,
    hasNeedle: text.includes(needle),
  };
}

/** The gateway's records of the key: its scope's score, its tags, each tag set's score. */
export async function describeRecords(prefix: string, journalId: string, key: string): Promise<Record<string, unknown>> {
  const url = edgeRedisUrl() || process.env.REDIS_URL || 'redis://127.0.0.1:6390';
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    const base = `${prefix}edge:scope:${journalId}:`;
    const [linked, other, tags] = await Promise.all([redis.zscore(`${base}linked`, key), redis.zscore(`${base}other`, key), redis.hget(`${base}tags`, key)]);
    const tagNames = [`j${journalId}`, `j${journalId}-h`, `j${journalId}-l`, `j${journalId}-x`, ...(tags ?? '').split(' ').filter(Boolean)];
    const perTag: Record<string, unknown> = {};
    for (const t of new Set(tagNames)) {
      const [score, card, ttl] = await Promise.all([redis.zscore(`${prefix}edge:tag:${t}`, key), redis.zcard(`${prefix}edge:tag:${t}`), redis.ttl(`${prefix}edge:tag:${t}`)]);
      perTag[t] = { score: score && new Date(Number(score)).toISOString(), card, ttl };
    }
    const [linkedCard, linkedTtl, info] = await Promise.all([redis.zcard(`${base}linked`), redis.ttl(`${base}linked`), redis.info('stats')]);
    return {
      linked: linked && new Date(Number(linked)).toISOString(),
      other: other && new Date(Number(other)).toISOString(),
      tags,
      linkedCard,
      linkedTtl,
      perTag,
      evicted: /evicted_keys:(\d+)/.exec(info)?.[1],
    };
  } catch (err) {
    return { error: String(err) };
  } finally {
    redis.disconnect();
  }
}

/**
 * Where the journal's name stands behind the edge: the journal document and the stored head view
 * in the database, each content process's settings answer (asked directly, as the render process
 * asks), and the change feed's and edge change numbers in Redis.
 */
export async function describeSources(o: { mongoUrl: string; dbName: string; redisUrl: string; prefix: string; journalId: string; host: string; contentUrls: Record<string, string>; renderUrl?: string }): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const conn = await mongoose.createConnection(o.mongoUrl, { dbName: o.dbName }).asPromise();
  try {
    const j = await conn.db!.collection('journals').findOne({ _id: new mongoose.Types.ObjectId(o.journalId) });
    out.dbJournal = j?.websitename;
    const repo = await ViewRepo.open(conn);
    const head = await repo.read(`${o.journalId}:h`);
    out.dbHeadVersion = head?.h;
    out.dbHeadName = head?.json ? (JSON.parse(head.json) as { journal?: { websitename?: string } }).journal?.websitename : null;
  } catch (err) {
    out.dbError = String(err);
  } finally {
    await conn.close();
  }
  const redis = new Redis(o.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    const [feed, edge] = await redis.mget(`${o.prefix}content:ver:${o.journalId}`, `${o.prefix}edge:seq:${o.journalId}`);
    out.feedVersion = feed;
    out.edgeSeq = edge;
  } catch (err) {
    out.redisError = String(err);
  } finally {
    redis.disconnect();
  }
  for (const [name, url] of Object.entries(o.contentUrls)) {
    for (const version of ['', String(out.feedVersion ?? '')]) {
      try {
        const r = await fetch(`${url}/api/settings`, { headers: { 'x-journal-id': o.journalId, 'x-journal-host': o.host, ...(version ? { 'x-jp-content-version': version } : {}) } });
        out[`${name}Settings${version ? `@${version}` : ''}`] = ((await r.json()) as { websitename?: string }).websitename;
      } catch (err) {
        out[`${name}Settings`] = String(err);
      }
    }
  }
  // The render process asked for the page itself, as the gateway asks it (with and without the version).
  if (o.renderUrl) {
    for (const version of ['', String(out.feedVersion ?? '')]) {
      try {
        const r = await fetch(`${o.renderUrl}/`, { headers: { 'x-journal-id': o.journalId, 'x-journal-host': o.host, ...(version ? { 'x-jp-content-version': version } : {}) } });
        out[`render${version ? `@${version}` : ''}`] = `${r.headers.get('etag')} ${/<title>([^<]*)</.exec(await r.text())?.[1]}`;
      } catch (err) {
        out.render = String(err);
      }
    }
  }
  return out;
}
