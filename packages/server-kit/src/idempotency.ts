import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { NextFunction, Request, Response } from 'express';
import type { Redis } from 'ioredis';
import {
  IDEMPOTENCY_HEADER, IDEMPOTENCY_IN_PROGRESS, IDEMPOTENCY_KEY_INVALID, IDEMPOTENCY_KEY_RE, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_TTL_SECONDS,
} from '@journal/contracts';
import { AppError } from './errors';

export interface IdempotencyOptions {
  redis: Redis;
  redisPrefix: string;
  /** Whose keys these are: the signed-in user by default; a public form names its own scope. */
  scope?: (req: Request) => string | undefined;
  ttlSeconds?: number;
  /** How long a reservation outlives a request that never finishes (a crashed process). */
  pendingMs?: number;
  /** How long a repeat waits for the first request's answer before it is told to try again. */
  waitMs?: number;
}

/** The first answer to a key, as a repeat gets it. */
interface StoredAnswer {
  fp: string;
  status: number;
  type?: string;
  location?: string;
  body: string;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MAX_STORED_BYTES = 1024 * 1024;
const PENDING = 'P|';
const DONE = 'D|';
/** Replaces (or with no answer, deletes) the reservation only while it is still this request's. */
const SETTLE = `if redis.call('get', KEYS[1]) ~= ARGV[1] then return 0 end
if ARGV[2] == '' then return redis.call('del', KEYS[1]) end
redis.call('set', KEYS[1], ARGV[2], 'EX', ARGV[3]) return 1`;

const userScope = (req: Request) => (req.auth ? `${req.auth.jid}:${req.auth.sub}` : undefined);

/**
 * What makes two requests the same: method, path and body. A multipart body is not parsed yet
 * here, so its type (without the boundary, which differs per send) and length stand for it.
 */
function fingerprint(req: Request): string {
  const type = (req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const body = type === 'application/json' ? JSON.stringify(req.body ?? null) : `${type}:${req.header('content-length') ?? ''}`;
  return createHash('sha256').update(`${req.method} ${req.baseUrl}${req.path}\n${body}`).digest('base64url');
}

/**
 * Idempotent writes (docs/architecture.md#idempotent-writes). A write carrying `Idempotency-Key`
 * reserves the key for its scope in Redis (SET NX: one request runs); a repeat while it runs waits
 * for its answer, a repeat after it gets that answer again (`Idempotent-Replayed: true`) for a
 * day. Only successful answers are kept: a refused request frees the key, so the form's corrected
 * or retried send runs. The same key with another body or path is refused (422). Writes without a
 * key pass through unchanged.
 */
export function idempotency(opts: IdempotencyOptions) {
  const ttl = opts.ttlSeconds ?? IDEMPOTENCY_TTL_SECONDS;
  const pendingMs = opts.pendingMs ?? 120_000;
  const waitMs = opts.waitMs ?? 30_000;
  const scopeOf = opts.scope ?? userScope;
  // Repeats in this process wait on the first request's promise rather than polling Redis.
  const local = new Map<string, Promise<void>>();

  async function reserve(key: string, fp: string): Promise<{ owner: string } | { answer: StoredAnswer }> {
    const until = Date.now() + waitMs;
    for (;;) {
      const owner = `${PENDING}${randomUUID()}|${fp}`;
      if ((await opts.redis.set(key, owner, 'PX', pendingMs, 'NX')) === 'OK') return { owner };
      const held = await opts.redis.get(key);
      if (held?.startsWith(DONE)) {
        const answer = JSON.parse(held.slice(DONE.length)) as StoredAnswer;
        if (answer.fp !== fp) throw reused();
        return { answer };
      }
      if (held?.startsWith(PENDING) && !held.endsWith(`|${fp}`)) throw reused();
      if (Date.now() > until) {
        throw new AppError(409, IDEMPOTENCY_IN_PROGRESS, 'This form is still being saved. Try again in a moment.');
      }
      const running = local.get(key);
      if (running) await running;
      else if (held) await sleep(10 + Math.floor(Math.random() * 20));
    }
  }

  return (req: Request, res: Response, next: NextFunction) => {
    const sent = req.header(IDEMPOTENCY_HEADER);
    if (sent === undefined || !WRITES.has(req.method)) {
      next();
      return;
    }
    (async () => {
      if (!IDEMPOTENCY_KEY_RE.test(sent)) throw new AppError(400, IDEMPOTENCY_KEY_INVALID, `${IDEMPOTENCY_HEADER} must be 16 to 128 letters, digits or -_.:`);
      const scope = scopeOf(req);
      if (!scope) throw new AppError(401, 'unauthorized', 'Authentication required');
      const key = `${opts.redisPrefix}idem:${scope}:${createHash('sha256').update(sent).digest('base64url')}`;
      const fp = fingerprint(req);
      let got: Awaited<ReturnType<typeof reserve>>;
      try {
        got = await reserve(key, fp);
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw new AppError(503, 'unavailable', 'Cannot save right now; try again');
      }
      if ('answer' in got) {
        replay(res, got.answer);
        return;
      }
      let settled!: () => void;
      local.set(key, new Promise<void>((resolve) => (settled = resolve)));
      const finish = (value: string) =>
        opts.redis.eval(SETTLE, 1, key, got.owner, value, ttl).catch(() => undefined).finally(() => {
          local.delete(key);
          settled();
        });
      keepFirstAnswer(res, fp, finish);
      next();
    })().catch(next);
  };
}

const reused = () =>
  new AppError(422, IDEMPOTENCY_KEY_REUSED, 'This form was already sent with other values. Reload the page to send it again.');

function replay(res: Response, a: StoredAnswer) {
  res.status(a.status).setHeader('Idempotent-Replayed', 'true');
  if (a.type) res.setHeader('Content-Type', a.type);
  if (a.location) res.setHeader('Location', a.location);
  res.end(Buffer.from(a.body, 'base64'));
}

/**
 * Holds a successful answer back until it is stored, so a repeat sent after the client saw it
 * finds it; any other ending (a refusal, a stream, a dropped connection) frees the key.
 */
function keepFirstAnswer(res: Response, fp: string, finish: (value: string) => Promise<unknown>) {
  let done = false;
  const send = res.send.bind(res);
  res.send = (body?: unknown) => {
    if (done) return send(body);
    done = true;
    const bytes = typeof body === 'string' ? Buffer.from(body) : Buffer.isBuffer(body) ? body : undefined;
    const ok = res.statusCode >= 200 && res.statusCode < 300 && bytes !== undefined && bytes.length <= MAX_STORED_BYTES;
    const answer: StoredAnswer | undefined = ok
      ? {
        fp, status: res.statusCode, body: bytes.toString('base64'),
        type: res.getHeader('content-type')?.toString(), location: res.getHeader('location')?.toString(),
      }
      : undefined;
    void finish(answer ? DONE + JSON.stringify(answer) : '').then(() => send(body));
    return res;
  };
  res.once('close', () => {
    if (!done) {
      done = true;
      void finish('');
    }
  });
}
