import mongoose from 'mongoose';
import request from 'supertest';
import { ACTIVITY_COLLECTION } from '@journal/server-kit';
import { CuttableProxy, eventually, Mailpit, staffToken, testMailServer, testServers, uniqueName, type MailpitSummary } from '@journal/testing';
import { makeJournal, startContent, stopContent, type TestContentApp } from './helpers';
import { mailWorkerConfigSchema } from '../src/mail/mail.config';
import { startMailWorker, type MailWorkerApp } from '../src/mail/mail-worker';
import { processMail } from '../src/mail/mail.processor';
import { MailRepo } from '../src/mail/mail.repo';

describe('mail: outbox, queue and worker against Redis, the database and Mailpit', () => {
  let app: TestContentApp;
  let worker: MailWorkerApp;
  /** Mailpit behind a proxy the test cuts: the SMTP server down, and back on the same port. */
  let gate: CuttableProxy;
  let J: string;
  let other: string;
  const mailpit = new Mailpit();
  const manager = (jid: string) => ({ 'x-journal-id': jid, authorization: `Bearer ${staffToken(jid)}` });
  const as = (jid: string, role: 'manager' | 'editor' | 'worklog') => ({ 'x-journal-id': jid, authorization: `Bearer ${staffToken(jid, 'someone', undefined, role)}` });
  const recipient = (tag: string) => `${uniqueName(tag).toLowerCase().replace(/_/g, '-')}@example.org`;
  /** The messages Mailpit holds for an address, once there are `n` (then a moment later, to see none more came). */
  const inbox = async (email: string, n: number): Promise<MailpitSummary[]> => {
    const got = await eventually(async () => {
      const list = await mailpit.search(`to:${email}`);
      if (list.length < n) throw new Error(`${list.length} of ${n} messages for ${email}`);
      return list;
    }, 300);
    return got;
  };
  const stateOf = async (id: string) => (await app.deps.mail.get(J, id))!;
  type MailInput = Parameters<TestContentApp['deps']['mail']['enqueueMail']>[0];
  /** A message of this journal's to one recipient, and its enqueueing. */
  const mailOf = (event: MailInput['event'], submissionId: string, to: { name: string; email: string }, vars: MailInput['vars'] = {}, more: Partial<MailInput> = {}): MailInput => ({
    journalId: J,
    event,
    submissionId,
    to: [to],
    vars,
    ...more,
  });
  const send = (...args: Parameters<typeof mailOf>) => app.deps.mail.enqueueMail(mailOf(...args));

  beforeAll(async () => {
    const smtp = testMailServer();
    gate = new CuttableProxy({ host: smtp.smtpHost, port: smtp.smtpPort });
    await gate.open();
    app = await startContent({ MAIL_RETRY_MS: 100, MAIL_ATTEMPTS: 30 });
    J = await makeJournal(app, uniqueName('ml').toLowerCase().replace(/_/g, '-'));
    other = await makeJournal(app, uniqueName('mo').toLowerCase().replace(/_/g, '-'));
    const { mongoUrl, redisUrl } = testServers();
    worker = await startMailWorker(
      mailWorkerConfigSchema.parse({
        MONGO_URL: mongoUrl,
        MONGO_DB: app.config.MONGO_DB,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: app.config.REDIS_PREFIX,
        PORT: 0,
        LOG_LEVEL: 'silent',
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: gate.port,
        SMTP_TLS: 'none',
        SMTP_TIMEOUT_MS: 3000,
        MAIL_RETRY_MS: 100,
        MAIL_RETRY_MAX_MS: 1000,
        MAIL_ATTEMPTS: 30,
        MAIL_SEND_LEASE_MS: 1500,
        MAIL_LOCK_MS: 2000,
        MAIL_SWEEP_MS: 500,
        MAIL_ATTACHMENTS_MAX_MB: 0.05,
      }),
    );
  });
  afterAll(async () => {
    await worker?.stop();
    await stopContent(app);
    await gate?.cut().catch(() => undefined);
  });

  it('renders the journal template: values escaped in the HTML part, a plain-text part, the journal as sender, a stable Message-ID', async () => {
    const to = recipient('render');
    const [m] = await send('submission_received', 'sub-render', { name: 'Asha <Verma>', email: to }, {
      submissionNumber: 'ML-2026-00001',
      title: 'Soil & <b>water</b> "quoted"',
      statusLink: 'https://ml.test/submission/status/abc',
    });
    expect(m!.created).toBe(true);
    const [got] = await inbox(to, 1);
    const msg = await mailpit.message(got!.ID);
    const j = (await app.journals.findById(J))!;
    expect(msg.Subject).toBe(`${j.websitename}: submission ML-2026-00001 received`);
    expect(msg.From).toEqual({ Name: j.websitename, Address: j.websiteemail });
    expect(msg.To).toEqual([{ Name: 'Asha <Verma>', Address: to }]);
    expect(msg.Text).toContain('Dear Asha <Verma>,');
    expect(msg.Text).toContain('"Soil & <b>water</b> "quoted""');
    expect(msg.HTML).toContain('Soil &amp; &lt;b&gt;water&lt;/b&gt; &quot;quoted&quot;');
    expect(msg.HTML).not.toContain('<b>water</b>');
    expect(msg.HTML).toContain('<a href="https://ml.test/submission/status/abc">');
    const record = await eventually(async () => {
      const r = await stateOf(m!.id);
      if (r.state !== 'sent') throw new Error(r.state);
      return r;
    });
    expect(`<${got!.MessageID}>`).toBe(record.messageId);
    expect(record).toMatchObject({ attempts: 1, lastError: '', resent: false });
    // The status link (a private token) is not kept once the message is out.
    expect((await app.mail.repo.get(J, m!.id))!.vars).toEqual({});
  });

  it('stores and sends an event once however often it is enqueued; another occurrence is another message', async () => {
    const to = recipient('once');
    const input = mailOf('revision_requested', 'sub-once', { name: 'R', email: to }, { message: 'Shorten it' }, { idempotencyKey: 'round-1' });
    const results = await Promise.all([1, 2, 3, 4].map(() => app.deps.mail.enqueueMail(input)));
    const ids = new Set(results.map((r) => r[0]!.id));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r[0]!.created)).toHaveLength(1);
    // The same recipient with another spelling of the address is the same recipient.
    expect((await app.deps.mail.enqueueMail({ ...input, to: [{ name: 'R', email: to.toUpperCase() }] }))[0]!.created).toBe(false);
    await inbox(to, 1);
    const second = await app.deps.mail.enqueueMail({ ...input, idempotencyKey: 'round-2' });
    expect(second[0]!.created).toBe(true);
    await inbox(to, 2);
    await new Promise((r) => setTimeout(r, 800));
    expect(await mailpit.search(`to:${to}`)).toHaveLength(2);
  });

  it('a job run again after the message went out sends nothing more; a stopped sender\'s message is sent again, marked when the server may have had it', async () => {
    const to = recipient('retry');
    const [m] = await send('withdrawn', 'sub-retry', { name: '', email: to });
    await inbox(to, 1);
    await eventually(async () => expect((await stateOf(m!.id)).state).toBe('sent'));
    // Redelivered jobs (a stalled job given to another worker, the sweep) find it sent.
    for (const id of ['again-1', 'again-2']) await app.mail.queue.add({ journalId: J, mailId: m!.id }, id);
    await eventually(async () => {
      for (const id of ['again-1', 'again-2']) expect(await app.mail.queue.queue.getJobState(id)).toBe('completed');
    });
    expect(await mailpit.search(`to:${to}`)).toHaveLength(1);

    // A record some sender held and stopped with: before the end of the message (the server has
    // nothing: sent once more) and after it (the server may have it: sent again, marked resent).
    // On a database of its own: the worker running beside these tests would take them otherwise.
    const conn = await mongoose.createConnection(testServers().mongoUrl, { dbName: uniqueName('mailsm') }).asPromise();
    const repo = new MailRepo(conn);
    await repo.init();
    const sends: string[] = [];
    const ctx = {
      repo,
      leaseMs: 60_000,
      logger: { info: () => undefined, warn: () => undefined },
      compose: async () => ({ subject: 's', envelope: { from: 'a@example.org', to: ['b@example.org'] }, raw: Buffer.from('x'), attachments: [] }),
      send: async (_m: unknown, beforeEnd: () => Promise<void>) => {
        await beforeEnd();
        sends.push('sent');
        return { response: '250 OK' };
      },
    };
    const past = new Date(Date.now() - 1000);
    const held = async (dataEnd: boolean) => {
      const r = await repo.insertOnce(
        { journalId: other, key: uniqueName('k'), event: 'withdrawn', submissionId: 'sub-held', to: { name: '', email: 'held@example.org' }, cc: [], vars: {}, subject: 's', attachments: [], links: [] },
        (id) => `<${id}@t>`,
      );
      const hold = await repo.claim(other, r.record.id, 'dead-worker', new Date(Date.now() - 5000), past);
      expect(hold).not.toBeNull();
      if (dataEnd) expect(await repo.markDataEnd(other, r.record.id, hold!)).toBe(true);
      return r.record.id;
    };
    // Senders that read `queued` at the same moment: one takes it, whatever the database.
    for (let round = 0; round < 10; round++) {
      const r = await repo.insertOnce(
        { journalId: other, key: uniqueName('race'), event: 'withdrawn', submissionId: 'sub-race', to: { name: '', email: 'race@example.org' }, cc: [], vars: {}, subject: 's', attachments: [], links: [] },
        (id) => `<${id}@t>`,
      );
      const now = new Date();
      const took = await Promise.all(Array.from({ length: 6 }, (_, i) => repo.claim(other, r.record.id, `racer-${i}`, now, new Date(now.getTime() + 60_000))));
      expect(took.filter(Boolean)).toHaveLength(1);
      expect(await repo.get(other, r.record.id)).toMatchObject({ state: 'sending', attempts: 1, claim: `racer-${took.findIndex(Boolean)}` });
    }
    // A taker that stopped between its take and the record's write: its take blocks others for a
    // lease, then is cleared.
    for (const [age, expected] of [[5_000, true], [0, false]] as const) {
      const r = await repo.insertOnce(
        { journalId: other, key: uniqueName('ghost'), event: 'withdrawn', submissionId: 'sub-ghost', to: { name: '', email: 'ghost@example.org' }, cc: [], vars: {}, subject: 's', attachments: [], links: [] },
        (id) => `<${id}@t>`,
      );
      const now = new Date();
      await conn.collection<{ _id: string }>('mail_takes').insertOne({ _id: `${r.record.id}:0`, journalId: new mongoose.Types.ObjectId(other), claim: 'stopped', at: new Date(now.getTime() - age) });
      expect(!!(await repo.claim(other, r.record.id, 'next', now, new Date(now.getTime() + 1_000)))).toBe(expected);
    }
    const before = await held(false);
    const after = await held(true);
    await processMail({ data: { journalId: other, mailId: before }, attemptsMade: 0, attempts: 5 }, ctx);
    await processMail({ data: { journalId: other, mailId: after }, attemptsMade: 0, attempts: 5 }, ctx);
    await processMail({ data: { journalId: other, mailId: after }, attemptsMade: 1, attempts: 5 }, ctx);
    expect(sends).toEqual(['sent', 'sent']);
    expect(await repo.get(other, before)).toMatchObject({ state: 'sent', attempts: 2, resent: false });
    expect(await repo.get(other, after)).toMatchObject({ state: 'sent', attempts: 2, resent: true });
    // A live holder's message is left to it.
    const live = await held(false);
    await repo.model.updateOne({ _id: live, journalId: other }, { $set: { leaseUntil: new Date(Date.now() + 60_000) } });
    await expect(processMail({ data: { journalId: other, mailId: live }, attemptsMade: 0, attempts: 5 }, ctx)).rejects.toThrow(/held by another send/);
    expect(sends).toEqual(['sent', 'sent']);
    await conn.dropDatabase();
    await conn.close();
  });

  it('SMTP down: enqueueing still succeeds, the message waits and goes out once the server is back', async () => {
    const to = recipient('down');
    await gate.cut();
    try {
      const [m] = await send('payment_confirmed', 'sub-down', { name: 'D', email: to }, { fee: 'INR 2000' });
      const waiting = await eventually(async () => {
        const r = await stateOf(m!.id);
        if (r.attempts < 2 || r.state !== 'queued') throw new Error(`${r.state} ${r.attempts}`);
        return r;
      });
      expect(waiting.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(await mailpit.search(`to:${to}`)).toHaveLength(0);
    } finally {
      await gate.open();
    }
    const [got] = await inbox(to, 1);
    expect(got!.Subject).toContain('payment received');
    await new Promise((r) => setTimeout(r, 800));
    expect(await mailpit.search(`to:${to}`)).toHaveLength(1);
  });

  it('refuses line breaks in names and addresses before anything is stored; a value with line breaks never makes a header', async () => {
    const to = recipient('inject');
    const bad = [
      { name: 'Eve\r\nBcc: victim@example.org', email: to },
      { name: 'Eve', email: `${to}\r\nBcc: victim@example.org` },
      { name: 'Eve', email: 'not an address' },
    ];
    for (const a of bad) {
      await expect(send('rejected', 'sub-inject', a)).rejects.toMatchObject({ status: 400 });
    }
    expect(await app.deps.mail.listMailFor(J, 'sub-inject')).toEqual([]);
    // The sender's name from the settings: refused with a line break.
    const put = await request(app.url).put('/api/admin/mail-settings').set(manager(J)).send({ fromName: 'Office\r\nBcc: victim@example.org' });
    expect([put.status, put.body.error]).toEqual([400, 'validation_error']);
    // A title with line breaks in the subject stays on its line.
    await send('rejected', 'sub-inject', { name: 'Eve', email: to }, { submissionNumber: 'X\r\nBcc: victim@example.org\r\nX-Evil: 1' });
    const [got] = await inbox(to, 1);
    const raw = await mailpit.raw(got!.ID);
    const headers = raw.slice(0, raw.indexOf('\r\n\r\n'));
    expect(headers).not.toMatch(/^(Bcc|X-Evil):/im);
    expect(got!.Subject).toContain('X Bcc: victim@example.org X-Evil: 1');
    expect(await mailpit.search('to:victim@example.org')).toHaveLength(0);
  });

  it('attaches files up to the size limit and links the rest', async () => {
    const to = recipient('files');
    const small = Buffer.alloc(20_000, 'a');
    const large = Buffer.alloc(40_000, 'b');
    await app.files.put(J, '/assets/archives/2026/vol1issue1/small.pdf', small, { contentType: 'application/pdf' });
    await app.files.put(J, '/assets/archives/2026/vol1issue1/large.pdf', large, { contentType: 'application/pdf' });
    const vars = { articleLink: 'https://ml.test/abstract/1', pdfLink: 'https://ml.test/a.pdf', issueName: 'Volume 1, Issue 1 (2026)' };
    const [m] = await send('published_delivery', 'sub-files', { name: 'F', email: to }, vars, {
      attachments: [
        { filename: 'article.pdf', contentType: 'application/pdf', source: { kind: 'asset', path: '/assets/archives/2026/vol1issue1/small.pdf' }, link: 'https://ml.test/small.pdf' },
        { filename: 'certificate.pdf', contentType: 'application/pdf', source: { kind: 'asset', path: '/assets/archives/2026/vol1issue1/large.pdf' }, link: 'https://ml.test/large.pdf' },
      ],
      links: [{ label: 'Abstract', url: 'https://ml.test/abstract/1' }],
    });
    const [got] = await inbox(to, 1);
    const msg = await mailpit.message(got!.ID);
    expect(msg.Attachments.map((a) => [a.FileName, a.Size])).toEqual([['article.pdf', 20_000]]);
    expect(msg.Text).toContain('certificate.pdf: https://ml.test/large.pdf');
    expect(msg.Text).toContain('Abstract: https://ml.test/abstract/1');
    expect(msg.HTML).toContain('<a href="https://ml.test/large.pdf">');
    const record = await eventually(async () => {
      const r = await stateOf(m!.id);
      if (r.state !== 'sent') throw new Error(r.state);
      return r;
    });
    expect(record.attachments.map((a) => [a.filename, a.delivery])).toEqual([
      ['article.pdf', 'attached'],
      ['certificate.pdf', 'linked'],
    ]);
  });

  it('settings: managers edit the sender and templates (placeholders checked, logged); staff see a submission\'s emails, within their journal', async () => {
    const get = await request(app.url).get('/api/admin/mail-settings').set(manager(J));
    expect(get.status).toBe(200);
    expect(get.body.customised).toEqual([]);
    expect(get.body.templates.submission_received.body).toContain('{{statusLink}}');
    const unknown = await request(app.url)
      .put('/api/admin/mail-settings')
      .set(manager(J))
      .send({ templates: { withdrawn: { subject: 'Withdrawn {{fee}}', body: 'Body' } } });
    expect([unknown.status, unknown.body.message]).toEqual([400, 'Unknown placeholder in the withdrawn template: {{fee}}']);
    expect((await request(app.url).put('/api/admin/mail-settings').set(as(J, 'editor')).send({ fromName: 'X' })).status).toBe(403);
    expect((await request(app.url).get('/api/admin/mail-settings').set(as(J, 'editor'))).status).toBe(403);
    const put = await request(app.url)
      .put('/api/admin/mail-settings')
      .set(manager(J))
      .send({ fromName: 'Editorial office', fromAddress: 'office@ml.test', replyTo: 'editor@ml.test', templates: { withdrawn: { subject: '{{submissionNumber}} withdrawn', body: 'Dear {{authorName}},\nDone.' } } });
    expect(put.status).toBe(200);
    expect(put.body.customised).toEqual(['withdrawn']);
    const logged = await app.conn.collection(ACTIVITY_COLLECTION).findOne({ kind: 'mail.settings' });
    expect(logged).toBeTruthy();

    const to = recipient('custom');
    await send('withdrawn', 'sub-custom', { name: 'Ravi', email: to }, { submissionNumber: 'ML-9' });
    const [got] = await inbox(to, 1);
    const msg = await mailpit.message(got!.ID);
    expect([msg.Subject, msg.Text.replace(/\r\n/g, '\n').trim(), msg.From.Address, msg.ReplyTo[0]?.Address]).toEqual(['ML-9 withdrawn', 'Dear Ravi,\nDone.', 'office@ml.test', 'editor@ml.test']);
    // Back to the default.
    expect((await request(app.url).put('/api/admin/mail-settings').set(manager(J)).send({ templates: { withdrawn: null } })).body.customised).toEqual([]);

    const list = await request(app.url).get('/api/admin/submissions/sub-custom/emails').set(as(J, 'editor'));
    expect(list.status).toBe(200);
    expect(list.body.emails).toHaveLength(1);
    expect(list.body.emails[0]).toMatchObject({ event: 'withdrawn', to: { name: 'Ravi', email: to }, submissionId: 'sub-custom' });
    expect((await request(app.url).get('/api/admin/submissions/sub-custom/emails').set(manager(other))).body.emails).toEqual([]);
    expect((await request(app.url).get('/api/admin/submissions/sub-custom/emails').set(as(J, 'worklog'))).status).toBe(403);
    expect((await request(app.url).get('/api/admin/submissions/..%2Fx/emails').set(manager(J))).status).toBe(400);
  });
});
