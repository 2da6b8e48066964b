import { Router, type Request, type Response } from 'express';
import rangeParser from 'range-parser';
import { AppError, requireTenant } from '@journal/server-kit';
import type { ContentDeps } from '../deps';
import { assetVersion, normaliseAssetPath } from './file-store';
import { cachedBytes, cachedStat, FILE_MEMORY_MAX } from './file-cache';
import { sendWithdrawnFile } from './withdrawn-file';
/** A bare path can be given new bytes by an upload, so browsers revalidate after a short while. */
const FILE_CACHE_CONTROL = 'public, max-age=300';
/** A versioned URL (`?v=` the content hash) names bytes that never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

type Range = { start: number; end: number } | 'unsatisfiable' | null;

/**
 * The version a URL asks for, read as nginx's asset cache reads it (`$arg_v`: the first argument
 * named `v` in any case, undecoded; empty is none). Only that exact version is answered as the
 * file: any other spelling is redirected, so nginx stores a file under one key per host and
 * version, the key a purge names (docs/operations.md#edge-caches).
 */
export function versionAsked(url: string): string | undefined {
  const q = url.indexOf('?');
  if (q < 0) return undefined;
  for (const part of url.slice(q + 1).split('&')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).toLowerCase() === 'v') return part.slice(eq + 1) || undefined;
  }
  return undefined;
}

/** One byte range of an HTTP Range header; several ranges, or a malformed header, are answered with the whole file. */
export function parseRange(header: string | undefined, size: number): Range {
  if (!header) return null;
  const ranges = rangeParser(size, header.trim(), { combine: true });
  if (ranges === -1) return 'unsatisfiable';
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return null;
  return { start: ranges[0]!.start, end: ranges[0]!.end };
}

/**
 * Cuts an answer not sent whole within `ms` of its start: nginx stores no cut answer (its length
 * falls short). A versioned file read is not stamped like a page, so one that checked the file
 * before a write and reached nginx after the write's purges would be stored; bounded so, the
 * purger's late purge of retired files (edge/purge.queue.ts) comes after any it could have stored.
 */
function cutWhenLate(res: Response, ms: number): void {
  const timer = setTimeout(() => {
    if (!res.writableFinished) res.destroy();
  }, ms);
  timer.unref();
  res.once('close', () => clearTimeout(timer));
}

/** GET/HEAD /assets/{archives,editors,indexing,site}/... from GridFS (docs/product.md#files). */
export function assetRoutes(deps: ContentDeps): Router {
  const { files, cache } = deps;
  const r = Router();

  const handler = async (req: Request, res: Response) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(req.path);
    } catch {
      throw new AppError(400, 'invalid_path', 'Invalid file path');
    }
    const path = normaliseAssetPath(`/assets${decoded}`);
    if (!path) throw new AppError(400, 'invalid_path', 'Invalid file path');
    const jid = req.journalId;
    // An article PDF is public while its article is (docs/product.md#withdrawals). Both reads are
    // by key and independent: side by side, a cold download waits on one round trip, not two.
    const [stat, access] = await Promise.all([
      cachedStat(cache, files, jid, path),
      path.startsWith('/assets/archives/') ? deps.publicService.articleFileState(jid, path) : null,
    ]);
    if (!stat) throw new AppError(404, 'not_found', 'File not found');
    if (access) {
      if (access.state === 'withdrawn') {
        sendWithdrawnFile(req, res, access.article);
        return;
      }
      if (access.state === 'hidden') throw new AppError(404, 'not_found', 'File not found');
    }
    const current = assetVersion(stat.etag);
    const asked = versionAsked(req.originalUrl);
    if (asked !== undefined && asked !== current) {
      // A link to bytes since replaced (or a version written otherwise than the one nginx would
      // store it under): send the reader to the current ones (never cached, as the same URL may
      // point elsewhere after the next upload).
      res.setHeader('Cache-Control', 'no-cache');
      res.redirect(302, `/assets${req.path}?v=${current}`);
      return;
    }

    const name = path.slice(path.lastIndexOf('/') + 1).replace(/["\\\r\n]/g, '_');
    res.setHeader('Content-Type', stat.contentType);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Disposition', `inline; filename="${name}"`);
    res.setHeader('Cache-Control', asked === current ? IMMUTABLE : FILE_CACHE_CONTROL);
    res.setHeader('ETag', stat.etag);
    res.setHeader('Last-Modified', new Date(stat.uploadDate).toUTCString());
    res.setHeader('Accept-Ranges', 'bytes');
    if (stat.contentType === 'image/svg+xml') {
      // An SVG opened directly must not run script in the site's origin.
      res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    }
    if (req.fresh) {
      res.status(304).end();
      return;
    }

    const ifRange = req.header('if-range');
    let range = parseRange(req.header('range'), stat.length);
    if (range && ifRange && ifRange !== stat.etag) range = null;
    if (range === 'unsatisfiable') {
      res.setHeader('Content-Range', `bytes */${stat.length}`);
      res.removeHeader('Content-Type');
      res.removeHeader('Content-Disposition');
      throw new AppError(416, 'range_not_satisfiable', 'Requested range not satisfiable');
    }
    const start = range ? range.start : 0;
    const end = range ? range.end : stat.length - 1;
    if (range) {
      res.status(206);
      res.setHeader('Content-Range', `bytes ${start}-${end}/${stat.length}`);
    }
    res.setHeader('Content-Length', String(stat.length === 0 ? 0 : end - start + 1));
    if (req.method === 'HEAD' || stat.length === 0) {
      res.end();
      return;
    }

    if (stat.length <= FILE_MEMORY_MAX) {
      const body = await cachedBytes(cache, files, jid, stat);
      if (!body || body.length !== stat.length) throw new AppError(404, 'not_found', 'File not found');
      res.end(range ? body.subarray(start, end + 1) : body);
      return;
    }
    const stream = files.stream(stat, range ? { start, end } : undefined);
    stream.on('error', (err) => {
      deps.logger.warn({ err, path }, 'file stream failed');
      res.destroy();
    });
    res.on('close', () => stream.destroy());
    stream.pipe(res);
  };

  r.use('/assets', requireTenant, (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      next();
      return;
    }
    if (versionAsked(req.originalUrl) !== undefined) cutWhenLate(res, deps.config.EDGE_FILE_READ_MS);
    handler(req, res).catch(next);
  });
  return r;
}
