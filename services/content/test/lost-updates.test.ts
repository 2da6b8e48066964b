/**
 * Read-modify-writes the real database runs at once (docs/architecture.md#exactly-once-changes):
 * FerretDB 1.24 answers a filtered update by reading the document and writing it back by `_id`,
 * so writes at once must not lose one another, nor leave behind what a refused one stored.
 */
import request from 'supertest';
import mongoose, { mongo } from 'mongoose';
import { eventually, staffHeaders, staffToken, staffTokenWith, testServers, uniqueName } from '@journal/testing';
import { makeJournal, makePdf, postArticle, startContent, stopContent } from './helpers';
import { makeDocx } from './submission-fixtures';
import { submissionServices, type SubmissionServices } from '../src/submissions/submission.setup';
import { MailRepo } from '../src/mail/mail.repo';

let app: Awaited<ReturnType<typeof startContent>>;
let J: string;
let EDITOR: string;
let pod: SubmissionServices;
let ip = 0;
const HOST = 'lost1.test';
const staff = () => ({ ...staffHeaders(J, EDITOR), 'x-journal-host': HOST });

beforeAll(async () => {
  app = await startContent();
  J = await makeJournal(app, 'lost1');
  EDITOR = staffTokenWith(J, 'edna', { role: 'editor' });
  pod = await submissionServices(app.deps);
});
afterAll(() => stopContent(app));

describe("the first-page rule's bound of an issue", () => {
  const article = (issue: number, i: number) => ({
    year: 2026,
    volume: 7,
    issue,
    refnumber: String(7000 + issue * 100 + i),
    txnid: `LOST${issue}-${i}`,
    title: `Concurrent paper ${issue}-${i}`,
    pagenumber: `${i * 10 + 1}-${i * 10 + 10}`,
  });

  test('articles of one issue stored at once each raise it: a first page inside any of them is refused', async () => {
    // Several issues, so a raise the database would lose shows in one of them.
    for (const issue of [1, 2, 3, 4]) {
      const key = { year: 2026, volume: 7, issue };
      await app.repos.issues.create(J, { ...key, frequency: 'march' });
      // The issue's first check makes its bound from its articles (none yet).
      expect(await app.repos.articles.lastPageFor(J, key, 1)).toBe(0);
      await Promise.all(Array.from({ length: 12 }, (_, i) => app.repos.articles.create(J, article(issue, i))));
      // Pages 111-120 are the last article's: a first page of 111 is not past the issue's last page.
      expect(await app.repos.articles.lastPageFor(J, key, 111)).toBe(120);
      expect(await app.repos.articles.lastPageFor(J, key, 121)).toBe(120);
    }
  });

  test('staff adds of one issue at once with overlapping pages: the stored ones never overlap, the others are refused', async () => {
    const pdf = await makePdf('Overlapping paper');
    const token = staffToken(J);
    for (const issue of [1, 2, 3]) {
      const key = { year: 2027, volume: 3, issue };
      await app.repos.issues.create(J, { ...key, frequency: 'march' });
      // The issue's first adds (no bound yet), then adds past what those stored (its bound read).
      for (const from of [0, 100]) {
        const answers = await Promise.all(
          Array.from({ length: 5 }, (_, i) => {
            const ref = `${30000 + issue * 1000 + from + i}`;
            const pages = `${from + i * 5 + 1}-${from + i * 5 + 10}`;
            return postArticle(app, J, token, { ...key, refnumber: ref, pagenumber: pages, title: `Overlap ${ref}`, keywords: 'overlap', txnid: `OVL${ref}` }, pdf);
          }),
        );
        expect(answers.map((a) => (a.status === 201 ? 201 : `${a.status} ${a.body.error}`)).filter((a) => a !== 201 && a !== '400 invalid_pagenumber')).toEqual([]);
        expect(answers.filter((a) => a.status === 201).length).toBeGreaterThan(0);
      }
      const stored = (await app.repos.articles.listByJournals([J])).get(J)!.filter((a) => a.year === 2027 && a.volume === 3 && a.issue === issue);
      const ranges = stored.map((a) => [a.pageStart!, a.pageEnd!] as const).sort((a, b) => a[0] - b[0]);
      expect(ranges.filter(([first], i) => i > 0 && first <= ranges[i - 1]![1])).toEqual([]);
    }
  });

  test("an add whose raise of the issue's bound fails takes its pending article back: the editor's next try is stored", async () => {
    const key = { year: 2027, volume: 4, issue: 1 };
    await app.repos.issues.create(J, { ...key, frequency: 'march' });
    const fields = { ...key, refnumber: '38001', pagenumber: '1-8', title: 'Raise fails once', keywords: 'raise', txnid: 'RAISE38001' };
    const pdf = await makePdf('Raise fails once');
    // The database failing between the article's pending record and the raise of its issue's bound.
    const raise = jest.spyOn(app.repos.articles, 'raisePagesFrom').mockRejectedValueOnce(new Error('connection closed'));
    try {
      expect((await postArticle(app, J, staffToken(J), fields, pdf)).status).toBeGreaterThanOrEqual(500);
    } finally {
      raise.mockRestore();
    }
    expect(await app.repos.articles.findConflicts(J, { refnumber: fields.refnumber })).toEqual([]);
    const again = await postArticle(app, J, staffToken(J), fields, pdf);
    expect([again.status, again.body.refnumber]).toEqual([201, fields.refnumber]);
  });

  test('adds one after another in page order: their marks are folded as they go, the bound kept', async () => {
    const key = { year: 2026, volume: 9, issue: 1 };
    await app.repos.issues.create(J, { ...key, frequency: 'march' });
    const marks = app.conn.collection('article_issue_page_marks');
    for (let i = 0; i < 30; i++) {
      expect(await app.repos.articles.lastPageFor(J, key, i * 10 + 1)).toBe(i * 10);
      await app.repos.articles.create(J, { ...article(1, i), volume: 9, refnumber: `9${String(i).padStart(3, '0')}`, txnid: `FOLD${i}`, title: `Folded paper ${i}` });
    }
    await eventually(async () => expect(await marks.countDocuments({ issue: `${J}:2026/9/1` })).toBeLessThanOrEqual(10));
    expect(await app.repos.articles.lastPageFor(J, key, 291)).toBe(300);
    expect(await app.repos.articles.lastPageFor(J, key, 301)).toBe(300);
  });

  test('a bound brought down after a deletion keeps the raises made meanwhile', async () => {
    const key = { year: 2026, volume: 8, issue: 1 };
    await app.repos.issues.create(J, { ...key, frequency: 'march' });
    const first = await app.repos.articles.create(J, { ...article(1, 0), volume: 8, refnumber: '8100', txnid: 'LOST8-0', title: 'Down paper 0', pagenumber: '1-50' });
    expect(await app.repos.articles.lastPageFor(J, key, 51)).toBe(50);
    await app.repos.articles.remove(J, first.id, { tombstone: false });
    // The bring-down (a first page under the bound reads the articles) and adds past the old bound, at once.
    const [down] = await Promise.all([
      app.repos.articles.lastPageFor(J, key, 1),
      ...Array.from({ length: 6 }, (_, i) => app.repos.articles.create(J, { ...article(1, i + 1), volume: 8, refnumber: `810${i + 1}`, txnid: `LOST8-${i + 1}`, title: `Down paper ${i + 1}`, pagenumber: `${60 + i * 10}-${69 + i * 10}` })),
    ]);
    expect(down).toBeLessThanOrEqual(119);
    expect(await app.repos.articles.lastPageFor(J, key, 119)).toBe(119);
  });

  test("a raise from a bound read before a bring-down is refused: the mark numbers the bring-down removed are not taken again", async () => {
    const key = { year: 2026, volume: 6, issue: 1 };
    await app.repos.issues.create(J, { ...key, frequency: 'march' });
    const pending = (i: number, pagenumber: string) =>
      app.repos.articles.createPending(J, { ...article(1, i), volume: 6, refnumber: `610${i}`, txnid: `LOST6-${i}`, title: `Number paper ${i}`, pagenumber }, { fileId: new mongo.ObjectId().toHexString(), length: 1 }, true);
    // X's check reads the empty issue's bound; before X raises it, Y's add passes its own check on
    // the same bound and raises it first (Y's mark takes the number X's raise would take).
    const x = await app.repos.articles.lastPageAt(J, key, 5);
    const y = await pending(1, '1-10');
    expect(await app.repos.articles.raisePagesFrom(J, y, x.version)).toBe(true);
    // An article stored and removed leaves the bound above the issue's last page: a check under it
    // brings the bound down, its new mark written and the marks it read (Y's among them) removed.
    const gone = await app.repos.articles.create(J, { ...article(1, 2), volume: 6, refnumber: '6102', txnid: 'LOST6-2', title: 'Number paper 2', pagenumber: '11-30' });
    await app.repos.articles.remove(J, gone.id, { tombstone: false });
    expect(await app.repos.articles.lastPageFor(J, key, 11)).toBe(10);
    // X's raise from the bound it read is outrun by Y's, whose mark is gone by now: refused, so X
    // checks again and is refused on Y's pages.
    const xa = await pending(3, '5-15');
    expect(await app.repos.articles.raisePagesFrom(J, xa, x.version)).toBe(false);
    expect((await app.repos.articles.lastPageAt(J, key, 5, xa.id)).last).toBe(10);
  });
});

describe('an author sending the same form twice at once', () => {
  async function inRevision(email: string): Promise<{ id: string; token: string }> {
    const req = request(app.url)
      .post('/api/submissions')
      .set({ 'x-journal-id': J, 'x-client-ip': `192.0.2.${++ip}`, 'x-journal-host': HOST, accept: 'application/json' });
    const form = { given: 'Asha', family: 'Rao', email, mobile: '+91 98765 43210', country: 'India', affiliation: 'Delhi', title: `Twice ${email}`, abstract: 'Sent twice.', keywords: 'race', subject: 'Computing', declaration: 'on' };
    for (const [k, v] of Object.entries(form)) req.field(k, v);
    req.attach('manuscript', makeDocx(), 'paper.docx');
    const token = (await req.expect(201)).body.token as string;
    const id = (await request(app.url).get(`/api/admin/submissions?q=${email}`).set(staff()).expect(200)).body.items[0].id as string;
    for (const to of ['under_review', 'revision_requested']) await request(app.url).post(`/api/admin/submissions/${id}/decision`).set(staff()).send({ to, message: '' }).expect(200);
    return { id, token };
  }

  /** The files stored for the submission, whichever record names them. */
  const storedFiles = (id: string) =>
    app.conn
      .collection('submission_files.files')
      .find({ 'metadata.submissionId': id })
      .toArray()
      .then((fs) => fs.map((f) => String(f._id)).sort());

  test("revisions at once: one recorded, the others 409, and no loser's file left stored", async () => {
    const pdf = await makePdf('Version two');
    for (const n of [1, 2]) {
      const { id, token } = await inRevision(`twice${n}@example.org`);
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => request(app.url).post(`/api/submissions/status/${token}/revision`).set('x-journal-id', J).field('message', 'Shortened').attach('manuscript', pdf, 'v2.pdf')),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
      const s = (await pod.repo.findById(J, id))!;
      expect(s.manuscripts.map((m) => m.version)).toEqual([1, 2]);
      // Every stored file is one the submission names, and each it names is stored.
      expect(await storedFiles(id)).toEqual(s.manuscripts.map((m) => m.fileId).sort());
      expect(await app.conn.collection('submission_files.chunks').countDocuments({ files_id: { $in: (await storedFiles(id)).map((f) => new mongo.ObjectId(f)) } })).toBeGreaterThan(0);
    }
  });
});

describe("a journal's hosts and settings changed at once", () => {
  test('hosts added while one is made primary and the settings saved: every change kept, or refused as changed', async () => {
    for (const round of [1, 2, 3]) {
      const id = await makeJournal(app, `hosts${round}`);
      const start = (await app.journals.findById(id))!.hosts;
      const added = Array.from({ length: 4 }, (_, i) => `h${i}.hosts${round}.test`);
      const [primary] = await Promise.all([
        app.journals.setPrimaryHost(id, start, start[0]!).then(() => app.journals.addHost(id, 'first.test')).then((j) => app.journals.setPrimaryHost(id, j!.hosts, 'first.test')),
        ...added.map((h) => app.journals.addHost(id, h)),
        app.journals.update(id, { websitename: `Saved ${round}` }),
      ]);
      const j = (await app.journals.findById(id))!;
      expect([...j.hosts].sort()).toEqual([...start, ...added, 'first.test'].sort());
      expect(j.websitename).toBe(`Saved ${round}`);
      // Made primary only from the hosts it read; refused (null) when another change came first.
      if (primary) expect(j.hosts[0]).toBe('first.test');
      expect(j).not.toHaveProperty('rev');
    }
  });
});

describe('a complete month of usage stored again while a late hit marks it', () => {
  test('the mark is never written over: the month stays stale, to be read again', async () => {
    const months = Array.from({ length: 12 }, (_, i) => `${2000 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`);
    await Promise.all(months.map(async (month) => expect(await app.repos.stats.storeItemMonth(J, month, [], null, undefined)).toBe(true)));
    // Per month, stores of counts read before the hits (at the generation read then) and the hits' marks, at once.
    await Promise.all(
      months.map(async (month) => {
        const { gens } = await app.repos.stats.storedItemMonths(J, [month]);
        const store = () => app.repos.stats.storeItemMonth(J, month, [], null, gens.get(month));
        const mark = () => app.repos.stats.markItemMonths([{ journalId: J, month }]);
        // Spread over a few milliseconds, so that a mark meets stores at every step of theirs.
        const later = <T>(ms: number, f: () => Promise<T>) => new Promise<T>((ok, no) => setTimeout(() => f().then(ok, no), ms));
        await Promise.all([...Array.from({ length: 24 }, (_, i) => later(i % 6, store)), ...[1, 2, 3, 4].map((ms) => later(ms, mark))]);
      }),
    );
    const left = await app.repos.stats.itemMonths.find({ journalId: J, inst: '', month: { $in: months } }).lean();
    expect(left.filter((d) => !d.stale).map((d) => d.month)).toEqual([]);
  });
});

describe("a message's writes by its claim token beside a claim of it", () => {
  test("a lapsed sender's late write and another sender's claim: one of them, never both", async () => {
    // On a database of its own: the mail worker beside these tests would take the messages otherwise.
    const conn = await mongoose.createConnection(testServers().mongoUrl, { dbName: uniqueName('mailrace') }).asPromise();
    const repo = new MailRepo(conn);
    await repo.init();
    const journal = String(new mongoose.Types.ObjectId());
    const message = async () =>
      (
        await repo.insertOnce(
          { journalId: journal, key: uniqueName('k'), event: 'withdrawn', submissionId: 'sub-race', to: { name: '', email: 'race@example.org' }, cc: [], vars: { link: 'private' }, subject: 's', attachments: [], links: [] },
          (id) => `<${id}@t>`,
        )
      ).record.id;
    /** A message whose sender took it and whose lease ran out: another sender may claim it now. */
    const lapsed = async () => {
      const id = await message();
      const hold = await repo.claim(journal, id, 'lapsed', new Date(Date.now() - 5000), new Date(Date.now() - 1000));
      expect(hold).not.toBeNull();
      return { id, hold: hold! };
    };
    const writes = {
      markDataEnd: async () => {
        const { id, hold } = await lapsed();
        return { id, late: () => repo.markDataEnd(journal, id, hold) };
      },
      markSent: async () => {
        const { id, hold } = await lapsed();
        return { id, late: () => repo.markSent(journal, id, hold, [], 's') };
      },
      release: async () => {
        const { id, hold } = await lapsed();
        return { id, late: () => repo.release(journal, id, hold, 'timeout', false) };
      },
      // The queue giving up on a queued message while a sender claims it.
      fail: async () => {
        const id = await message();
        return { id, late: () => repo.fail(journal, id, 'gave up', 60_000) };
      },
    };
    const wrong: string[] = [];
    for (const [name, ready] of Object.entries(writes)) {
      // Many messages at once, so that the database meets the two writes at every step of each other.
      await Promise.all(
        Array.from({ length: 20 }, async () => {
          const { id, late } = await ready();
          const now = new Date();
          const [wrote, hold] = await Promise.all([late(), repo.claim(journal, id, 'next', now, new Date(now.getTime() + 60_000))]);
          const claimed = !!hold;
          const r = (await repo.get(journal, id))!;
          // At most one passes (a release may pass before the claim: queued, then claimed), and the
          // record is what the last that passed wrote.
          if (wrote && claimed && name !== 'release') wrong.push(`${name}: both passed, left ${r.state} by ${r.claim || 'none'}`);
          else if (claimed && !(r.state === 'sending' && r.claim === 'next' && !r.dataEnd)) wrong.push(`${name}: claimed, left ${r.state} by ${r.claim || 'none'}`);
          else if (!claimed && r.claim === 'next') wrong.push(`${name}: refused claim written`);
        }),
      );
    }
    expect(wrong).toEqual([]);
    await conn.dropDatabase();
    await conn.close();
  });
});

describe('publications of submissions into one issue at once, and beside a staff add', () => {
  /** A submission made paid (its fee waived), its manuscript a PDF: "Publish" makes the article from it. */
  async function paid(email: string, pdf: Buffer): Promise<string> {
    const req = request(app.url)
      .post('/api/submissions')
      .set({ 'x-journal-id': J, 'x-client-ip': `192.0.2.${++ip}`, 'x-journal-host': HOST, accept: 'application/json' });
    const form = { given: 'Asha', family: 'Rao', email, mobile: '+91 98765 43210', country: 'India', affiliation: 'Delhi', title: `Published at once ${email}`, abstract: 'Published at once.', keywords: 'race', subject: 'Computing', declaration: 'on' };
    for (const [k, v] of Object.entries(form)) req.field(k, v);
    await req.attach('manuscript', pdf, 'paper.pdf').expect(201);
    const id = (await request(app.url).get(`/api/admin/submissions?q=${email}`).set(staff()).expect(200)).body.items[0].id as string;
    for (const to of ['under_review', 'accepted']) await request(app.url).post(`/api/admin/submissions/${id}/decision`).set(staff()).send({ to, message: '' }).expect(200);
    await request(app.url).post(`/api/admin/submissions/${id}/payment`).set(staff()).send({ action: 'waive' }).expect(200);
    return id;
  }
  const detail = async (id: string) => (await request(app.url).get(`/api/admin/submissions/${id}`).set(staff()).expect(200)).body;
  const publish = (id: string, fields: Record<string, unknown>) => request(app.url).post(`/api/admin/submissions/${id}/publish`).set(staff()).send(fields);

  test('the stored pages never overlap; a refused publication leaves its submission paid, published later from the proposal as it moved on', async () => {
    const pdf = await makePdf('Published paper');
    const token = staffToken(J);
    for (const issue of [1, 2]) {
      // The journal's newest issue, so that "Publish" proposes it (made as staff make it: the
      // proposal takes the newest issue from the journal's head view, which the add announces to).
      const key = { year: 2031, volume: 2, issue };
      await request(app.url).post('/api/admin/create-issue').set(staff()).send({ ...key, frequency: 'march' }).expect(201);
      const ids = await Promise.all(Array.from({ length: 5 }, (_, i) => paid(`pub${issue}-${i}@example.org`, pdf)));
      // Two staff who opened two submissions see the same proposal; others typed overlapping pages.
      const proposal = (await detail(ids[0]!)).proposal;
      expect(proposal).toMatchObject({ ...key, pagenumber: '1-10' });
      const ref = (i: number) => `${41000 + issue * 100 + i}`;
      const answers = await Promise.all([
        ...ids.map((id, i) => publish(id, { ...proposal, refnumber: ref(i), ...(i < 2 ? {} : { pagenumber: `${i * 3 + 1}-${i * 3 + 12}` }) })),
        postArticle(app, J, token, { ...key, refnumber: ref(9), pagenumber: '5-14', title: `Added beside ${ref(9)}`, keywords: 'beside', txnid: `PUB${ref(9)}` }, pdf),
      ]);
      const outcome = answers.map((a) => (a.status === 200 || a.status === 201 ? 'stored' : `${a.status} ${a.body.error}`));
      expect(outcome.filter((o) => o !== 'stored' && o !== '400 invalid_pagenumber')).toEqual([]);
      expect(outcome.filter((o) => o === 'stored').length).toBeGreaterThan(0);
      const inIssue = async () =>
        (await app.repos.articles.listByJournals([J])).get(J)!.filter((a) => a.year === key.year && a.volume === key.volume && a.issue === key.issue);
      const overlaps = async () => {
        const ranges = (await inIssue()).map((a) => [a.pageStart!, a.pageEnd!] as const).sort((a, b) => a[0] - b[0]);
        return ranges.filter(([first], i) => i > 0 && first <= ranges[i - 1]![1]);
      };
      expect(await overlaps()).toEqual([]);
      // A refused publication moved nothing and left no article (nor a pending one holding its reference).
      const refused = ids.filter((_, i) => outcome[i] !== 'stored');
      for (const [i, id] of ids.entries()) {
        const d = await detail(id);
        expect(outcome[i] === 'stored' ? [d.status, d.article?.refnumber] : [d.status, d.article ?? null]).toEqual(outcome[i] === 'stored' ? ['published', ref(i)] : ['paid', null]);
        if (outcome[i] !== 'stored') expect(await app.repos.articles.findConflicts(J, { refnumber: ref(i) })).toEqual([]);
      }
      // Each refused one is published from the proposal as it stands now: past every stored page.
      for (const id of refused) {
        const now = (await detail(id)).proposal;
        await publish(id, { ...now, refnumber: ref(ids.indexOf(id)) }).expect(200);
      }
      expect((await inIssue()).length).toBe(outcome.filter((o) => o === 'stored').length + refused.length);
      expect(await overlaps()).toEqual([]);
    }
  });
});
