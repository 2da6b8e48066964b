import { randomBytes, randomUUID } from 'node:crypto';
import request from 'supertest';
import { depositResponseSchema, issueDoiStatesSchema, submissionViewSchema, crossrefCredentialsStatusSchema, type IssueDoiStates } from '@journal/contracts';
import { eventually, markRecentAuth, staffToken } from '@journal/testing';
import { makeJournal, startContent, stopContent } from './helpers';
import { startCrossrefServer, type CrossrefServer } from './crossref-server';
import { expectValid } from './xml-schema';
import { runDepositStep } from '../src/doi/deposit.processor';
import { CrossrefClient } from '../src/doi/crossref.client';

const PASSWORD = `pw-${randomUUID()}`;
const LOGIN = 'depositor1';

describe('Crossref deposits against a local server speaking the deposit protocol', () => {
  let app: Awaited<ReturnType<typeof startContent>>;
  let cr: CrossrefServer;
  let J: string;
  let other: string;
  const key = { year: 2026, volume: 4, issue: 2 };
  const host = { 'x-journal-host': 'dp.test', host: 'dp.test' };
  const managers = new Map<string, string>();
  /** The journal's manager token, its password checked recently (changing credentials needs it). */
  const managerOf = async (a: { config: { REDIS_PREFIX: string } }, jid: string) => {
    const t = staffToken(jid);
    await markRecentAuth(a.config.REDIS_PREFIX, t);
    managers.set(jid, t);
    return t;
  };
  const as = (jid = J, token = managers.get(jid) ?? staffToken(jid)) => ({ 'x-journal-id': jid, authorization: `Bearer ${token}`, ...host });
  const answers: string[] = [];
  const call = async (method: 'get' | 'put' | 'post' | 'delete', path: string, body?: object, headers = as()) => {
    const r = await request(app.url)[method](path).set(headers).send(body);
    answers.push(r.text);
    return r;
  };
  const states = async (): Promise<IssueDoiStates> => issueDoiStatesSchema.parse((await call('get', '/api/admin/crossref/deposits/2026/4/2')).body);
  const stateOf = async (ref: string) => (await states()).find((s) => s.refnumber === ref)!;

  beforeAll(async () => {
    cr = await startCrossrefServer({ users: { [LOGIN]: PASSWORD }, pendingReads: 2 });
    app = await startContent({
      CROSSREF_DEPOSIT_URL: cr.depositUrl,
      CROSSREF_CREDENTIALS_KEY: randomBytes(32).toString('hex'),
      CROSSREF_POLL_MS: 30,
      CROSSREF_RETRY_MS: 30,
      CROSSREF_ATTEMPTS: 5,
      CROSSREF_TIMEOUT_MS: 2000,
    });
    J = await makeJournal(app, 'dp', { issn: '1234-5678', doi_prefix: '10.12345', doi_suffix_pattern: 'dp.{year}.{volume}.{issue}.{refnumber}' });
    other = await makeJournal(app, 'dq');
    await managerOf(app, J);
    await managerOf(app, other);
    await app.repos.issues.create(J, { ...key, frequency: 'april' });
    const base = { ...key, txnid: '', abstract: '<p>Summary</p>', publishdate: '2026-04-15', status: 'enabled' };
    for (const [ref, title, pages] of [['11', 'First paper', '1-6'], ['12', 'Second paper', '7-9'], ['13', 'Third paper', '10-12']] as const) {
      await app.repos.articles.create(J, { ...base, refnumber: ref, txnid: `t${ref}`, title, authorname: 'Dr. Asha Rao, Li', pagenumber: pages });
    }
    await app.repos.articles.create(J, { ...base, status: 'disabled', refnumber: '14', txnid: 't14', title: 'Hidden', authorname: 'X Y', pagenumber: '13-14' });
  });
  afterAll(async () => {
    await stopContent(app);
    await cr?.stop();
  });

  it('keeps the Crossref login for managers only, sealed, and never answers it', async () => {
    expect(crossrefCredentialsStatusSchema.parse((await call('get', '/api/admin/crossref/credentials')).body)).toEqual({ configured: false, storable: true, updatedAt: null });
    // Deposits need a login first.
    const early = await call('post', '/api/admin/crossref/deposits', { scope: 'pending' });
    expect([early.status, early.body.error]).toEqual([400, 'crossref_credentials_missing']);
    const bad = await call('put', '/api/admin/crossref/credentials', { loginId: ' ', password: '' });
    expect([bad.status, bad.body.error]).toEqual([400, 'validation_error']);
    const editor = await call('put', '/api/admin/crossref/credentials', { loginId: LOGIN, password: PASSWORD }, as(J, staffToken(J, 'x', undefined, 'editor')));
    expect(editor.status).toBe(403);
    expect((await call('get', '/api/admin/crossref/credentials', undefined, { 'x-journal-id': J })).status).toBe(401);
    const set = await call('put', '/api/admin/crossref/credentials', { loginId: LOGIN, password: PASSWORD }, as(J));
    expect(set.status).toBe(200);
    expect(set.body).toEqual(expect.objectContaining({ configured: true, storable: true }));
    // Another journal's staff see their own journal's (none).
    expect((await call('get', '/api/admin/crossref/credentials', undefined, as(other))).body.configured).toBe(false);
    const stored = JSON.stringify(await app.deps.conn.collection('crossref_credentials').find({}).toArray());
    expect(stored).not.toContain(PASSWORD);
    expect(stored).not.toContain(LOGIN);
    // The activity log says the login was set, never what it is (docs/product.md#activity-log).
    const logged = (await app.deps.activity.since(J, undefined)).filter((e) => e.kind === 'crossref.credentials');
    expect(logged.map((e) => [e.actor.role, e.changes])).toEqual([
      ['manager', [{ field: 'loginId', before: '', after: '(changed)' }, { field: 'password', before: '', after: '(changed)' }]],
    ]);
    expect(JSON.stringify(await app.deps.activity.since(J, undefined))).not.toContain(PASSWORD);
  });

  it('deposits an issue: queued, submitted while Crossref processes it, then registered, with a valid file', async () => {
    const r = await call('post', '/api/admin/crossref/deposits', { scope: 'issue', year: 2026, volume: 4, issue: 2 });
    expect(r.status).toBe(202);
    const { submissions } = depositResponseSchema.parse(r.body);
    expect(submissions).toHaveLength(1);
    expect(submissions[0]).toEqual(expect.objectContaining({ year: 2026, volume: 4, issue: 2, articles: 3, state: 'queued' }));
    const queued = (await app.deps.activity.since(J, undefined)).filter((e) => e.kind === 'crossref.deposit');
    expect(queued.map((e) => [e.record, e.changes])).toEqual([
      [{ type: 'submission', id: submissions[0]!.id, label: '2026/4/2' }, [{ field: 'articles', before: '', after: '11, 12, 13' }]],
    ]);
    const seen = new Set<string>();
    await eventually(async () => {
      const s = await states();
      for (const x of s) seen.add(x.state);
      expect(s.filter((x) => x.refnumber !== '14').map((x) => x.state)).toEqual(['registered', 'registered', 'registered']);
    }, 400);
    expect(seen.has('submitted') || seen.has('queued')).toBe(true);
    expect((await stateOf('14')).state).toBe('not_deposited');
    const sub = submissionViewSchema.parse((await call('get', `/api/admin/crossref/submissions/${submissions[0]!.id}`)).body);
    expect(sub).toEqual(expect.objectContaining({ state: 'completed', message: '3 registered, 0 failed' }));
    // The log was read until Crossref said completed (two pending reads first).
    expect(cr.reads.get(cr.uploads[0]!.fileName)).toBe(3);
    expect(cr.uploads[0]!.dois).toEqual(['10.12345/dp.2026.4.2.11', '10.12345/dp.2026.4.2.12', '10.12345/dp.2026.4.2.13']);
    await expectValid('crossref', [cr.uploads[0]!.xml]);
    // Nothing more to do for "everything not deposited" now.
    const again = await call('post', '/api/admin/crossref/deposits', { scope: 'pending' });
    expect(depositResponseSchema.parse(again.body).submissions).toEqual([]);
    // Another journal cannot read this journal's submission.
    expect((await call('get', `/api/admin/crossref/submissions/${submissions[0]!.id}`, undefined, as(other))).status).toBe(404);
  }, 120_000);

  it('shows Crossref\'s warnings and failures in its own words; a failed one retries from the screen', async () => {
    cr.state.outcome = (doi) => (doi.endsWith('.11') ? 'warning' : doi.endsWith('.12') ? 'failure' : 'success');
    cr.state.pendingReads = 0;
    await call('post', '/api/admin/crossref/deposits', { scope: 'issue', year: 2026, volume: 4, issue: 2 }).then((r) => expect(r.status).toBe(202));
    await eventually(async () => {
      const s = await states();
      expect(s.slice(0, 3).map((x) => [x.state, x.message])).toEqual([
        ['registered', 'Added with conflict'],
        ['failed', expect.stringMatching(/^Record not processed because submitted version/)],
        ['registered', ''],
      ]);
    }, 400);
    cr.state.outcome = () => 'success';
    const retry = await call('post', '/api/admin/crossref/deposits', { scope: 'article', refnumber: '12' });
    expect(retry.status).toBe(202);
    await eventually(async () => expect((await stateOf('12')).state).toBe('registered'), 400);
    const hidden = await call('post', '/api/admin/crossref/deposits', { scope: 'article', refnumber: '14' });
    expect(hidden.status).toBe(404);
  }, 120_000);

  it('reports wrong credentials with Crossref\'s message, and a log that is not XML after its retries', async () => {
    await call('put', '/api/admin/crossref/credentials', { loginId: LOGIN, password: 'wrong-one' }).then((r) => expect(r.status).toBe(200));
    await call('post', '/api/admin/crossref/deposits', { scope: 'article', refnumber: '11' });
    await eventually(async () => {
      const s = await stateOf('11');
      expect(s.state).toBe('failed');
      expect(s.message).toBe('Crossref refused the login: Login failed: the username and password do not match a Crossref account');
    }, 400);
    await call('put', '/api/admin/crossref/credentials', { loginId: LOGIN, password: PASSWORD });
    cr.state.logNotXml = true;
    await call('post', '/api/admin/crossref/deposits', { scope: 'article', refnumber: '11' });
    await eventually(async () => {
      const s = await stateOf('11');
      expect(s.state).toBe('failed');
      expect(s.message).toMatch(/^Crossref's submission log is not XML: Service temporarily overloaded, please try later; gave up after 5 tries$/);
    }, 600);
    cr.state.logNotXml = false;
  }, 120_000);

  it('waits out Crossref being down: the state stays queued, nothing is lost, and the deposit goes through once it is back', async () => {
    // Retries far enough apart to watch: 0.2 s doubling over 8 tries (production: 30 s over 10, hours).
    const slow = await startContent({
      CROSSREF_DEPOSIT_URL: cr.depositUrl,
      CROSSREF_CREDENTIALS_KEY: randomBytes(32).toString('hex'),
      CROSSREF_POLL_MS: 30,
      CROSSREF_RETRY_MS: 200,
      CROSSREF_ATTEMPTS: 8,
      CROSSREF_TIMEOUT_MS: 2000,
    });
    try {
      const D = await makeJournal(slow, 'dd', { issn: '1234-5678', doi_prefix: '10.12345', doi_suffix_pattern: 'dd.{refnumber}' });
      await slow.repos.articles.create(D, { ...key, txnid: 't1', status: 'enabled', refnumber: '21', title: 'Down paper', authorname: 'A B', pagenumber: '1-2', abstract: '', publishdate: '2026-04-15' });
      const h = { 'x-journal-id': D, authorization: `Bearer ${await managerOf(slow, D)}`, 'x-journal-host': 'dd.test', host: 'dd.test' };
      await request(slow.url).put('/api/admin/crossref/credentials').set(h).send({ loginId: LOGIN, password: PASSWORD }).expect(200);
      const stateOfD = async () => issueDoiStatesSchema.parse((await request(slow.url).get('/api/admin/crossref/deposits/2026/4/2').set(h)).body)[0]!;
      for (const mode of ['refuse', 'http'] as const) {
        cr.state.down = mode;
        const before = cr.uploads.length;
        const r = await request(slow.url).post('/api/admin/crossref/deposits').set(h).send({ scope: 'article', refnumber: '21' });
        expect(r.status).toBe(202);
        const id = depositResponseSchema.parse(r.body).submissions[0]!.id;
        await eventually(async () => {
          const sub = submissionViewSchema.parse((await request(slow.url).get(`/api/admin/crossref/submissions/${id}`).set(h)).body);
          expect(sub.progress).toMatch(/^Crossref (could not be reached \(could not connect\)|answered HTTP 503); trying again \(try [2-9] of 8\)$/);
        }, 400);
        const queued = await stateOfD();
        expect(queued.state).toBe('queued');
        // The screen says why it is still queued.
        expect(queued.message).toMatch(/trying again \(try [2-9] of 8\)$/);
        expect(cr.uploads.length).toBe(before);
        cr.state.down = null;
        await eventually(async () => expect((await stateOfD()).state).toBe('registered'), 600);
        expect(cr.uploads.length).toBe(before + 1);
        expect((await request(slow.url).get(`/api/admin/crossref/submissions/${id}`).set(h)).body.state).toBe('completed');
      }
    } finally {
      cr.state.down = null;
      await stopContent(slow);
    }
  }, 120_000);

  it('keeps the outcome when Crossref\'s log is read to the end before the upload has marked its articles submitted', async () => {
    // The read is queued before the upload's last writes; on a busy machine it can finish first.
    const store = app.deposits.store;
    const article = (await app.repos.articles.findByRef(J, '12'))!;
    const doi = (await store.statesOf(J, [article.id])).get(article.id)!.doi;
    const upload = cr.uploads.find((u) => u.dois.includes(doi))!;
    const good = { loginId: LOGIN, password: PASSWORD };
    const quiet = { info: () => undefined, warn: () => undefined };
    const now = new Date();
    const s = await store.createSubmission(J, { fileName: `race-${now.getTime()}.xml`, batchId: `race-${now.getTime()}`, year: 2026, volume: 4, issue: 2, articleIds: [article.id], xml: upload.xml, state: 'queued', progress: '', message: '', createdAt: now, updatedAt: now });
    await store.setStates(J, [{ articleId: article.id, refnumber: '12', doi, state: 'queued', message: '', submissionId: s.id }]);
    const base = { client: new CrossrefClient({ depositUrl: cr.depositUrl, timeoutMs: 2000 }), queue: app.deposits.queue, logger: quiet, pollMs: 60_000, pollRounds: 5, attempts: 2, credentials: async () => good };
    const readToTheEnd = async () => {
      for (let round = 1; (await store.getSubmission(J, s.id))!.state === 'submitted'; round++) {
        await runDepositStep({ data: { kind: 'poll', journalId: J, submissionId: s.id, round }, attemptsMade: 0 }, { ...base, store });
      }
    };
    const racing = new Proxy(store, {
      get(target, name, receiver) {
        const v = Reflect.get(target, name, receiver);
        if (name !== 'updateSubmission') return typeof v === 'function' ? v.bind(target) : v;
        return async (...args: Parameters<typeof store.updateSubmission>) => {
          await store.updateSubmission(...args);
          if (args[2].state === 'submitted') await readToTheEnd();
        };
      },
    });
    await runDepositStep({ data: { kind: 'upload', journalId: J, submissionId: s.id }, attemptsMade: 0 }, { ...base, store: racing });
    expect((await store.getSubmission(J, s.id))!.state).toBe('completed');
    expect((await store.statesOf(J, [article.id])).get(article.id)!.state).toBe('registered');
  });

  it('writes no credentials in its log lines, whatever happens to a deposit', async () => {
    const lines: string[] = [];
    const capture = (level: string) => (obj: object, msg?: string) => void lines.push(`${level} ${JSON.stringify(obj)} ${msg ?? ''}`);
    const logger = { info: capture('info'), warn: capture('warn') } as unknown as Parameters<typeof runDepositStep>[1]['logger'];
    const store = app.deposits.store;
    const ctx = {
      store,
      client: new CrossrefClient({ depositUrl: cr.depositUrl, timeoutMs: 2000 }),
      queue: app.deposits.queue,
      logger,
      pollMs: 60_000,
      pollRounds: 3,
      attempts: 2,
    };
    const article = (await app.repos.articles.findByRef(J, '13'))!;
    const make = async () => {
      const now = new Date();
      return store.createSubmission(J, { fileName: `log-check-${now.getTime()}.xml`, batchId: `log-check-${now.getTime()}`, year: 2026, volume: 4, issue: 2, articleIds: [article.id], xml: cr.uploads[0]!.xml, state: 'queued', progress: '', message: '', createdAt: now, updatedAt: now });
    };
    const good = { loginId: LOGIN, password: PASSWORD };
    // Uploaded, then Crossref down (a retry), then the last try, then wrong credentials.
    const s1 = await make();
    await runDepositStep({ data: { kind: 'upload', journalId: J, submissionId: s1.id }, attemptsMade: 0 }, { ...ctx, credentials: async () => good });
    cr.state.down = 'refuse';
    const s2 = await make();
    await expect(runDepositStep({ data: { kind: 'upload', journalId: J, submissionId: s2.id }, attemptsMade: 0 }, { ...ctx, credentials: async () => good })).rejects.toThrow('Crossref could not be reached');
    await runDepositStep({ data: { kind: 'upload', journalId: J, submissionId: s2.id }, attemptsMade: 1 }, { ...ctx, credentials: async () => good });
    cr.state.down = null;
    const s3 = await make();
    await runDepositStep({ data: { kind: 'upload', journalId: J, submissionId: s3.id }, attemptsMade: 0 }, { ...ctx, credentials: async () => ({ loginId: LOGIN, password: 'wrong-one' }) });
    expect(lines.map((l) => l.split(' ')[0] + ' ' + l.slice(l.lastIndexOf('}') + 2))).toEqual([
      'info crossref deposit uploaded',
      'warn crossref unreachable, retrying',
      'warn crossref deposit failed',
      'warn crossref deposit failed',
    ]);
    for (const l of lines) {
      expect(l).not.toContain(PASSWORD);
      expect(l).not.toContain('wrong-one');
      expect(l).not.toContain(LOGIN);
    }
  });

  it('never puts the credentials in an answer or a stored record', async () => {
    const stored = JSON.stringify([
      await app.deps.conn.collection('crossref_submissions').find({}).toArray(),
      await app.deps.conn.collection('doi_deposits').find({}).toArray(),
      await app.deps.conn.collection('crossref_credentials').find({}).toArray(),
    ]);
    for (const text of [...answers, stored]) {
      expect(text).not.toContain(PASSWORD);
      expect(text).not.toContain('wrong-one');
    }
    // What travelled to Crossref did carry them (so the check above means something).
    expect(cr.state.seen.some((s) => s.includes(`pwd=${PASSWORD}`))).toBe(true);
  });
});

describe('Crossref credentials without a key', () => {
  it('refuses to store them with a clear message', async () => {
    const app = await startContent({ CROSSREF_WORKER: false });
    try {
      const J = await makeJournal(app, 'nk');
      const token = staffToken(J);
      await markRecentAuth(app.config.REDIS_PREFIX, token);
      const r = await request(app.url).put('/api/admin/crossref/credentials').set({ 'x-journal-id': J, authorization: `Bearer ${token}` }).send({ loginId: 'a', password: 'b' });
      expect([r.status, r.body.error]).toEqual([503, 'crossref_not_configured']);
    } finally {
      await stopContent(app);
    }
  });
});
