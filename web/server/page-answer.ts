import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

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
