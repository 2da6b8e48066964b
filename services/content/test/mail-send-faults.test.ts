import mongoose from 'mongoose';
import { CuttableProxy, Mailpit, gate, modelledPause, testMailServer, testServers, uniqueName } from '@journal/testing';
import { processMail, type MailProcessContext } from '../src/mail/mail.processor';
import { MailRepo, type MailHold } from '../src/mail/mail.repo';
import { SmtpSender } from '../src/mail/smtp-sender';

/**
 * A holder's writes and the SMTP connection failing under them, and the prune of takes, on a
 * database of its own (the worker other suites run would take these messages otherwise), with
 * Mailpit behind a proxy the test cuts.
 */
describe('mail: a send whose connection drops, and the takes its writes leave', () => {
  let conn: mongoose.Connection;
  let repo: MailRepo;
  let J: string;
  const mailpit = new Mailpit();
  const recipient = (tag: string) => `${uniqueName(tag).toLowerCase().replace(/_/g, '-')}@example.org`;
  const takes = () => conn.collection<{ _id: string; claim: string; at: Date }>('mail_takes');
  const store = async (to: string) =>
    (
      await repo.insertOnce(
        { journalId: J, key: uniqueName('k'), event: 'withdrawn', submissionId: 'sub-f', to: { name: '', email: to }, cc: [], vars: {}, subject: 's', attachments: [], links: [] },
        (id) => `<${id}@faults.test>`,
      )
    ).record;

  beforeAll(async () => {
    conn = await mongoose.createConnection(testServers().mongoUrl, { dbName: uniqueName('mailf') }).asPromise();
    repo = new MailRepo(conn);
    await repo.init();
    J = new mongoose.Types.ObjectId().toString();
  });
  afterAll(async () => {
    await conn?.dropDatabase();
    await conn?.close();
  });

  it('the SMTP server dropping while the end of the message is recorded: the failure is answered after that record and recorded from it; the process lives and the message goes out once', async () => {
    const smtp = testMailServer();
    const proxy = new CuttableProxy({ host: smtp.smtpHost, port: smtp.smtpPort });
    await proxy.open();
    const sender = new SmtpSender({ SMTP_HOST: '127.0.0.1', SMTP_PORT: proxy.port, SMTP_TLS: 'none', SMTP_USER: '', SMTP_PASSWORD: undefined, SMTP_TLS_VERIFY: false, SMTP_TIMEOUT_MS: 3000, MAIL_CONCURRENCY: 1 });
    const to = recipient('drop');
    const r = await store(to);
    const events: string[] = [];
    const answered = gate();
    let cutOnce = true;
    // The end's record, slow (a loaded database) while the server goes: the drop reaches the
    // sender before the record is written. Before, the sender answered the failure at once, the
    // failure's record raced the end's for one take, and the refused one's error killed the worker.
    const slowEnd: MailRepo = Object.create(repo, {
      markDataEnd: {
        value: async (journalId: string, id: string, hold: MailHold) => {
          if (cutOnce) {
            cutOnce = false;
            await proxy.cut();
            await Promise.race([answered.passed, modelledPause(1000, 'the dropped connection reaching the sender while the record is on its way')]);
          }
          const ok = await repo.markDataEnd(journalId, id, hold);
          events.push(`end recorded: ${ok}`);
          return ok;
        },
      },
    });
    const ctx: MailProcessContext = {
      repo: slowEnd,
      leaseMs: 60_000,
      logger: { info: () => undefined, warn: () => undefined },
      compose: async (m) => ({
        subject: 'drop',
        envelope: { from: 'journal@example.org', to: [m.to.email] },
        raw: Buffer.from(`From: journal@example.org\r\nTo: ${m.to.email}\r\nSubject: drop\r\nMessage-ID: ${m.messageId}\r\n\r\nbody\r\n`),
        attachments: [],
      }),
      send: (m, beforeEnd) =>
        sender.send(m, beforeEnd).catch((e: unknown) => {
          events.push('send answered: failed');
          answered.open();
          throw e;
        }),
    };
    try {
      await expect(processMail({ data: { journalId: J, mailId: r.id }, attemptsMade: 0, attempts: 5 }, ctx)).rejects.toThrow();
      expect(events).toEqual(['end recorded: true', 'send answered: failed']);
      // Released from the version the end's record moved to: queued for the next try.
      expect(await repo.get(J, r.id)).toMatchObject({ state: 'queued', attempts: 1, step: 2, dataEnd: false, claim: '' });
      expect(await mailpit.search(`to:${to}`)).toHaveLength(0);

      await proxy.open();
      await processMail({ data: { journalId: J, mailId: r.id }, attemptsMade: 1, attempts: 5 }, ctx);
      expect(await repo.get(J, r.id)).toMatchObject({ state: 'sent', attempts: 2, resent: false });
      expect(await mailpit.search(`to:${to}`)).toHaveLength(1);
    } finally {
      sender.close();
      await proxy.cut().catch(() => undefined);
    }
  });

  it("a holder's write retried after its take went in and its answer was lost passes; another's fresh take still refuses it", async () => {
    const r = await store(recipient('own'));
    const now = new Date();
    const hold = (await repo.claim(J, r.id, 'holder', now, new Date(now.getTime() + 60_000)))!;
    expect(hold).toMatchObject({ attempts: 1, step: 0 });
    // The end's take written under the holder's token, as by a try whose answer never came back.
    await takes().insertOne({ _id: `${r.id}:1`, journalId: new mongoose.Types.ObjectId(J), claim: 'holder', at: new Date() } as never);
    expect(await repo.markDataEnd(J, r.id, hold)).toBe(true);
    // The next version taken by another: the holder is refused, and the record stays as it was.
    await takes().insertOne({ _id: `${r.id}:1.1`, journalId: new mongoose.Types.ObjectId(J), claim: 'someone else', at: new Date() } as never);
    expect(await repo.markSent(J, r.id, hold, [], 's')).toBe(false);
    expect(await repo.get(J, r.id)).toMatchObject({ state: 'sending', step: 1, dataEnd: true });
  });

  it('prunes the takes no write can need: of settled messages and of versions moved past, or far older than the lease; never a current one within it; bounded a run', async () => {
    const lease = 1_000;
    await takes().deleteMany({}); // the tests above's, on this file's own database
    const sent = await store(recipient('p-sent'));
    let at = new Date();
    const h1 = (await repo.claim(J, sent.id, 'a', at, new Date(at.getTime() + lease)))!;
    expect(await repo.markDataEnd(J, sent.id, h1)).toBe(true);
    expect(await repo.markSent(J, sent.id, h1, [], 's')).toBe(true);
    // Held: its claim's take is of a version moved past; the holder's own next write is under way.
    const held = await store(recipient('p-held'));
    at = new Date();
    expect(await repo.claim(J, held.id, 'b', at, new Date(at.getTime() + lease))).not.toBeNull();
    await takes().insertOne({ _id: `${held.id}:1`, journalId: new mongoose.Types.ObjectId(J), claim: 'b', at: new Date() } as never);
    // Queued, its current version's take left by a taker that stopped long ago.
    const stopped = await store(recipient('p-stopped'));
    await takes().insertOne({ _id: `${stopped.id}:0`, journalId: new mongoose.Types.ObjectId(J), claim: 'c', at: new Date(Date.now() - 60 * lease) } as never);
    const ids = async () => (await takes().find({}).toArray()).map((t) => t._id).sort();
    expect(await ids()).toEqual([`${sent.id}:0`, `${sent.id}:1`, `${sent.id}:1.1`, `${held.id}:0`, `${held.id}:1`, `${stopped.id}:0`].sort());

    // Nothing younger than the lease is looked at.
    expect(await repo.pruneTakes(new Date(), 60 * 60_000)).toBe(0);
    // Later, past the lease: at most `limit` a run, oldest first (the stopped taker's, then the sent message's).
    const later = new Date(Date.now() + 3 * lease);
    expect(await repo.pruneTakes(later, lease, 2)).toBe(2);
    expect(await ids()).toEqual([`${sent.id}:1`, `${sent.id}:1.1`, `${held.id}:0`, `${held.id}:1`].sort());
    expect(await repo.pruneTakes(later, lease)).toBe(3);
    // The held message's current take stays: its holder may be between the take and the write.
    expect(await ids()).toEqual([`${held.id}:1`]);
    expect(await repo.pruneTakes(later, lease)).toBe(0);
    expect(await repo.markDataEnd(J, held.id, { token: 'b', attempts: 1, step: 0, leaseMs: lease })).toBe(true);
  });
});
