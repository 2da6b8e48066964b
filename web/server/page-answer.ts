import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { chosenEncoding, compressForEdgeSync, MIN_COMPRESS_BYTES, weakEtag } from '@journal/server-kit';

/**
 * One answer from parts (bytes shared by every page, strings of this one) with its Content-Length:
 * the head and every part go out in one write to the socket, nothing copied into one buffer first.
 * A HEAD answer gets the same headers and no body.
 */
export function sendParts(res: ServerResponse, status: number, headers: OutgoingHttpHeaders, parts: readonly (Buffer | string)[]): void {
  let length = 0;
  for (const p of parts) length += typeof p === 'string' ? Buffer.byteLength(p) : p.length;
  res.writeHead(status, { ...headers, 'content-length': length });
  res.cork();
  for (const p of parts) res.write(p);
  res.end();
  res.uncork();
}

/**
 * A page answer in the encoding the request takes (the one nginx stores it in), compressed here:
 * the page crosses to the gateway as its compressed bytes, and the gateway passes it on as it is.
 * Its ETag is weak then, as for every compressed copy; Vary names Accept-Encoding either way.
 */
export function sendPage(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string>, parts: readonly (Buffer | string)[]): void {
  const encoding = req.method === 'GET' ? chosenEncoding(req.headers['accept-encoding']) : null;
  const varied = { ...headers, vary: 'Accept-Encoding' };
  if (!encoding) {
    sendParts(res, status, varied, parts);
    return;
  }
  const body = Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));
  if (body.length < MIN_COMPRESS_BYTES) {
    sendParts(res, status, varied, [body]);
    return;
  }
  const etag = headers.etag ? { etag: weakEtag(headers.etag) } : {};
  sendParts(res, status, { ...varied, ...etag, 'content-encoding': encoding }, [compressForEdgeSync(encoding, body)]);
}

/** Whether an If-None-Match header names this strong ETag (weak comparison, as for a GET). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  for (const t of ifNoneMatch.split(',')) {
    const tag = t.trim();
    if (tag === etag || (tag.startsWith('W/') && tag.slice(2) === etag)) return true;
  }
  return false;
}
