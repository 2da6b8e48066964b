import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import jwt from 'jsonwebtoken';
import type Redis from 'ioredis';
import { AppError } from './errors';
import type { UserStateSource } from './user-state';

/** One algorithm, pinned on both sign and verify, so `alg: none` and HS/RS swaps are refused. */
export const JWT_ALGORITHM = 'HS256' as const;
export const TOKEN_TTL_SECONDS = 12 * 60 * 60;

export interface AuthClaims {
  sub: string;
  jid: string;
  name: string;
  jti: string;
  iat: number;
  exp: number;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      auth?: AuthClaims;
    }
  }
}

export const authKeys = (prefix: string) => ({
  revoked: (jti: string) => `${prefix}auth:revoked:${jti}`,
  disabled: (userId: string) => `${prefix}auth:disabled:${userId}`,
  validAfter: (userId: string) => `${prefix}auth:valid-after:${userId}`,
});

export function signToken(
  secret: string,
  user: { id: string; name: string; journalId: string },
  ttlSeconds = TOKEN_TTL_SECONDS,
): { token: string; claims: AuthClaims } {
  const iat = Math.floor(Date.now() / 1000);
  const claims: AuthClaims = { sub: user.id, jid: user.journalId, name: user.name, jti: randomUUID(), iat, exp: iat + ttlSeconds };
  return { token: jwt.sign(claims, secret, { algorithm: JWT_ALGORITHM }), claims };
}

/** Verifies signature, algorithm, expiry and shape; tokens without `exp` are refused. */
export function verifyToken(secret: string, token: string): AuthClaims {
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
  return p as AuthClaims;
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
 * (immediate) and against the user's stored status and `validAfter` (cached briefly; survives a
 * Redis flush). When either store cannot answer the request is refused (503): it fails closed.
 */
export async function authenticate(req: Request, opts: AuthMiddlewareOptions): Promise<AuthClaims> {
  const token = bearerToken(req);
  if (!token) throw new AppError(401, 'unauthorized', 'Authentication required');
  const claims = verifyToken(opts.secret, token);
  if (claims.jid !== req.journalId) throw new AppError(401, 'unauthorized', 'Token was issued for another journal');
  const keys = authKeys(opts.redisPrefix);
  let state: (string | null)[];
  try {
    state = await opts.redis.mget(keys.revoked(claims.jti), keys.disabled(claims.sub), keys.validAfter(claims.sub));
  } catch {
    throw new AppError(503, 'auth_unavailable', 'Cannot verify the session right now');
  }
  const [revoked, disabled, validAfter] = state;
  if (revoked) throw new AppError(401, 'unauthorized', 'Session has ended');
  if (disabled) throw new AppError(401, 'unauthorized', 'User disabled');
  if (validAfter && claims.iat < Number(validAfter)) throw new AppError(401, 'unauthorized', 'Session has ended');
  if (opts.users) {
    let user: Awaited<ReturnType<UserStateSource['get']>>;
    try {
      user = await opts.users.get(claims.sub);
    } catch {
      throw new AppError(503, 'auth_unavailable', 'Cannot verify the session right now');
    }
    if (!user || user.journalId !== claims.jid) throw new AppError(401, 'unauthorized', 'User not found');
    if (user.status !== 'enabled') throw new AppError(401, 'unauthorized', 'User disabled');
    if (claims.iat < user.validAfter) throw new AppError(401, 'unauthorized', 'Session has ended');
  }
  return claims;
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
