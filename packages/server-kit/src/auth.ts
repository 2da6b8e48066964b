import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import jwt from 'jsonwebtoken';
import type Redis from 'ioredis';
import {
  PLATFORM_ROLE, PLATFORM_TENANT_ID, REAUTH_REQUIRED, RECENT_AUTH_SECONDS, ROLE_FORBIDDEN, roleOrManager, type PlatformRole, type StaffRole, type StaffRoute,
} from '@journal/contracts';
import { AppError } from './errors';
import type { UserStateSource } from './user-state';
import { idempotency } from './idempotency';
import { CLIENT_IP_HEADER, TENANT_HEADER } from './tenant';

/** One algorithm, pinned on both sign and verify, so `alg: none` and HS/RS swaps are refused. */
export const JWT_ALGORITHM = 'HS256' as const;
export const TOKEN_TTL_SECONDS = 12 * 60 * 60;

export interface AuthClaims {
  sub: string;
  jid: string;
  name: string;
  /** docs/product.md#roles; tokens issued before roles existed carry none and are read as manager. */
  role: StaffRole;
  jti: string;
  iat: number;
  exp: number;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      auth?: AuthClaims;
      /** An operator's session, set by platformAccess on the platform's routes alone. */
      platformAuth?: PlatformClaims;
    }
  }
}

export const authKeys = (prefix: string) => ({
  revoked: (jti: string) => `${prefix}auth:revoked:${jti}`,
  disabled: (userId: string) => `${prefix}auth:disabled:${userId}`,
  validAfter: (userId: string) => `${prefix}auth:valid-after:${userId}`,
  /** When (seconds) the session last confirmed its user's password; a cache of the sessions collection. */
  reauth: (jti: string) => `${prefix}auth:reauth:${jti}`,
  /**
   * A random value set once per life of Redis's data: when it is missing or changed, Redis lost
   * (or was flushed of) the revocation keys, and every process drops its cached user and session
   * states so the database decides at once.
   */
  generation: `${prefix}auth:generation`,
});

export function signToken(
  secret: string,
  user: { id: string; name: string; journalId: string; role?: StaffRole },
  ttlSeconds = TOKEN_TTL_SECONDS,
): { token: string; claims: AuthClaims } {
  // `iat` to the millisecond (JWT's NumericDate may be fractional): a password reset, a disabling or
  // a role change in the same second as a sign-in must still end the sessions begun before it.
  const nowMs = Date.now();
  const iat = nowMs / 1000;
  const claims: AuthClaims = {
    sub: user.id, jid: user.journalId, name: user.name, role: user.role ?? 'manager', jti: randomUUID(), iat, exp: Math.floor(iat) + ttlSeconds,
  };
  return { token: jwt.sign(claims, secret, { algorithm: JWT_ALGORITHM }), claims };
}

/** Signature, algorithm, expiry and the claims every token carries; tokens without `exp` are refused. */
function verifiedPayload(secret: string, token: string): Omit<AuthClaims, 'role'> & { role?: unknown } {
  let payload: unknown;
  try {
    payload = jwt.verify(token, secret, { algorithms: [JWT_ALGORITHM] });
  } catch {
    throw new AppError(401, 'unauthorized', 'Invalid or expired token');
  }
  const p = payload as Partial<AuthClaims>;
  if (
    typeof p !== 'object' || p === null ||
    typeof p.sub !== 'string' || typeof p.jid !== 'string' || typeof p.jti !== 'string' ||
    typeof p.exp !== 'number' || typeof p.iat !== 'number' || typeof p.name !== 'string'
  ) {
    throw new AppError(401, 'unauthorized', 'Invalid token');
  }
  return p as Omit<AuthClaims, 'role'> & { role?: unknown };
}

/**
 * A journal's staff token: an operator's (the platform's tenant, the operator role) is never one,
 * so no platform session reaches a journal's routes (docs/security.md#platform-operators).
 */
export function verifyToken(secret: string, token: string): AuthClaims {
  const p = verifiedPayload(secret, token);
  if (p.jid === PLATFORM_TENANT_ID) throw new AppError(401, 'unauthorized', 'Token was issued for another journal');
  if (p.role !== undefined && roleOrManager(p.role) !== p.role) throw new AppError(401, 'unauthorized', 'Invalid token');
  return { ...p, role: roleOrManager(p.role) };
}

/** An operator's session: the platform's tenant and role (docs/security.md#platform-operators). */
export interface PlatformClaims extends Omit<AuthClaims, 'role'> {
  role: PlatformRole;
}

export function signPlatformToken(secret: string, user: { id: string; name: string }, ttlSeconds = TOKEN_TTL_SECONDS): { token: string; claims: PlatformClaims } {
  const { claims } = signToken(secret, { ...user, journalId: PLATFORM_TENANT_ID }, ttlSeconds);
  const platform: PlatformClaims = { ...claims, role: PLATFORM_ROLE };
  return { token: jwt.sign(platform, secret, { algorithm: JWT_ALGORITHM }), claims: platform };
}

/** A journal's token (another tenant, a staff role) is refused: only an operator's passes. */
export function verifyPlatformToken(secret: string, token: string): PlatformClaims {
  const p = verifiedPayload(secret, token);
  if (p.jid !== PLATFORM_TENANT_ID || p.role !== PLATFORM_ROLE) throw new AppError(401, 'unauthorized', 'Token was not issued for the platform');
  return { ...p, role: PLATFORM_ROLE };
}

export function bearerToken(req: Request): string | undefined {
  const h = req.header('authorization');
  if (!h) return undefined;
  const m = /^Bearer\s+([A-Za-z0-9._~+/=-]+)$/i.exec(h.trim());
  return m?.[1];
}

export interface AuthMiddlewareOptions {
  secret: string;
  redis: Redis;
  redisPrefix: string;
  /** The users' stored status; without it only Redis is consulted (tests of the token format). */
  users?: UserStateSource;
}

/**
 * Checks a token against the journal of the request's host, against revocation state in Redis
 * (immediate) and against what the database stores (cached briefly; survives a Redis flush): the
 * user's status, role and `validAfter`, and the session's revocation (logout). When either store
 * cannot answer the request is refused (503): it fails closed.
 */
export async function authenticate(req: Request, opts: AuthMiddlewareOptions): Promise<AuthClaims> {
  const token = bearerToken(req);
  if (!token) throw new AppError(401, 'unauthorized', 'Authentication required');
  const claims = verifyToken(opts.secret, token);
  if (claims.jid !== req.journalId) throw new AppError(401, 'unauthorized', 'Token was issued for another journal');
  await assertLive(claims, opts);
  return claims;
}

/**
 * A session is live unless revoked (logout), its user disabled or its sessions ended, in Redis
 * (immediate) and in the database (cached briefly; survives a Redis flush); a journal session
 * also ends with its user's role change. Fails closed (503) when either store cannot answer.
 */
async function assertLive(claims: AuthClaims | PlatformClaims, opts: AuthMiddlewareOptions): Promise<void> {
  const keys = authKeys(opts.redisPrefix);
  let state: (string | null)[];
  try {
    state = await opts.redis.mget(keys.revoked(claims.jti), keys.disabled(claims.sub), keys.validAfter(claims.sub), keys.generation);
    if (opts.users) opts.users.sync(state[3] ?? (await newGeneration(opts.redis, keys.generation)));
  } catch {
    throw new AppError(503, 'auth_unavailable', 'Cannot verify the session right now');
  }
  const [revoked, disabled, validAfter] = state;
  if (revoked) throw new AppError(401, 'unauthorized', 'Session has ended');
  if (disabled) throw new AppError(401, 'unauthorized', 'User disabled');
  if (validAfter && claims.iat < Number(validAfter)) throw new AppError(401, 'unauthorized', 'Session has ended');
  if (opts.users) {
    let user: Awaited<ReturnType<UserStateSource['get']>>;
    let session: Awaited<ReturnType<UserStateSource['session']>>;
    try {
      [user, session] = await Promise.all([opts.users.get(claims.sub), opts.users.session(claims.jid, claims.jti)]);
    } catch {
      throw new AppError(503, 'auth_unavailable', 'Cannot verify the session right now');
    }
    // A token of a role changed moments ago may meet this process's cached old role: ask the database once.
    if (user && claims.role !== PLATFORM_ROLE && user.role !== claims.role) {
      try {
        user = await opts.users.get(claims.sub, { fresh: true });
      } catch {
        throw new AppError(503, 'auth_unavailable', 'Cannot verify the session right now');
      }
    }
    if (!user || user.journalId !== claims.jid) throw new AppError(401, 'unauthorized', 'User not found');
    if (user.status !== 'enabled') throw new AppError(401, 'unauthorized', 'User disabled');
    if (claims.iat < user.validAfter) throw new AppError(401, 'unauthorized', 'Session has ended');
    if (session?.revoked) throw new AppError(401, 'unauthorized', 'Session has ended');
    // A role change also ends the user's sessions; this catches a token of the old role meanwhile.
    // An operator is one by the platform's tenant alone (checked above): no journal role applies.
    if (claims.role !== PLATFORM_ROLE && user.role !== claims.role) throw new AppError(401, 'unauthorized', 'Session has ended');
  }
}

/**
 * The guard of every platform route (docs/security.md#platform-operators): the gateway names the
 * platform's tenant on the platform's host alone, so anywhere else the route does not exist (404);
 * then an operator's live session, and no journal's. `recentAuth` asks, as a journal's sensitive
 * routes do, for the operator's password confirmed within RECENT_AUTH_SECONDS.
 */
export function platformAccess(opts: AuthMiddlewareOptions, { recentAuth = false } = {}) {
  return (req: Request, _res: Response, next: NextFunction) => {
    (async () => {
      if (req.header(TENANT_HEADER) !== PLATFORM_TENANT_ID) throw new AppError(404, 'not_found', 'Not found');
      platformRequest(req);
      const token = bearerToken(req);
      if (!token) throw new AppError(401, 'unauthorized', 'Authentication required');
      const claims = verifyPlatformToken(opts.secret, token);
      await assertLive(claims, opts);
      if (recentAuth) await assertRecentAuth(claims, opts);
      req.platformAuth = claims;
    })().then(() => next(), next);
  };
}

/** Routes of the platform's host that take no session (the operator's sign-in): the platform's tenant, or 404. */
export function requirePlatform(req: Request, _res: Response, next: NextFunction): void {
  if (req.header(TENANT_HEADER) !== PLATFORM_TENANT_ID) return next(new AppError(404, 'not_found', 'Not found'));
  platformRequest(req);
  next();
}

function platformRequest(req: Request) {
  req.journalId = PLATFORM_TENANT_ID;
  req.clientIp = req.header(CLIENT_IP_HEADER) || req.socket.remoteAddress || 'unknown';
}

/** Sets a generation if none is set (the first process to see a flushed Redis wins) and returns the one set. */
async function newGeneration(redis: Redis, key: string): Promise<string> {
  await redis.set(key, randomUUID(), 'NX');
  return (await redis.get(key)) ?? '';
}

/** Refuses (403) a caller whose role the route does not admit; `req.auth` must be set. */
export function assertRole(auth: AuthClaims | undefined, roles: readonly StaffRole[]): AuthClaims {
  if (!auth) throw new AppError(401, 'unauthorized', 'Authentication required');
  if (!roles.includes(auth.role)) throw new AppError(403, ROLE_FORBIDDEN, 'Your role does not allow this');
  return auth;
}

/**
 * Refuses (403 `reauth_required`) unless this session confirmed its user's password within
 * RECENT_AUTH_SECONDS: Redis first, then the sessions collection (so a Redis flush only costs a read).
 */
export async function assertRecentAuth(auth: Pick<AuthClaims, 'jid' | 'jti'>, opts: AuthMiddlewareOptions): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  const fresh = (at: number | null | undefined) => typeof at === 'number' && at <= now + 1 && now - at <= RECENT_AUTH_SECONDS;
  let at: number | null = null;
  try {
    const cached = await opts.redis.get(authKeys(opts.redisPrefix).reauth(auth.jti));
    at = cached === null ? null : Number(cached);
    if (!fresh(at) && opts.users) at = (await opts.users.session(auth.jid, auth.jti, { fresh: true }))?.reauthAt ?? null;
  } catch {
    throw new AppError(503, 'auth_unavailable', 'Cannot verify the session right now');
  }
  if (!fresh(at)) throw new AppError(403, REAUTH_REQUIRED, 'Enter your password again to do this');
}

/**
 * The one guard of a staff route (docs/security.md#roles): authenticates, sets `req.auth` (with
 * its role, which the activity log reads), refuses a role the route does not admit, and for a
 * sensitive route asks for a recent password check. Routes take their roles from `staffRoutes`.
 */
export function staffAccess(opts: AuthMiddlewareOptions) {
  // Every staff write sent with an idempotency key is answered once per key and user.
  const once = idempotency({ redis: opts.redis, redisPrefix: opts.redisPrefix });
  return (route: StaffRoute) => (req: Request, res: Response, next: NextFunction) => {
    (async () => {
      const claims = await authenticate(req, opts);
      req.auth = claims;
      assertRole(claims, route.roles);
      if (route.recentAuth) await assertRecentAuth(claims, opts);
    })().then(() => once(req, res, next), next);
  };
}

export function requireAuth(opts: AuthMiddlewareOptions) {
  return (req: Request, _res: Response, next: NextFunction) => {
    authenticate(req, opts).then(
      (claims) => {
        req.auth = claims;
        next();
      },
      next,
    );
  };
}
