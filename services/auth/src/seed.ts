import { connectMongo } from '@journal/server-kit';
import { UserRepo } from './user.repo';
import { hashPassword } from './password';

/** Creates the users or resets their passwords; idempotent. */
export async function seedUsers(opts: {
  mongoUrl: string;
  dbName: string;
  users: { journalId: string; name: string; password: string }[];
}): Promise<void> {
  const conn = await connectMongo(opts.mongoUrl, opts.dbName);
  try {
    const repo = new UserRepo(conn);
    await repo.init();
    for (const u of opts.users) {
      const passwordHash = await hashPassword(u.password);
      const found = await repo.findByName(u.journalId, u.name);
      if (found) await repo.update(u.journalId, found.id, { passwordHash, status: 'enabled' });
      else await repo.create({ journalId: u.journalId, name: u.name, passwordHash, status: 'enabled', allowedIps: [] });
    }
  } finally {
    await conn.close();
  }
}
