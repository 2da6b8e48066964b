import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions, type ZlibOptions } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** The encodings public answers are stored in by the caches in front. */
export type EdgeEncoding = 'br' | 'gzip';

/** Smaller answers are stored as they are: compressing them saves less than it costs. */
export const MIN_COMPRESS_BYTES = 1024;
/**
 * Answers up to this size are compressed on the event loop (a 49 kB page: about 0.15 ms). zlib's
 * thread pool costs more than that for them: each of its two or three steps wakes a pool thread
 * and is woken back, and on a busy gateway those hand-offs were a quarter of its CPU per page.
 */
const SYNC_COMPRESS_BYTES = 256 * 1024;

/** The encoding the request takes (nginx sends the one its cache key names): brotli, gzip or none. */
export function chosenEncoding(accept: string | string[] | undefined): EdgeEncoding | null {
  const text = (Array.isArray(accept) ? accept.join(',') : (accept ?? '')).slice(0, 1024).toLowerCase();
  let br = false;
  let gzipOk = false;
  for (const part of text.split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip' || name === 'x-gzip') gzipOk = true;
  }
  return br ? 'br' : gzipOk ? 'gzip' : null;
}

// Brotli 3 and gzip 2: on a 49 kB article page about 0.23 and 0.15 ms of CPU against 0.55 and
// 0.41 ms for brotli 4 and gzip 4 (compressing is the largest single cost of a page nginx does
// not hold), for 6–8 % more bytes (11.9 and 12.3 kB against 11.2 and 11.5 kB).
const brotliOptions = (length: number): BrotliOptions => ({ params: { [constants.BROTLI_PARAM_QUALITY]: 3, [constants.BROTLI_PARAM_SIZE_HINT]: length } });
const gzipOptions: ZlibOptions = { level: 2 };

/** The body compressed once for the caches in front (at once when small, else on zlib's pool). */
export function compressForEdge(encoding: EdgeEncoding, body: Buffer): Promise<Buffer> {
  if (body.length <= SYNC_COMPRESS_BYTES) return Promise.resolve(compressForEdgeSync(encoding, body));
  return encoding === 'br' ? brotli(body, brotliOptions(body.length)) : gz(body, gzipOptions);
}

/** compressForEdge on the event loop, for bodies known to be small (a page). */
export function compressForEdgeSync(encoding: EdgeEncoding, body: Buffer): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, brotliOptions(body.length)) : gzipSync(body, gzipOptions);
}

/** A strong validator made weak: a compressed copy is not byte-equal to the identity one. */
export const weakEtag = (etag: string) => (etag.startsWith('"') ? `W/${etag}` : etag);
