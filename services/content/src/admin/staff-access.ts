import type { RequestHandler } from 'express';
import { noStore, platformAccess, staffAccess, storedUserCheck, type AuthMiddlewareOptions } from '@journal/server-kit';
import type { StaffRoute } from '@journal/contracts';
import type { ContentDeps } from '../deps';

const options = new WeakMap<ContentDeps, AuthMiddlewareOptions>();
const built = new WeakMap<ContentDeps, (route: StaffRoute) => RequestHandler>();

/** The token checks of this process: one cache of the stored users and sessions for journals' staff and operators. */
function authOptions(deps: ContentDeps): AuthMiddlewareOptions {
  let opts = options.get(deps);
  if (!opts) {
    opts = { secret: deps.config.JWT_SECRET, redis: deps.redis, redisPrefix: deps.config.REDIS_PREFIX, users: storedUserCheck(deps.conn, deps.config) };
    options.set(deps, opts);
  }
  return opts;
}

/** The answer is never cached: a guard's refusal or a staff answer alike. */
const unstored = (check: RequestHandler): RequestHandler => (req, res, next) => noStore(req, res, () => check(req, res, next));

/**
 * The guard of every staff route of the content service (docs/security.md#roles): the stored
 * user and session are checked (one cache per process), and the answer is never cached.
 */
export function contentStaff(deps: ContentDeps): (route: StaffRoute) => RequestHandler {
  let guard = built.get(deps);
  if (!guard) {
    const access = staffAccess(authOptions(deps));
    guard = (route) => unstored(access(route));
    built.set(deps, guard);
  }
  return guard;
}

/** The guard of the platform's routes (docs/security.md#platform-operators): an operator's session on the platform's host. */
export const contentOperator = (deps: ContentDeps, guard: { recentAuth?: boolean } = {}): RequestHandler => unstored(platformAccess(authOptions(deps), guard));
