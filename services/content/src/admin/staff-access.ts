import type { RequestHandler } from 'express';
import { noStore, staffAccess, storedUserCheck } from '@journal/server-kit';
import type { StaffRoute } from '@journal/contracts';
import type { ContentDeps } from '../deps';

const built = new WeakMap<ContentDeps, (route: StaffRoute) => RequestHandler>();

/**
 * The guard of every staff route of the content service (docs/security.md#roles): the stored
 * user and session are checked (one cache per process), and the answer is never cached.
 */
export function contentStaff(deps: ContentDeps): (route: StaffRoute) => RequestHandler {
  let guard = built.get(deps);
  if (!guard) {
    const users = storedUserCheck(deps.conn, deps.config);
    const access = staffAccess({ secret: deps.config.JWT_SECRET, redis: deps.redis, redisPrefix: deps.config.REDIS_PREFIX, users });
    guard = (route) => {
      const check = access(route);
      return (req, res, next) => noStore(req, res, () => check(req, res, next));
    };
    built.set(deps, guard);
  }
  return guard;
}
