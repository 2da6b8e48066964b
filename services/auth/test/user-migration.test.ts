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

// docs/operations.md#user-name-clashes: names stored before they were compared in their normal form.
describe('user names that share a normal form', () => {
  let conn: mongoose.Connection;
  beforeAll(async () => {
    conn = await mongoose.createConnection(testServers().mongoUrl, { dbName: uniqueName('auth_clash') }).asPromise();
  });
  afterAll(async () => {
    await conn.dropDatabase();
    await conn.close();
  });

  it('start the service anyway, are reported, sign in by their exact names, and block every new look-alike', async () => {
    const j = new Types.ObjectId();
    const other = new Types.ObjectId();
    const doc = (journalId: Types.ObjectId, name: string) => ({ journalId, name, passwordHash: 'x', status: 'enabled', role: 'manager', allowedIps: [] });
    await conn.collection('users').insertMany([doc(j, 'admin'), doc(j, 'ADMIN'), doc(j, 'desk'), doc(other, 'Admin')]);
    const repo = new UserRepo(conn);
    const clashes = await repo.init();
    expect(clashes).toEqual([{ journalId: j.toString(), key: 'admin', names: ['ADMIN', 'admin'] }]);
    expect(await repo.clashes(j.toString())).toEqual([{ journalId: j.toString(), key: 'admin', names: ['ADMIN', 'admin'] }]);
    expect(await repo.clashes(other.toString())).toEqual([]);
    const jid = j.toString();
    expect((await repo.findByName(jid, 'admin'))?.name).toBe('admin');
    expect((await repo.findByName(jid, 'ADMIN'))?.name).toBe('ADMIN');
    // The unclashed names are found in any case and width.
    expect((await repo.findByName(jid, 'DESK'))?.name).toBe('desk');
    expect((await repo.findByName(jid, 'ｄｅｓｋ'))?.name).toBe('desk');
    expect((await repo.findByName(other.toString(), 'admin'))?.name).toBe('Admin');
    for (const n of ['Admin', 'aDmIn', 'Desk']) expect([n, await repo.nameTaken(jid, n)]).toEqual([n, true]);
    expect(await repo.nameTaken(jid, 'editor')).toBe(false);
    // The index stands: a second account in one normal form is refused by the database too.
    await expect(repo.create({ journalId: jid, name: 'DESK', passwordHash: 'x', status: 'enabled', allowedIps: [] })).rejects.toMatchObject({ code: 11000 });

    // Renaming one away settles the clash at once; a restart finds nothing left.
    const upper = (await repo.findByName(jid, 'ADMIN'))!;
    await repo.update(jid, upper.id, { name: 'former.admin' });
    expect((await repo.findByName(jid, 'AdMiN'))?.name).toBe('admin');
    expect(await repo.init()).toEqual([]);
    expect(await repo.clashes(jid)).toEqual([]);
  });
});
