import request from 'supertest';
import jwt from 'jsonwebtoken';
import { MongoClient, ObjectId } from 'mongodb';
import mongoose from 'mongoose';
import { signToken } from '@journal/server-kit';
import { WORK_STATUSES, WORKLOG_MAX_PAGE_SIZE } from '@journal/contracts';
import { eventually, newObjectId, staffToken, TEST_JWT_SECRET, testServers, uniqueName } from '@journal/testing';
import { start, type WorklogApp } from '../src/app';
import { worklogConfigSchema } from '../src/config';
import { seedDemoWorklog } from '../src/seed';
import { ENTRY_COLLECTION } from '../src/entry.repo';
import { HEAD_COLLECTION, PAGE_COLLECTION } from '../src/entry-page.repo';

const { mongoUrl, redisUrl } = testServers();
const dbName = uniqueName('worklog');
const redisPrefix = `${uniqueName('wl')}:`;
const config = (extra: Record<string, string> = {}) =>
  worklogConfigSchema.parse({
    PORT: '0', MONGO_URL: mongoUrl, MONGO_DB: dbName, REDIS_URL: redisUrl, REDIS_PREFIX: redisPrefix,
    // Tokens here are signed for users that exist nowhere; the stored-user check is tested with the auth service.
    JWT_SECRET: TEST_JWT_SECRET, AUTH_CHECK_STORED_USER: 'off', LOG_LEVEL: 'silent', ...extra,
  });

const J1 = newObjectId();
const J2 = newObjectId();
const tokenFor = (journalId: string, name = 'alice') => staffToken(journalId, name);
const T1 = tokenFor(J1);
const T2 = tokenFor(J2, 'bob');

let app: WorklogApp;
let mongo: MongoClient;
const entries = () => mongo.db(dbName).collection(ENTRY_COLLECTION);
const snapshot = async () => JSON.stringify(await entries().find({}).sort({ _id: 1 }).toArray());

const as = (journalId: string, token?: string | null) => {
  const h: Record<string, string> = { 'x-journal-id': journalId };
  if (token) h.authorization = `Bearer ${token}`;
  return h;
};
const get = (path: string, journalId = J1, token: string | null = T1) => request(app.url).get(path).set(as(journalId, token));
const post = (body: unknown, journalId = J1, token: string | null = T1) =>
  request(app.url).post('/api/webdata').set(as(journalId, token)).send(body as object);
const put = (id: string, body: unknown, journalId = J1, token: string | null = T1) =>
  request(app.url).put(`/api/webdata/${id}`).set(as(journalId, token)).send(body as object);

beforeAll(async () => {
  mongo = await MongoClient.connect(mongoUrl);
  app = await start(config());
});

afterAll(async () => {
  await app?.stop();
  await mongo.db(dbName).dropDatabase();
  await mongo.close();
});

describe('creating entries', () => {
  it('takes the creator from the token and the time from the server', async () => {
    const res = await post({ status: 'urgent', content: 'First <b>task</b>' }).expect(201);
    expect(res.body).toEqual({ id: expect.stringMatching(/^[a-f0-9]{24}$/), content: 'First <b>task</b>', status: 'urgent', createdby: 'alice', created_at: expect.any(String) });
    expect(new Date(res.body.created_at as string).toISOString()).toBe(res.body.created_at);
    const stored = await entries().findOne({ _id: new ObjectId(res.body.id as string) });
    expect(stored).toMatchObject({ content: 'First <b>task</b>', status: 'urgent', createdby: 'alice' });
    expect(String(stored!.journalId)).toBe(J1);
  });

  it('accepts empty content and info as the status', async () => {
    const res = await post({ status: 'info', content: '' }).expect(201);
    expect(res.body).toMatchObject({ status: 'info', content: '' });
  });

  it('accepts the original clients\' body {status, content, createdby, created_at} and ignores the last two', async () => {
    const res = await post({ status: 'info', content: 'from an old client', createdby: 'mallory', created_at: '2001-01-01T00:00:00Z' }).expect(201);
    expect(res.body).toMatchObject({ status: 'info', content: 'from an old client', createdby: 'alice' });
    expect(res.body.created_at).not.toBe('2001-01-01T00:00:00Z');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('says what is missing when an entry comes without a status', async () => {
    const res = await post({ content: 'no status chosen' }).expect(400);
    expect(res.body.details).toEqual([{ path: 'status', message: 'Choose a status (info or urgent) for the entry' }]);
  });

  it('refuses bad input with a 4xx JSON error and stores nothing', async () => {
    const before = await snapshot();
    const bad: unknown[] = [
      {},
      { status: '', content: 'x' },
      { status: 'pending', content: 'new entries are info or urgent only' },
      { status: 'completed', content: 'x' },
      { status: 'URGENT', content: 'x' },
      { content: 'no status' },
      { status: 'urgent' },
      { status: 'urgent', content: 42 },
      { status: 'urgent', content: { $gt: '' } },
      { status: { $ne: null }, content: 'x' },
      { status: ['urgent'], content: 'x' },
      { status: 'urgent', content: 'x', createdby: { $ne: null } },
      { status: 'urgent', content: 'x', created_at: 20010101 },
      { status: 'urgent', content: 'x', journalId: J2 },
      { status: 'urgent', content: 'x', $where: '1' },
      { status: 'urgent', content: 'y'.repeat(10_001) },
      [{ status: 'urgent', content: 'x' }],
    ];
    for (const body of bad) {
      const res = await post(body);
      expect([400, 413]).toContain(res.status);
      expect(res.body.error).toEqual(expect.any(String));
    }
    const raw = await request(app.url).post('/api/webdata').set(as(J1, T1)).set('content-type', 'application/json').send('{"status":"urgent",');
    expect(raw.status).toBe(400);
    expect(raw.body.error).toBe('invalid_json');
    expect(await snapshot()).toBe(before);
  });

  it('refuses a 1 MB content with 413', async () => {
    const before = await snapshot();
    const res = await post({ status: 'urgent', content: 'a'.repeat(1024 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('payload_too_large');
    expect(await snapshot()).toBe(before);
  });
});

describe('authentication and journals', () => {
  it('refuses every call without a valid token of the journal', async () => {
    const seeded = await post({ status: 'urgent', content: 'guarded' }).expect(201);
    const before = await snapshot();
    const expired = staffToken(J1, 'alice', -10);
    const wrongSecret = signToken('another-secret-that-is-long-enough-0123456789abcdef', { id: newObjectId(), name: 'alice', journalId: J1 }).token;
    const none = jwt.sign({ sub: newObjectId(), jid: J1, name: 'alice', jti: 'x', iat: 1, exp: 9_999_999_999 }, '', { algorithm: 'none' });
    const tokens: (string | null)[] = [null, 'garbage', expired, wrongSecret, none, T2];
    for (const t of tokens) {
      for (const res of [
        await get('/api/webdata', J1, t),
        await get('/api/webdata?page=1', J1, t),
        await post({ status: 'urgent', content: 'x' }, J1, t),
        await put(seeded.body.id as string, { status: 'completed' }, J1, t),
      ]) {
        expect([tokens.indexOf(t), res.status]).toEqual([tokens.indexOf(t), 401]);
        expect(res.body.error).toBe('unauthorized');
      }
    }
    const noTenant = await request(app.url).get('/api/webdata').set('authorization', `Bearer ${T1}`);
    expect(noTenant.status).toBe(400);
    expect(noTenant.body.error).toBe('unknown_journal');
    expect(await snapshot()).toBe(before);
  });

  it('keeps each journal to its own entries', async () => {
    await post({ status: 'info', content: 'only in journal two' }, J2, T2).expect(201);
    const one = (await get('/api/webdata').expect(200)).body as { content: string }[];
    const two = (await get('/api/webdata', J2, T2).expect(200)).body as { content: string; createdby: string }[];
    expect(one.some((e) => e.content === 'only in journal two')).toBe(false);
    expect(two).toHaveLength(1);
    expect(two[0]).toMatchObject({ content: 'only in journal two', createdby: 'bob' });
  });
});

describe('changing status', () => {
  it('accepts each of the eight statuses', async () => {
    const { body } = await post({ status: 'info', content: 'cycle me' }).expect(201);
    for (const status of WORK_STATUSES) {
      const res = await put(body.id as string, { status }).expect(200);
      expect(res.body).toMatchObject({ id: body.id, status, content: 'cycle me', createdby: 'alice' });
      expect(await entries().findOne({ _id: new ObjectId(body.id as string) })).toMatchObject({ status });
    }
  });

  it('refuses bad statuses, unknown ids and other journals’ ids, changing nothing', async () => {
    const mine = (await post({ status: 'urgent', content: 'keep me' }).expect(201)).body as { id: string };
    const theirs = (await post({ status: 'urgent', content: 'theirs' }, J2, T2).expect(201)).body as { id: string };
    const before = await snapshot();
    const cases: [string, unknown, number][] = [
      [mine.id, { status: 'done' }, 400],
      [mine.id, { status: '' }, 400],
      [mine.id, {}, 400],
      [mine.id, { status: { $ne: 'x' } }, 400],
      [mine.id, { status: 'completed', content: 'rewritten' }, 400],
      [mine.id, { status: 'completed', createdby: 'mallory' }, 400],
      [newObjectId(), { status: 'completed' }, 404],
      [theirs.id, { status: 'completed' }, 404],
      ['not-an-id', { status: 'completed' }, 400],
      ['%7B%22%24ne%22%3A1%7D', { status: 'completed' }, 400],
    ];
    for (const [id, body, status] of cases) {
      const res = await put(id, body);
      expect(res.status).toBe(status);
      expect(res.body.error).toEqual(expect.any(String));
    }
    expect(await snapshot()).toBe(before);
  });
});

describe('listing', () => {
  const J = newObjectId();
  const T = tokenFor(J, 'carol');
  const ids: string[] = [];

  beforeAll(async () => {
    // 45 entries: statuses cycle, every third mentions "Alpha" in some case.
    for (let i = 0; i < 45; i++) {
      const status = i % 2 ? 'urgent' : 'info';
      const content = `entry ${String(i).padStart(2, '0')}${i % 3 === 0 ? (i % 2 ? ' ALPHA' : ' alpha') : ''}`;
      ids.push(((await post({ status, content }, J, T).expect(201)).body as { id: string }).id);
    }
    await put(ids[0]!, { status: 'completed' }, J, T).expect(200);
  });

  it('answers the original array without query parameters, newest first', async () => {
    const res = await get('/api/webdata', J, T).expect(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body).toHaveLength(45);
    expect(res.body[0]).toEqual({ id: ids[44], content: 'entry 44', status: 'info', createdby: 'CAROL'.toLowerCase(), created_at: expect.any(String) });
    const times = (res.body as { created_at: string }[]).map((e) => Date.parse(e.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('pages by 20 with the total, clamping the page', async () => {
    const p1 = (await get('/api/webdata?page=1', J, T).expect(200)).body;
    expect(p1).toMatchObject({ total: 45, page: 1, pageSize: 20 });
    expect(p1.items).toHaveLength(20);
    expect(p1.items[0].content).toBe('entry 44');
    const p3 = (await get('/api/webdata?page=3', J, T).expect(200)).body;
    expect(p3.items.map((e: { content: string }) => e.content)).toEqual(['entry 04', 'entry 03 ALPHA', 'entry 02', 'entry 01', 'entry 00 alpha']);
    const far = (await get('/api/webdata?page=99', J, T).expect(200)).body;
    expect(far).toMatchObject({ page: 3, total: 45 });
    expect(far.items).toHaveLength(5);
    const small = (await get('/api/webdata?page=2&pageSize=7', J, T).expect(200)).body;
    expect(small).toMatchObject({ page: 2, pageSize: 7, total: 45 });
    expect(small.items[0].content).toBe('entry 37');
  });

  it('filters by status and searches content case-insensitively', async () => {
    const urgent = (await get('/api/webdata?status=urgent', J, T).expect(200)).body;
    expect(urgent.total).toBe(22);
    expect(urgent.items.every((e: { status: string }) => e.status === 'urgent')).toBe(true);
    const completed = (await get('/api/webdata?status=completed', J, T).expect(200)).body;
    expect(completed.items.map((e: { id: string }) => e.id)).toEqual([ids[0]]);
    const all = (await get('/api/webdata?status=all&search=aLpHa', J, T).expect(200)).body;
    expect(all.total).toBe(15);
    const both = (await get('/api/webdata?status=urgent&search=alpha&page=1', J, T).expect(200)).body;
    expect(both.total).toBe(7);
    const none = (await get('/api/webdata?status=cancelled', J, T).expect(200)).body;
    expect(none).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
    // Regex characters are matched literally.
    expect((await get(`/api/webdata?search=${encodeURIComponent('.*')}`, J, T).expect(200)).body.total).toBe(0);
    expect((await get(`/api/webdata?search=${encodeURIComponent('entry 1')}`, J, T).expect(200)).body.total).toBe(10);
  });

  it('refuses bad and operator-shaped query parameters', async () => {
    for (const qs of [
      'status=done', 'status=URGENT', 'status[$ne]=x', 'status=urgent&status=info', 'search[$regex]=.*',
      'page=0', 'page=-1', 'page=abc', 'page=1.5', 'page[$gt]=1', 'pageSize=101', 'pageSize=0',
      `search=${'s'.repeat(201)}`, 'sort=content', '$where=1',
    ]) {
      const res = await get(`/api/webdata?${qs}`, J, T);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('validation_error');
    }
  });
});

describe('rich content', () => {
  it('stores script and event-handler payloads as given but answers them sanitised', async () => {
    const payload = '<script>window.__xss=1</script><img src=x onerror="window.__xss=2"><a href="javascript:alert(1)">link</a><b onclick="x()">bold</b><svg onload=alert(1)></svg>';
    const { body } = await post({ status: 'urgent', content: payload }).expect(201);
    expect((await entries().findOne({ _id: new ObjectId(body.id as string) }))!.content).toBe(payload);
    const outputs = [
      body.content as string,
      ((await get('/api/webdata').expect(200)).body as { id: string; content: string }[]).find((e) => e.id === body.id)!.content,
      ((await get('/api/webdata?search=window.__xss').expect(200)).body.items as { content: string }[])[0]!.content,
      ((await put(body.id as string, { status: 'completed' }).expect(200)).body as { content: string }).content,
    ];
    for (const html of outputs) {
      expect(html).not.toMatch(/<script|onerror|onload|onclick|javascript:|<svg/i);
      expect(html).toContain('<b>bold</b>');
    }
  });
});

describe('several replicas and the database path', () => {
  it('a write on one replica is seen by another, and listing from the entries collection gives the same answers', async () => {
    const J = newObjectId();
    const T = tokenFor(J);
    const other = await start(config());
    const direct = await start(config({ WORKLOG_LIST_FROM_INDEX: 'false' }));
    try {
      // Both replicas have answered (and cached what they read) before the writes.
      expect((await request(other.url).get('/api/webdata').set(as(J, T)).expect(200)).body).toEqual([]);
      for (let i = 0; i < 25; i++) await post({ status: i % 2 ? 'urgent' : 'info', content: `Replica ${i}` }, J, T).expect(201);
      const first = (await get('/api/webdata', J, T).expect(200)).body as { id: string }[];
      await request(other.url).put(`/api/webdata/${first[3]!.id}`).set(as(J, T)).send({ status: 'journal' }).expect(200);
      // Every answer reads the journal's index head: the other replica's write is in the next one.
      expect(((await get('/api/webdata?status=journal', J, T)).body as { total: number }).total).toBe(1);
      for (const qs of ['', '?page=2', '?status=journal', '?status=urgent&search=REPLICA%201', '?search=replica&page=9&pageSize=4']) {
        const a = (await get(`/api/webdata${qs}`, J, T).expect(200)).body;
        const b = (await request(other.url).get(`/api/webdata${qs}`).set(as(J, T)).expect(200)).body;
        const c = (await request(direct.url).get(`/api/webdata${qs}`).set(as(J, T)).expect(200)).body;
        expect(b).toEqual(a);
        expect(c).toEqual(a);
      }
      expect(((await get('/api/webdata?status=journal', J, T)).body as { total: number }).total).toBe(1);
    } finally {
      await other.stop();
      await direct.stop();
    }
  });
});

describe('entries stored before the index', () => {
  it('are listed: a journal without an index gets one built from its stored entries on its first read, and writes keep them', async () => {
    const J = newObjectId();
    const T = tokenFor(J);
    const base = Date.parse('2025-01-01T00:00:00Z');
    await entries().insertMany(
      Array.from({ length: 45 }, (_, i) => ({
        _id: new ObjectId(), journalId: new ObjectId(J), content: `Old ${i}`, status: i % 3 ? 'info' : 'urgent', createdby: 'carol', created_at: new Date(base + i * 60_000),
      })),
    );
    const heads = () => mongo.db(dbName).collection<{ _id: string }>(HEAD_COLLECTION).countDocuments({ _id: J });
    expect(await heads()).toBe(0);
    const all = (await get('/api/webdata', J, T).expect(200)).body as { content: string }[];
    expect(all.map((e) => e.content)).toEqual(Array.from({ length: 45 }, (_, i) => `Old ${44 - i}`));
    expect(await heads()).toBe(1);
    expect((await get('/api/webdata?status=urgent', J, T).expect(200)).body.total).toBe(15);
    // A new entry goes in front of the old ones, which stay.
    await post({ status: 'info', content: 'New one' }, J, T).expect(201);
    const page = (await get('/api/webdata?page=1', J, T).expect(200)).body as { total: number; items: { content: string }[] };
    expect([page.total, page.items[0]!.content, page.items[1]!.content]).toEqual([46, 'New one', 'Old 44']);
  });

  it('a journal without entries gets an empty index once, and lists nothing', async () => {
    const J = newObjectId();
    expect((await get('/api/webdata?page=1', J, tokenFor(J)).expect(200)).body).toMatchObject({ items: [], total: 0, page: 1 });
    expect(await mongo.db(dbName).collection<{ _id: string }>(HEAD_COLLECTION).countDocuments({ _id: J })).toBe(1);
  });
});

describe('readiness', () => {
  it('is ready as soon as it listens, having read no entry and no index document', async () => {
    // The suite has stored entries of several journals by now: a process that loaded them would read some.
    const corpus = new Set([ENTRY_COLLECTION, HEAD_COLLECTION, PAGE_COLLECTION]);
    const methods = ['find', 'findOne', 'aggregate', 'countDocuments', 'estimatedDocumentCount', 'distinct'] as const;
    const spies = methods.map((m) => jest.spyOn(mongoose.mongo.Collection.prototype, m));
    try {
      const late = await start(config());
      try {
        expect((await request(late.url).get('/readyz')).status).toBe(200);
        const reads = spies.flatMap((s) => s.mock.contexts as mongoose.mongo.Collection[]).filter((c) => corpus.has(c.collectionName));
        expect(reads.map((c) => c.collectionName)).toEqual([]);
        // ...and it answers at once from the persisted index.
        expect((await request(late.url).get('/api/webdata?page=1').set(as(J1, T1)).expect(200)).body.total).toBeGreaterThan(3);
        // The count above sees reads: the list read the journal's head.
        expect(spies.flatMap((s) => s.mock.contexts as mongoose.mongo.Collection[]).some((c) => c.collectionName === HEAD_COLLECTION)).toBe(true);
      } finally {
        await late.stop();
      }
    } finally {
      for (const s of spies) s.mockRestore();
    }
  });
});

describe('the list without parameters', () => {
  it('is one page of the newest entries, the total and the next page in headers, never the whole log', async () => {
    const J = newObjectId();
    const T = tokenFor(J);
    for (let i = 0; i < WORKLOG_MAX_PAGE_SIZE + 5; i++) await post({ status: 'info', content: `entry ${i}` }, J, T).expect(201);
    const res = await get('/api/webdata', J, T).expect(200);
    expect(res.body).toHaveLength(WORKLOG_MAX_PAGE_SIZE);
    expect((res.body as { content: string }[])[0]!.content).toBe(`entry ${WORKLOG_MAX_PAGE_SIZE + 4}`);
    expect(res.headers['x-total-count']).toBe(String(WORKLOG_MAX_PAGE_SIZE + 5));
    expect(res.headers.link).toBe(`</api/webdata?page=2&pageSize=${WORKLOG_MAX_PAGE_SIZE}>; rel="next"`);
    const next = (await get(`/api/webdata?page=2&pageSize=${WORKLOG_MAX_PAGE_SIZE}`, J, T).expect(200)).body as { items: { content: string }[]; total: number };
    expect([next.total, next.items.map((e) => e.content)]).toEqual([WORKLOG_MAX_PAGE_SIZE + 5, ['entry 4', 'entry 3', 'entry 2', 'entry 1', 'entry 0']]);
  });

  it('refuses NUL and bidi controls in an entry, and stores nothing', async () => {
    const before = await snapshot();
    for (const content of ['a\u0000b', 'invoice \u202egpj.exe']) {
      const r = await post({ status: 'info', content }).expect(400);
      expect(r.body).toMatchObject({ error: 'validation_error', message: expect.stringContaining('content: ') });
    }
    expect(await snapshot()).toBe(before);
  });
});

describe('demo seed', () => {
  it('adds about thirty mixed entries per journal once, and a running service sees them', async () => {
    const journals = [{ id: newObjectId(), slug: 'demo' }, { id: newObjectId(), slug: 'chem' }];
    const T = tokenFor(journals[0]!.id);
    expect((await get('/api/webdata', journals[0]!.id, T).expect(200)).body).toEqual([]);
    const opts = { mongoUrl, dbName, journals, createdby: 'admin', redisUrl, redisPrefix };
    expect(await seedDemoWorklog(opts)).toBe(60);
    expect(await seedDemoWorklog(opts)).toBe(0);
    await eventually(async () => expect((await get('/api/webdata', journals[0]!.id, T).expect(200)).body).toHaveLength(30));
    const list = (await get('/api/webdata', journals[0]!.id, T).expect(200)).body as { status: string; createdby: string }[];
    expect(list).toHaveLength(30);
    expect(new Set(list.map((e) => e.status)).size).toBe(8);
    expect(list.every((e) => e.createdby === 'admin')).toBe(true);
  });
});

describe('idempotent writes (docs/architecture.md#idempotent-writes)', () => {
  it('an entry sent twice at once with one key is made once, and both sends get its answer', async () => {
    const key = `entry-${newObjectId()}`;
    const content = `Once only ${key}`;
    const send = () => post({ status: 'info', content }).set('Idempotency-Key', key);
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body).toEqual(a.body);
    expect(await entries().countDocuments({ content })).toBe(1);
  });
});
