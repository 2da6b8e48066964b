import mongoose, { Types } from 'mongoose';
import { testServers, uniqueName } from '@journal/testing';
import { UserRepo } from '../src/user.repo';

// docs/product.md#roles: users stored before roles existed become managers.
describe('users stored before roles', () => {
  let conn: mongoose.Connection;
  beforeAll(async () => {
    conn = await mongoose.createConnection(testServers().mongoUrl, { dbName: uniqueName('auth_roles') }).asPromise();
  });
  afterAll(async () => {
    await conn.dropDatabase();
    await conn.close();
  });

  it('are read as managers, and stored as managers once the service starts', async () => {
    const journalId = new Types.ObjectId();
    await conn.collection('users').insertOne({ journalId, name: 'old.admin', passwordHash: 'x', status: 'enabled', allowedIps: [] });
    const repo = new UserRepo(conn);
    expect((await repo.findByName(journalId.toString(), 'old.admin'))?.role).toBe('manager');
    await repo.init();
    expect((await conn.collection('users').findOne({ name: 'old.admin' }))?.role).toBe('manager');
    const made = await repo.create({ journalId: journalId.toString(), name: 'desk', passwordHash: 'x', status: 'enabled', role: 'editor', allowedIps: [] });
    expect([made.role, made.disabledByOperator]).toEqual(['editor', false]);
    await repo.init();
    expect((await repo.findByName(journalId.toString(), 'desk'))?.role).toBe('editor');
  });
});
