import net from 'node:net';

/** Requests written to one connection at once; nginx answers them in order (HTTP/1.1 pipelining). */
const BATCH = 100;
/** Connections per call (each takes its share of the keys, a batch at a time). */
const LANES = 4;
/** A value node would refuse in a header (it is sent as latin1 bytes, as node sends headers). */
const UNSAFE = /[^\t\x20-\x7e\x80-\xff]/;

/** Whether a key can be sent in a pipelined request (the others go one by one through node:http). */
export const pipelinable = (key: string) => !UNSAFE.test(key);

/**
 * Purges many keys from one nginx purge server (`http://host:port/path`), many requests written
 * at once on a few kept connections rather than one request object each: a change's thousands of
 * keys then cost this process a few microseconds apiece instead of node:http's tens, which on a
 * busy machine is what decides how soon they are gone. Resolves with each key's status in order;
 * rejects when the server cannot be reached or stops answering for `timeoutMs`. A connection nginx
 * closes (its keepalive_requests) is opened again for the requests it left unanswered: a purge can
 * be sent twice.
 */
export async function purgePipelined(url: string, keys: readonly string[], timeoutMs: number): Promise<number[]> {
  const u = new URL(url);
  if (u.protocol !== 'http:') throw new Error(`pipelined purges need an http URL: ${url}`);
  const port = Number(u.port || 80);
  const host = u.hostname.replace(/^\[|\]$/g, '');
  const head = `GET ${u.pathname}${u.search} HTTP/1.1\r\nHost: ${u.host}\r\npurge-key: `;
  const statuses = new Array<number>(keys.length).fill(0);
  let next = 0;
  const lane = async () => {
    while (next < keys.length) {
      const from = next;
      next = Math.min(keys.length, next + BATCH);
      const batch = keys.slice(from, next);
      // Sent again on a new connection from the first unanswered one, until all are answered.
      for (let done = 0; done < batch.length; ) {
        const got = await exchange(host, port, batch.slice(done).map((k) => `${head}${k}\r\n\r\n`), timeoutMs);
        if (!got.length) throw new Error(`nginx at ${u.host} closed the connection before answering a purge`);
        got.forEach((s, i) => (statuses[from + done + i] = s));
        done += got.length;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(LANES, Math.ceil(keys.length / BATCH)) }, lane));
  return statuses;
}

/**
 * Writes the requests on a new connection and reads the answers in order: their statuses, fewer
 * than the requests when the server closed the connection first.
 */
function exchange(host: string, port: number, requests: readonly string[], timeoutMs: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const statuses: number[] = [];
    let done = false;
    // An answer saying the connection closes is the last one taken on it (node answers the requests
    // past its limit with 503s, nginx drops them): the rest go again on a new connection.
    const reader = new ResponseReader((status, closing) => {
      if (done) return;
      statuses.push(status);
      if (closing || statuses.length === requests.length) finish();
    });
    const socket = net.connect({ host, port });
    const finish = (err?: Error) => {
      done = true;
      socket.destroy();
      if (err && !statuses.length) reject(err);
      else resolve(statuses);
    };
    socket.setNoDelay(true);
    socket.setTimeout(timeoutMs, () => finish(new Error(`no answer from ${host}:${port} within ${timeoutMs} ms`)));
    socket.on('error', (err) => finish(err));
    socket.on('end', () => finish());
    socket.on('data', (chunk: Buffer) => {
      try {
        reader.push(chunk);
      } catch (err) {
        finish(err as Error);
      }
    });
    socket.write(requests.join(''), 'latin1');
  });
}

/** Splits a stream of HTTP/1.1 responses into their statuses (bodies by Content-Length or chunked, skipped). */
export class ResponseReader {
  private buf: Buffer = Buffer.alloc(0);
  /** Bytes of the current body still to skip, or -1 while reading a head (-2: a chunked body). */
  private skip = -1;

  constructor(private readonly onResponse: (status: number, closing: boolean) => void) {}

  push(chunk: Buffer): void {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    for (;;) {
      if (this.skip > 0) {
        const n = Math.min(this.skip, this.buf.length);
        this.buf = this.buf.subarray(n);
        this.skip -= n;
        if (this.skip > 0) return;
        this.skip = -1;
        continue;
      }
      if (this.skip === -2) {
        if (!this.chunk()) return;
        continue;
      }
      const end = this.buf.indexOf('\r\n\r\n');
      if (end < 0) return;
      const lines = this.buf.subarray(0, end).toString('latin1').split('\r\n');
      this.buf = this.buf.subarray(end + 4);
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '');
      if (!status) throw new Error(`not an HTTP answer: ${JSON.stringify(lines[0]?.slice(0, 80))}`);
      const header = (name: string) => lines.find((l) => l.toLowerCase().startsWith(`${name}:`))?.slice(name.length + 1).trim().toLowerCase();
      if (header('transfer-encoding')?.includes('chunked')) this.skip = -2;
      else this.skip = Number(header('content-length') ?? 0) || 0;
      this.onResponse(Number(status[1]), header('connection') === 'close');
      if (this.skip === 0) this.skip = -1;
    }
  }

  /** Skips one chunk of a chunked body; false when more bytes are needed. */
  private chunk(): boolean {
    const eol = this.buf.indexOf('\r\n');
    if (eol < 0) return false;
    const size = parseInt(this.buf.subarray(0, eol).toString('latin1'), 16);
    if (Number.isNaN(size)) throw new Error('bad chunk size in an HTTP answer');
    // The last chunk: its (empty) trailer ends the body.
    const need = size === 0 ? eol + 4 : eol + 2 + size + 2;
    if (this.buf.length < need) return false;
    this.buf = this.buf.subarray(need);
    if (size === 0) this.skip = -1;
    return true;
  }
}
