import { randomBytes } from 'node:crypto';
import { Schema, Types, type Connection } from 'mongoose';
import { ACTIVITY_RETENTION_DAYS } from '@journal/contracts';
import { testServers, uniqueName } from '@journal/testing';
import {
  ActivityLog,
  OPERATOR_ACTOR,
  connectMongo,
  crossJournal,
  diffFields,
  filterCarriesJournal,
  installTenancyGuard,
  tenancyGuardEnabled,
  type ActivityActor,
} from '../src';

const actor: ActivityActor = { id: new Types.ObjectId().toString(), name: 'asha', role: 'editor', ip: '203.0.113.9', requestId: 'req-1' };

describe('diffFields', () => {
  it('lists only what changed, nested objects as dotted paths, bookkeeping left out', () => {
    const before = { id: 'x', title: 'Old', status: 'enabled', flags: { banner: 'header', coverImage: '' }, modifiedby: 'a', pages: [1, 2] };
    const after = { id: 'x', title: 'New', status: 'enabled', flags: { banner: 'header', coverImage: '/assets/site/cover.png' }, modifiedby: 'b', pages: [1, 3] };
    expect(diffFields(before, after)).toEqual([
      { field: 'title', before: 'Old', after: 'New' },
      { field: 'flags.coverImage', before: '', after: '/assets/site/cover.png' },
      { field: 'pages', before: '[1,2]', after: '[1,3]' },
    ]);
  });

  it('leaves out what the service derives from a field staff typed (search text, sanitised title, DOI key, page numbers)', () => {
    const before = { title: 'Old', title_html: 'Old', search_text: 'old', doi_key: 'k1', pagenumber: '1-4', pageStart: 1, pageEnd: 4 };
    const after = { title: 'New', title_html: 'New', search_text: 'new', doi_key: 'k2', pagenumber: '2-5', pageStart: 2, pageEnd: 5 };
    expect(diffFields(before, after).map((c) => c.field)).toEqual(['title', 'pagenumber']);
  });

  it('never writes out a secret: password hashes and credentials show as (changed)', () => {
    const changes = diffFields(
      { name: 'asha', passwordHash: '$argon2id$old', doi_password: 'crossref-old', apiToken: 't1' },
      { name: 'asha', passwordHash: '$argon2id$new', doi_password: 'crossref-new', apiToken: 't2' },
    );
    expect(changes).toEqual([
      { field: 'passwordHash', before: '(changed)', after: '(changed)' },
      { field: 'doi_password', before: '(changed)', after: '(changed)' },
      { field: 'apiToken', before: '(changed)', after: '(changed)' },
    ]);
    expect(JSON.stringify(changes)).not.toMatch(/argon|crossref-|t1|t2/);
  });

  it('a creation has empty befores, a removal empty afters; long values are cut; `only` narrows', () => {
    expect(diffFields(null, { title: 'T', status: 'enabled' })).toEqual([
      { field: 'title', before: '', after: 'T' },
      { field: 'status', before: '', after: 'enabled' },
    ]);
    expect(diffFields({ title: 'T' }, null)).toEqual([{ field: 'title', before: 'T', after: '' }]);
    const [long] = diffFields({ abstract: '' }, { abstract: 'x'.repeat(500) });
    expect(long!.after).toHaveLength(201);
    expect(diffFields({ a: 1, b: 1 }, { a: 2, b: 2 }, { only: ['b'] })).toEqual([{ field: 'b', before: '1', after: '2' }]);
  });
});

describe('tenancy guard', () => {
  it('is on under NODE_ENV=test or TENANCY_GUARD=on, off with TENANCY_GUARD=off', () => {
    expect(tenancyGuardEnabled({ NODE_ENV: 'test' })).toBe(true);
    expect(tenancyGuardEnabled({ NODE_ENV: 'production' })).toBe(false);
    expect(tenancyGuardEnabled({ NODE_ENV: 'production', TENANCY_GUARD: 'on' })).toBe(true);
    expect(tenancyGuardEnabled({ NODE_ENV: 'test', TENANCY_GUARD: 'off' })).toBe(false);
  });

  it('tells a filter pinned to journals from one that is not', () => {
    const j = new Types.ObjectId();
    expect(filterCarriesJournal({ journalId: j, name: 'x' })).toBe(true);
    expect(filterCarriesJournal({ journalId: { $in: [j] } })).toBe(true);
    expect(filterCarriesJournal({ $and: [{ journalId: j }, { status: 'enabled' }] })).toBe(true);
    expect(filterCarriesJournal({ $or: [{ journalId: j }, { journalId: j, a: 1 }] })).toBe(true);
    expect(filterCarriesJournal({})).toBe(false);
    expect(filterCarriesJournal({ _id: j })).toBe(false);
    expect(filterCarriesJournal({ journalId: { $exists: true } })).toBe(false);
    expect(filterCarriesJournal({ journalId: { $ne: j } })).toBe(false);
    expect(filterCarriesJournal({ journalId: undefined })).toBe(false);
    expect(filterCarriesJournal({ $or: [{ journalId: j }, { status: 'x' }] })).toBe(false);
  });

  describe('on a real database', () => {
    let conn: Connection;
    beforeAll(async () => {
      installTenancyGuard();
      conn = await connectMongo(testServers().mongoUrl, uniqueName('guard'));
    });
    afterAll(async () => {
      await conn.dropDatabase().catch(() => undefined);
      await conn.close();
    });

    it('throws on an unscoped query of a journal-owned collection, lets scoped and marked ones through', async () => {
      const Owned = conn.model('GuardOwned', new Schema({ journalId: { type: Schema.Types.ObjectId, required: true }, name: String }));
      const Global = conn.model('GuardGlobal', new Schema({ slug: String }));
      const j = new Types.ObjectId();
      await Owned.create({ journalId: j, name: 'a' });
      await expect(Owned.find({ name: 'a' }).lean()).rejects.toThrow(/Tenancy guard: guardowneds\.find without a journalId/);
      await expect(Owned.countDocuments({})).rejects.toThrow(/Tenancy guard/);
      await expect(Owned.updateOne({ name: 'a' }, { $set: { name: 'b' } })).rejects.toThrow(/Tenancy guard/);
      await expect(Owned.deleteMany({})).rejects.toThrow(/Tenancy guard/);
      await expect(Owned.aggregate([{ $match: { name: 'a' } }])).rejects.toThrow(/Tenancy guard/);
      await expect(Owned.findById(new Types.ObjectId())).rejects.toThrow(/Tenancy guard/);
      expect(await Owned.countDocuments({ journalId: j })).toBe(1);
      expect(await Owned.aggregate([{ $match: { journalId: j } }, { $count: 'n' }])).toEqual([{ n: 1 }]);
      expect(await Owned.countDocuments({}).setOptions(crossJournal('test: counting every journal'))).toBe(1);
      // Collections that belong to no journal are not guarded.
      expect(await Global.countDocuments({})).toBe(0);
    });

    describe('the activity log', () => {
      let log: ActivityLog;
      const J1 = new Types.ObjectId().toString();
      const J2 = new Types.ObjectId().toString();
      beforeAll(async () => {
        log = new ActivityLog(conn);
        await log.init();
      });

      it('records per journal, newest first, filtered by user, kind or area and day, paged', async () => {
        await log.record(J1, actor, { kind: 'issue.create', record: { type: 'issue', id: 'i1', label: '2024 vol 1 issue 1' }, changes: diffFields(null, { year: 2024 }) });
        await log.record(J1, OPERATOR_ACTOR, { kind: 'user.create', record: { type: 'user', id: 'u1', label: 'ravi' }, changes: diffFields(null, { name: 'ravi' }) });
        await log.record(J2, actor, { kind: 'article.update', record: { type: 'article', id: 'a1', label: '101' }, changes: [{ field: 'title', before: 'a', after: 'b' }] });
        // Nothing changed: nothing recorded.
        await log.record(J1, actor, { kind: 'editor.update', record: { type: 'editor', id: 'e1' }, changes: [] });

        const all = await log.list(J1, {});
        expect(all.total).toBe(2);
        expect(all.entries.map((e) => e.kind)).toEqual(['user.create', 'issue.create']);
        expect(all.entries[1]).toMatchObject({
          actor: { id: actor.id, name: 'asha', role: 'editor' },
          record: { type: 'issue', id: 'i1', label: '2024 vol 1 issue 1' },
          changes: [{ field: 'year', before: '', after: '2024' }],
          ip: '203.0.113.9',
          requestId: 'req-1',
        });
        expect((await log.list(J1, { user: 'ASHA' })).entries.map((e) => e.kind)).toEqual(['issue.create']);
        expect((await log.list(J1, { kind: 'user' })).entries.map((e) => e.kind)).toEqual(['user.create']);
        expect((await log.list(J1, { kind: 'issue.create' })).total).toBe(1);
        expect((await log.list(J1, { from: '2000-01-01', to: '2000-12-31' })).total).toBe(0);
        // The UTC days the entries were written on, not the clock's day now: a run across midnight moves it.
        const days = all.entries.map((e) => e.at.slice(0, 10)).sort();
        expect((await log.list(J1, { from: days[0], to: days.at(-1) })).total).toBe(2);
        expect((await log.list(J1, { page: 2 })).entries).toEqual([]);
        expect((await log.since(J2, undefined)).map((e) => e.kind)).toEqual(['article.update']);
      });

      it('is append-only: no update or delete gets through, only the sweep of entries past the retention', async () => {
        const model = conn.models.Activity!;
        await expect(model.updateOne({ journalId: new Types.ObjectId(J1) }, { $set: { kind: 'issue.create' } })).rejects.toThrow('append-only');
        await expect(model.deleteOne({ journalId: new Types.ObjectId(J1) })).rejects.toThrow('append-only');
        await expect(model.deleteMany({ journalId: new Types.ObjectId(J1) })).rejects.toThrow('append-only');
        expect((await log.list(J1, {})).total).toBe(2);

        const day = 24 * 60 * 60 * 1000;
        expect(await log.sweep(new Date(Date.now() + (ACTIVITY_RETENTION_DAYS - 1) * day))).toBe(0);
        expect(await log.sweep(new Date(Date.now() + (ACTIVITY_RETENTION_DAYS + 1) * day))).toBe(3);
        expect((await log.list(J1, {})).total).toBe(0);
      });

      it('a failed write is logged, never thrown at the caller', async () => {
        const errors: unknown[] = [];
        const logger = { error: (o: unknown) => errors.push(o) } as unknown as ConstructorParameters<typeof ActivityLog>[1];
        const broken = new ActivityLog(conn, logger);
        // An unknown kind fails the schema, like a database error would.
        await broken.record(J1, actor, { kind: 'nope' as 'issue.create', record: { type: 'x', id: randomBytes(2).toString('hex') }, changes: [{ field: 'a', before: '', after: 'b' }] });
        expect(errors).toHaveLength(1);
      });
    });
  });
});
