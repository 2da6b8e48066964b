import { Types, type Connection } from 'mongoose';
import { ActivityLog, type CliCommand, type CliResources } from '@journal/server-kit';
import { AuthService } from '../auth.service';
import { LoginThrottle } from '../throttle';
import { UserRepo } from '../user.repo';
import { SessionRepo } from '../session.repo';
import { userCommands, type JournalLookup } from './user.commands';
import { auditCommands } from './audit.commands';
import { operatorCommands } from './operator.commands';

/**
 * Journals belong to the content service; the auth image has no copy of its code, so the user
 * commands read only a journal's id by slug from the shared database, and never write there.
 */
export const journalLookup = (conn: Connection): JournalLookup => ({
  async findBySlug(slug) {
    const d = await conn.collection('journals').findOne({ slug }, { projection: { _id: 1, slug: 1 } });
    return d ? { id: (d._id as Types.ObjectId).toString(), slug: String(d.slug) } : null;
  },
});

/** The user and audit commands wired to the database and Redis (where a disabled user's sessions end at once). */
export function authCliCommands(res: CliResources): CliCommand[] {
  const deps = res.once(async () => {
    const conn = await res.mongo();
    const redis = res.redis();
    const users = new UserRepo(conn);
    await users.init();
    const limits = { perIpUser: 5, perIp: 20, windowSeconds: 900, baseDelaySeconds: 2, maxDelaySeconds: 900 };
    const activity = new ActivityLog(conn);
    const service = new AuthService({
      users, sessions: new SessionRepo(conn), redis, redisPrefix: res.cfg.REDIS_PREFIX, jwtSecret: '',
      throttle: new LoginThrottle(redis, res.cfg.REDIS_PREFIX, limits),
      reauthThrottle: new LoginThrottle(redis, res.cfg.REDIS_PREFIX, limits, 'reauth'), activity,
    });
    return { service, activity, journals: journalLookup(conn) };
  });
  return [...userCommands(deps), ...operatorCommands(deps), ...auditCommands(deps)];
}
