import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { chosenEncoding, compressForEdgeSync, GzipSplicer, MIN_COMPRESS_BYTES, weakEtag, type EdgeEncoding } from '@journal/server-kit';
import type { EncodedPage, PageStore } from './page-store';

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

/** A part of at least this many bytes, as a Buffer, is bytes every page shares (see sendPage). */
const SHARED_MIN_BYTES = 4096;
/** Pages are joined here to be compressed: one buffer reused, none allocated per page. */
let scratch = Buffer.allocUnsafe(128 * 1024);
const SCRATCH_MAX_BYTES = 1024 * 1024;

/**
 * Parts `from` to `to` (not included) as bytes: a view of the reused buffer, valid until the next
 * call (only the synchronous compression that follows reads it), or a buffer of its own past 1 MB.
 */
function joined(parts: readonly (Buffer | string)[], from: number, to: number): Buffer {
  let most = 0;
  for (let i = from; i < to; i++) {
    const p = parts[i]!;
    most += typeof p === 'string' ? p.length * 3 : p.length;
  }
  if (most > SCRATCH_MAX_BYTES) return Buffer.concat(parts.slice(from, to).map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));
  if (most > scratch.length) scratch = Buffer.allocUnsafe(Math.min(SCRATCH_MAX_BYTES, 2 ** Math.ceil(Math.log2(most))));
  let at = 0;
  for (let i = from; i < to; i++) {
    const p = parts[i]!;
    at += typeof p === 'string' ? scratch.write(p, at) : p.copy(scratch, at);
  }
  return scratch.subarray(0, at);
}

/** A gzip page: its large Buffer parts (bytes every page shares) deflated once, the rest now. */
function gzipPage(parts: readonly (Buffer | string)[]): Buffer {
  const z = new GzipSplicer();
  let from = 0;
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    if (typeof p === 'string' || p.length < SHARED_MIN_BYTES) continue;
    z.add(joined(parts, from, i));
    z.addShared(p);
    from = i + 1;
  }
  z.add(joined(parts, from, parts.length));
  return z.finish();
}

/** A page's parts in the encoding the request takes: compressed into one buffer, or as they are. */
function encodedPage(encoding: EdgeEncoding | null, parts: readonly (Buffer | string)[]): EncodedPage {
  let length = 0;
  for (const p of parts) length += p.length;
  if (!encoding || length < MIN_COMPRESS_BYTES) return { encoding: null, parts, bytes: length };
  const body = encoding === 'gzip' ? gzipPage(parts) : compressForEdgeSync(encoding, joined(parts, 0, parts.length));
  return { encoding, parts: [body], bytes: body.length };
}

/**
 * A page answer in the encoding the request takes (the one nginx stores it in), compressed here:
 * the page crosses to the gateway as its compressed bytes, and the gateway passes it on as it is.
 * Its ETag is weak then, as for every compressed copy; Vary names Accept-Encoding either way. The
 * parts that are large Buffers are bytes every page shares (the inlined CSS): a gzip answer
 * deflates them once per process, and only the page's own parts per page. With a store, a page
 * whose strong ETag was answered before in this encoding is sent from it, neither rendered nor
 * compressed again, and one rendered before in another encoding is only compressed (see PageStore).
 */
export function sendPage(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  render: () => readonly (Buffer | string)[],
  store?: PageStore,
): void {
  const encoding = pageEncoding(req);
  const key = store && headers.etag ? storeKey(encoding, headers.etag) : undefined;
  let page = key === undefined ? undefined : store!.get(key);
  if (page === undefined) {
    // Its parts are kept too (under no encoding): the copy in the other encoding nginx asks for
    // (brotli and gzip are two keys) is compressed from them, not rendered again.
    const plainKey = key !== undefined && encoding ? storeKey(null, headers.etag!) : undefined;
    let plain = plainKey === undefined ? undefined : store!.get(plainKey);
    if (plain === undefined) {
      plain = encodedPage(null, render());
      if (plainKey !== undefined) store!.set(plainKey, plain);
    }
    page = encoding ? encodedPage(encoding, plain.parts) : plain;
    if (key !== undefined) store!.set(key, page);
  }
  sendEncoded(res, status, headers, page);
}

/** The encoding a page answer is sent in: the one nginx stores it in (none for a HEAD). */
export const pageEncoding = (req: IncomingMessage): EdgeEncoding | null => (req.method === 'GET' ? chosenEncoding(req.headers['accept-encoding']) : null);

/** A page's key in the store: its encoding and strong ETag. */
export const storeKey = (encoding: EdgeEncoding | null, etag: string): string => `${encoding ?? ''}|${etag}`;

/** A page answer already encoded (see sendPage): `headers` carry its strong ETag, if it has one. */
export function sendEncoded(res: ServerResponse, status: number, headers: Record<string, string>, page: EncodedPage): void {
  const varied = { ...headers, vary: 'Accept-Encoding' };
  if (!page.encoding) {
    sendParts(res, status, varied, page.parts);
    return;
  }
  const etag = headers.etag ? { etag: weakEtag(headers.etag) } : {};
  sendParts(res, status, { ...varied, ...etag, 'content-encoding': page.encoding }, page.parts);
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
