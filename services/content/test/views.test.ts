import mongoose, { mongo } from 'mongoose';
import request from 'supertest';
import { eventually, staffToken } from '@journal/testing';
import { isPublicArticle, isTombstone, byPageStart, type Article } from '../src/archives/article.repo';
import { byIssueDesc } from '../src/archives/issue.repo';
import { assetPath, versionedUrl } from '../src/files/file-store';
import { toDetail, toSummary } from '../src/views/article-shapes';
import { viewId } from '../src/views/view-docs';
import { listedIssues } from '../src/views/view-build';
import { viewBodyOf } from '../src/views/view.repo';
import { cacheTag } from '../src/views/cache-tags';
import { rebuildAllViews, rebuildJournalViews } from '../src/views/views-rebuild';
import { rebuildWithWriteDuring } from './rebuild-during';
import { runCli, type CliIo } from '@journal/server-kit';
import { viewsCommands } from '../src/cli/views.commands';
import { publicGet, startContent, startDemoReplicas, stopContent, type TestContentApp } from './helpers';

// Seeds demo databases and starts several replicas: slow on a shared machine.
jest.setTimeout(240_000);

type App = TestContentApp;

let a: App;
let b: App;
let journals: { id: string; slug: string }[];
let demo: string;

const pub = publicGet;

beforeAll(async () => {
  ({ journals, apps: [a, b] } = await startDemoReplicas({}, {}));
  demo = journals.find((j) => j.slug === 'demo')!.id;
});
afterAll(async () => {
  await b?.stop();
  await stopContent(a);
});

/**
 * The public answers recomputed plainly from the stored documents, the way the service answered
 * before views existed: every public article of the journal read and grouped.
 */
async function plain(app: App, jid: string) {
  const [articles, issues, editors, versions] = await Promise.all([
    app.repos.articles.list(jid),
    app.repos.issues.list(jid),
    app.repos.editors.list(jid),
    app.files.versionsByJournal(jid),
  ]);
  const files = versions.get(jid) ?? new Map<string, string>();
  const month = (a: Article) => a.frequency || issues.find((i) => i.year === a.year && i.volume === a.volume && i.issue === a.issue)?.frequency || '';
  const pdf = (a: Article) => (a.file ? versionedUrl(assetPath.article(a.year, a.volume, a.issue, a.file), files.get(assetPath.article(a.year, a.volume, a.issue, a.file))) : null);
  const listed = articles.filter(isPublicArticle).sort((x, y) => byIssueDesc(x, y) || byPageStart(x, y));
  const summary = (a: Article) => ({ ...toSummary({ ...a, frequency: month(a) }), pdf_url: pdf(a) });
  const byIssue = new Map<string, ReturnType<typeof summary>[]>();
  for (const a of listed) {
    const k = `${a.year}/${a.volume}/${a.issue}`;
    byIssue.set(k, [...(byIssue.get(k) ?? []), summary(a)]);
  }
  const years: { year: number; volume: number; total_issues: number; issue_month: Record<string, string>; issues: unknown[] }[] = [];
  for (const [k, list] of byIssue) {
    const [year, volume, issue] = k.split('/').map(Number) as [number, number, number];
    let y = years.find((x) => x.year === year);
    if (!y) years.push((y = { year, volume, total_issues: 0, issue_month: {}, issues: [] }));
    y.volume = Math.max(y.volume, volume);
    y.total_issues++;
    if (list[0]!.frequency && !(String(issue) in y.issue_month)) y.issue_month[String(issue)] = list[0]!.frequency;
    y.issues.push({ volume, issue, month: list[0]!.frequency, articles: list.length });
  }
  const details = new Map<string, unknown>();
  for (const a of articles) {
    if (isPublicArticle(a)) details.set(a.refnumber, { ...toDetail({ ...a, frequency: month(a) }), pdf_url: pdf(a) });
    else if (isTombstone(a)) details.set(a.refnumber, { ...toDetail({ ...a, frequency: month(a) }), abstract: '', file: '', pdf_url: null });
  }
  return {
    byIssue,
    years: years.sort((x, y) => y.year - x.year),
    details,
    hidden: articles.filter((a) => a.refnumber && !isPublicArticle(a) && !isTombstone(a)).map((a) => a.refnumber),
    editors: editors.filter((e) => e.status === 'enabled').map((e) => e.id),
  };
}

/** Every public JSON answer of the journal from `app` against the plain recomputation. */
async function expectAnswersMatch(app: App, jid: string) {
  const want = await plain(app, jid);
  expect(want.byIssue.size).toBeGreaterThan(0);
  expect((await pub(app, jid, '/api/archives/').expect(200)).body).toEqual(want.years);
  for (const [k, list] of want.byIssue) expect({ k, list: (await pub(app, jid, `/api/archives/${k}`).expect(200)).body }).toEqual({ k, list });
  for (const [ref, detail] of want.details) expect({ ref, detail: (await pub(app, jid, `/api/archives/ref/${ref}`).expect(200)).body }).toEqual({ ref, detail });
  for (const ref of want.hidden) expect({ ref, status: (await pub(app, jid, `/api/archives/ref/${ref}`)).status }).toEqual({ ref, status: 404 });
  const editors = (await pub(app, jid, '/api/editors/').expect(200)).body as { id: string }[];
  expect(editors.map((e) => e.id).sort()).toEqual([...want.editors].sort());
}

describe('start-up', () => {
  test('a replica is ready without reading any journal: no view, article, issue or editor is read before a request', async () => {
    const reads: string[] = [];
    mongoose.set('debug', (collection: string, method: string, query: unknown) => {
      if (/^(find|findOne|aggregate|countDocuments)$/.test(method)) reads.push(`${collection}.${method}:${JSON.stringify(query ?? {})}`);
    });
    let late: App | undefined;
    try {
      late = await startContent({ MONGO_DB: a.config.MONGO_DB, REDIS_PREFIX: a.config.REDIS_PREFIX });
      expect(late.cache.ready).toBe(true);
      // Only the one-off migration markers are read (by id); no article, issue, editor, file or view.
      expect(reads.filter((r) => !r.startsWith('content_migrations.findOne'))).toEqual([]);
      expect(late.views.repo.reads).toBe(0);
      expect(late.cache.size).toBe(0);
      // And it answers at once: the first read takes the journal's views by id.
      expect((await pub(late, demo, '/api/archives/').expect(200)).body.length).toBeGreaterThan(0);
      expect(late.views.repo.reads).toBeGreaterThan(0);
    } finally {
      mongoose.set('debug', false);
      await late?.stop();
    }
  });

  test("a fresh replica's first read of an issue takes that issue's view alone, not the journal's head", async () => {
    const [key] = (await plain(a, demo)).byIssue.keys();
    const late = await startContent({ MONGO_DB: a.config.MONGO_DB, REDIS_PREFIX: a.config.REDIS_PREFIX });
    try {
      expect((await pub(late, demo, `/api/archives/${key}`).expect(200)).body.length).toBeGreaterThan(0);
      expect(late.views.repo.reads).toBe(1);
      // A made-up issue: its absent view, then the head; the head held then answers the next one without a read.
      expect((await pub(late, demo, '/api/archives/1901/1/1').expect(200)).body).toEqual([]);
      expect(late.views.repo.reads).toBe(3);
      expect((await pub(late, demo, '/api/archives/1901/1/2').expect(200)).body).toEqual([]);
      expect(late.views.repo.reads).toBe(3);
    } finally {
      await late.stop();
    }
  });
});

describe('views built from the stored documents', () => {
  test('every public answer of every demo journal equals the plain recomputation', async () => {
    for (const j of journals) await expectAnswersMatch(a, j.id);
  });

  test('the same after `jp views rebuild` from scratch (views dropped)', async () => {
    await a.views.repo.clear();
    // Every journal at once, as `jp views rebuild` without --journal does: documents read a group at a time.
    const results = await rebuildAllViews(a.views, journals.map((j) => j.id), { logger: a.deps.logger, groupArticles: 1 });
    expect([...results.values()].map((r) => r.status)).toEqual(journals.map(() => 'done'));
    for (const j of journals) await a.publisher.announceAll(j.id);
    for (const j of journals) await expectAnswersMatch(a, j.id);
  });

  test('with no views at all, each view is built on read and the answers are the same', async () => {
    await a.views.repo.clear();
    for (const j of journals) await a.publisher.announceAll(j.id);
    await a.cache.feed.settled(demo);
    for (const j of journals) await expectAnswersMatch(a, j.id);
    // Built on read, and stored: the head is there again.
    expect(await a.views.repo.collectionOf(viewId.head(demo)).countDocuments({ _id: viewId.head(demo) })).toBe(1);
    for (const j of journals) expect((await rebuildJournalViews(a.views, j.id, { logger: a.deps.logger })).status).toBe('done');
    for (const j of journals) await a.publisher.announceAll(j.id);
  });
});

describe('jp views rebuild', () => {
  const jp = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIo = { out: (t) => out.push(t), err: (t) => err.push(t), readStdin: async () => '' };
    const deps = async () => ({ journals: a.repos.journals, store: a.views, publisher: a.publisher, logger: a.deps.logger, tty: false });
    const code = await runCli(viewsCommands(deps), argv, io);
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  test('rebuilds one journal by slug, or every journal, and says what it did', async () => {
    const one = await jp('views', 'rebuild', '--journal', 'demo');
    expect(one.code).toBe(0);
    expect(one.out).toMatch(/^demo\s+done\s+\d+ articles/);
    const all = await jp('views', 'rebuild', '--json');
    expect(all.code).toBe(0);
    const parsed = JSON.parse(all.out) as { journals: { slug: string; status: string }[] };
    expect(parsed.journals.map((j) => j.slug).sort()).toEqual(journals.map((j) => j.slug).sort());
    expect(parsed.journals.every((j) => j.status === 'done')).toBe(true);
    await expectAnswersMatch(a, demo);
  });

  test('an unknown slug is refused', async () => {
    const r = await jp('views', 'rebuild', '--journal', 'no-such-journal');
    expect(r.code).not.toBe(0);
    expect(r.err).toContain('No journal with the slug no-such-journal');
  });
});

describe('two content processes on one database', () => {
  test('a write on one is seen by the other on its next read', async () => {
    const token = staffToken(demo);
    const before = (await pub(b, demo, '/api/editors/').expect(200)).body as { name: string }[];
    expect(before.map((e) => e.name)).not.toContain('Dr. Two Processes');
    await request(a.url)
      .post('/api/editors')
      .set({ 'x-journal-id': demo, authorization: `Bearer ${token}` })
      .field('name', 'Dr. Two Processes')
      .field('category', 'chief editor')
      .field('post', 'Professor')
      .field('content', 'A University')
      .expect(201);
    await eventually(async () => expect(((await pub(b, demo, '/api/editors/').expect(200)).body as { name: string }[]).map((e) => e.name)).toContain('Dr. Two Processes'));
    await expectAnswersMatch(b, demo);
  });
});

describe('the change publisher', () => {
  test('hands the cache tags of what a write touched to its listeners, and tells the article listener', async () => {
    const published: { journalId: string; tags: string[] }[] = [];
    const articles: (string | null)[] = [];
    const off = a.publisher.onPublished((c) => {
      published.push(c);
    });
    a.publisher.onArticle((_j, changes) => {
      for (const c of changes) articles.push(c.entry ? c.article!.refnumber : null);
    });
    try {
      const art = (await a.repos.articles.list(demo)).find(isPublicArticle)!;
      await a.repos.articles.update(demo, art.id, { title: 'Tagged title' });
      await a.publisher.changed(demo, [{ t: 'article', id: art.id }]);
      expect(published).toHaveLength(1);
      expect(published[0]!.journalId).toBe(demo);
      expect(published[0]!.tags).toEqual(
        expect.arrayContaining([cacheTag.article(demo, art.refnumber), cacheTag.issue(demo, art), cacheTag.lists(demo)]),
      );
      // A title edited in place changes no issue's count or month: the layout of every page stays cached.
      expect(published[0]!.tags).not.toContain(cacheTag.head(demo));
      expect(articles).toEqual([art.refnumber]);
      const e = (await a.repos.editors.list(demo))[0]!;
      await a.publisher.changed(demo, [{ t: 'editor', id: e.id }]);
      expect(published[1]!.tags).toEqual([cacheTag.head(demo)]);
      await a.publisher.invalidate(demo);
      expect(published[2]!.tags).toEqual([cacheTag.journal(demo)]);
      expect((await pub(a, demo, `/api/archives/ref/${art.refnumber}`).expect(200)).body.title).toBe('Tagged title');
    } finally {
      off();
    }
  });
});

describe('an issue write', () => {
  test('purges only what shows the issue: its articles when their month moves, nothing for an issue no reader sees', async () => {
    const published: string[][] = [];
    const off = a.publisher.onPublished((c) => {
      published.push(c.tags);
    });
    try {
      const art = (await a.repos.articles.list(demo)).find(isPublicArticle)!;
      // The article shows its issue's month.
      await a.repos.articles.update(demo, art.id, { frequency: '' });
      await a.publisher.changed(demo, [{ t: 'article', id: art.id }]);
      const issue = (await a.repos.issues.find(demo, art.year, art.volume, art.issue)) ?? (await a.repos.issues.create(demo, { year: art.year, volume: art.volume, issue: art.issue, frequency: 'january' }));
      await a.repos.issues.update(demo, issue.id, { frequency: 'tagged month' });
      await a.publisher.changed(demo, [{ t: 'issue', id: issue.id }]);
      expect(published[1]).toEqual(expect.arrayContaining([cacheTag.issue(demo, art), cacheTag.article(demo, art.refnumber), cacheTag.lists(demo)]));
      // Settings, editors and the journal's other pages stay cached.
      expect(published[1]).not.toContain(cacheTag.head(demo));
      expect((await pub(a, demo, `/api/archives/ref/${art.refnumber}`).expect(200)).body.frequency).toBe('tagged month');
      // Saved again unchanged: no reader's answer changes.
      await a.publisher.changed(demo, [{ t: 'issue', id: issue.id }]);
      expect(published[2]).toEqual([]);
      // An issue with no article is listed nowhere public.
      const empty = await a.repos.issues.create(demo, { year: 2098, volume: 7, issue: 7, frequency: 'may' });
      await a.publisher.changed(demo, [{ t: 'issue', id: empty.id }]);
      expect(published[3]).toEqual([]);
      await expectAnswersMatch(a, demo);
    } finally {
      off();
    }
  });
});

describe('the memory budget', () => {
  test('a tiny budget evicts, and every answer stays correct', async () => {
    const tiny = await startContent({ MONGO_DB: a.config.MONGO_DB, REDIS_PREFIX: a.config.REDIS_PREFIX, CACHE_MAX_MB: 1 });
    try {
      for (let round = 0; round < 2; round++) for (const j of journals) await expectAnswersMatch(tiny, j.id);
      expect(tiny.cache.bytes).toBeLessThanOrEqual(1024 * 1024);
      // The second round read views again: what the first held did not all fit.
      expect(tiny.cache.misses).toBeGreaterThan(0);
    } finally {
      await tiny.stop();
    }
  });
});

describe('what the cache holds', () => {
  test('issue views are held packed: counted at a fraction of their JSON, and each use gets its own copy', async () => {
    const fresh = await startContent({ MONGO_DB: a.config.MONGO_DB, REDIS_PREFIX: a.config.REDIS_PREFIX });
    try {
      const key = listedIssues(await fresh.views.head(demo))[0]!;
      const before = fresh.cache.bytes;
      const first = await fresh.views.issue(demo, key);
      const held = fresh.cache.bytes - before;
      expect(first.articles.length).toBeGreaterThan(0);
      expect(held).toBeLessThan(JSON.stringify(first).length);
      // A reader changing what it was given changes nothing held.
      const count = first.articles.length;
      first.articles.length = 0;
      expect((await fresh.views.issue(demo, key)).articles).toHaveLength(count);
      expect(fresh.cache.bytes - before).toBe(held);
    } finally {
      await fresh.stop();
    }
  });
});

describe('tenancy', () => {
  test('a view of one journal is never served for another', async () => {
    const other = journals.find((j) => j.id !== demo)!.id;
    const want = await plain(a, demo);
    const ownRefs = new Set((await a.repos.articles.list(other)).map((x) => x.refnumber));
    const ref = [...want.details.keys()].find((r) => !ownRefs.has(r))!;
    expect((await pub(a, demo, `/api/archives/ref/${ref}`)).status).toBe(200);
    expect((await pub(a, other, `/api/archives/ref/${ref}`)).status).toBe(404);
    // A view document copied under the other journal's id, still marked as the first's, is not answered.
    const doc = await a.views.repo.collectionOf(viewId.article(demo, ref)).findOne({ _id: viewId.article(demo, ref) });
    await a.views.repo.collectionOf(viewId.article(other, ref)).insertOne({ ...doc!, _id: viewId.article(other, ref) });
    await a.publisher.announceAll(other);
    expect((await pub(a, other, `/api/archives/ref/${ref}`)).status).toBe(404);
    await a.views.repo.collectionOf(viewId.article(other, ref)).deleteOne({ _id: viewId.article(other, ref) });
  });
});

describe('bad input', () => {
  test('a view document that fails its schema is built again on read: the answer is right, never a 500', async () => {
    const want = await plain(a, demo);
    const [key] = [...want.byIssue.keys()];
    const at = (id: string) => a.views.repo.collectionOf(id);
    // Stored as views were before they were compressed (`b`), and as garbage where `z` should be brotli.
    await at(viewId.issue(demo, key!)).updateOne({ _id: viewId.issue(demo, key!) }, { $set: { b: '{"key":{"year":"x"},"articles":7}' }, $unset: { z: '' } });
    await at(viewId.head(demo)).updateOne({ _id: viewId.head(demo) }, { $set: { b: 'not json' }, $unset: { z: '' } });
    const ref = [...want.details.keys()][0]!;
    await at(viewId.article(demo, ref)).updateOne({ _id: viewId.article(demo, ref) }, { $set: { z: new mongo.Binary(Buffer.from('not brotli')) } });
    await a.publisher.announceAll(demo);
    await expectAnswersMatch(a, demo);
  });

  test("an issue view stored by an earlier release, its entries carrying their search text, answers without it", async () => {
    const [key] = [...(await plain(a, demo)).byIssue.keys()];
    const id = viewId.issue(demo, key!);
    const stored = await a.views.repo.collectionOf(id).findOne({ _id: id });
    const view = JSON.parse(viewBodyOf(stored!)!.json) as { articles: Record<string, unknown>[] };
    for (const e of view.articles) e.hay = 'the search text of an earlier release';
    // Written as views were stored then: JSON in `b`.
    await a.views.repo.collectionOf(id).updateOne({ _id: id }, { $set: { b: JSON.stringify(view) }, $unset: { z: '' } });
    await a.publisher.announceAll(demo);
    await expectAnswersMatch(a, demo);
  });

  test('a rebuild interrupted half way resumes where it stopped', async () => {
    const first = await rebuildJournalViews(a.views, demo, { logger: a.deps.logger, batch: 2, stopAfter: 4 });
    expect(first.status).toBe('interrupted');
    expect(first.written).toBe(4);
    const second = await rebuildJournalViews(a.views, demo, { logger: a.deps.logger, batch: 2 });
    expect(second.status).toBe('done');
    expect(second.written).toBe(first.articles - 4);
    await a.publisher.announceAll(demo);
    await expectAnswersMatch(a, demo);
  });

  test('two rebuilds at once: one runs, the other is told the journal is busy', async () => {
    const results = await Promise.all([
      rebuildJournalViews(a.views, demo, { logger: a.deps.logger, batch: 2 }),
      rebuildJournalViews(b.views, demo, { logger: b.deps.logger, batch: 2 }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['busy', 'done']);
    await a.publisher.announceAll(demo);
    await expectAnswersMatch(a, demo);
  });

  test('an admin write during a rebuild wins: the rebuild reads again and never overwrites the newer view', async () => {
    const target = (await a.repos.articles.list(demo)).find(isPublicArticle)!;
    const r = await rebuildWithWriteDuring(a, demo, async () => {
      await a.repos.articles.update(demo, target.id, { title: 'Written during the rebuild' });
      await b.publisher.changed(demo, [{ t: 'article', id: target.id }]);
    });
    expect(r.status).toBe('done');
    expect(r.passes).toBeGreaterThan(1);
    await a.publisher.announceAll(demo);
    expect((await pub(a, demo, `/api/archives/ref/${target.refnumber}`).expect(200)).body.title).toBe('Written during the rebuild');
    await expectAnswersMatch(a, demo);
    await expectAnswersMatch(b, demo);
  });

  test('an issue the archive does not list, and an unknown reference, are answered without a read', async () => {
    await pub(a, demo, '/api/archives/').expect(200);
    const before = a.views.repo.reads;
    expect((await pub(a, demo, '/api/archives/1901/1/1').expect(200)).body).toEqual([]);
    expect((await pub(a, demo, '/api/archives/ref/NO-SUCH-REF')).status).toBe(404);
    // The unknown reference costs one read by id (its view is absent), never a query of the articles.
    expect(a.views.repo.reads - before).toBeLessThanOrEqual(1);
  });
});

describe('article saves under the views lock', () => {
  /** The admin edit form of `art` sent back to `app` with its abstract set to `abstract`. */
  const save = (app: App, art: Article, abstract: string) => {
    const fields: Record<string, string> = {
      year: String(art.year), volume: String(art.volume), issue: String(art.issue), refnumber: art.refnumber, title: art.title, authorname: art.authorname ?? '',
      abstract, pagenumber: art.pagenumber || '1-2', email: art.email || 'a@b.org', txnid: art.txnid ?? '', ptype: art.ptype || 'paid',
      publishdate: String(art.publishdate ?? '2020-01-01').slice(0, 10), subject: art.subject ?? '',
    };
    let req = request(app.url).post(`/api/archives/${art.id}`).set({ 'x-journal-id': demo, authorization: `Bearer ${staffToken(demo)}` });
    for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
    return req;
  };

  test('an edit reads its article once: the write made under the lock is what the views are patched with', async () => {
    const art = (await a.repos.articles.list(demo)).find((x) => isPublicArticle(x) && !x.file)!;
    const reads = jest.spyOn(a.repos.articles, 'findById');
    try {
      await save(a, art, '<p>Read once.</p>').expect(200);
      expect(reads.mock.calls.filter(([, id]) => id === art.id)).toHaveLength(1);
    } finally {
      reads.mockRestore();
    }
    expect((await pub(a, demo, `/api/archives/ref/${art.refnumber}`).expect(200)).body.abstract).toBe('<p>Read once.</p>');
    await expectAnswersMatch(a, demo);
  });

  test("an article's second edit of the day leaves the sitemap index as stored, and the sitemap as a rebuild makes it", async () => {
    const art = (await a.repos.articles.list(demo)).find((x) => isPublicArticle(x) && x.refnumber)!;
    const revs = async () => {
      const dir = await a.views.repo.get(viewId.sitemap(demo));
      const chunks = (JSON.parse(dir!.json) as { chunks: { c: number }[] }).chunks.map((c) => viewId.sitemapChunk(demo, c.c));
      return Promise.all([dir, ...(await Promise.all(chunks.map((id) => a.views.repo.get(id))))].map(async (d) => `${d!.id}@${d!.rev}`));
    };
    const issueRev = async () => (await a.views.repo.get(viewId.issue(demo, { year: art.year, volume: art.volume, issue: art.issue })))!.rev;
    // Two edits within one day (UTC): a pair that straddles midnight is sent again.
    for (let tries = 0; ; tries++) {
      const day = new Date().toISOString().slice(0, 10);
      await save(a, art, '<p>First edit of the day.</p>').expect(200);
      const [before, issueBefore] = [await revs(), await issueRev()];
      await save(a, art, '<p>Second edit of the day.</p>').expect(200);
      if (day !== new Date().toISOString().slice(0, 10) && tries < 1) continue;
      expect(await issueRev()).toBeGreaterThan(issueBefore);
      expect(await revs()).toEqual(before);
      break;
    }
    const sitemap = (await pub(a, demo, '/sitemap.xml').expect(200)).text;
    expect(sitemap).toContain(art.refnumber);
    await a.publisher.invalidate(demo);
    expect((await pub(a, demo, '/sitemap.xml').expect(200)).text).toBe(sitemap);
  });

  test('saves of one issue sent at once to two replicas, the same article twice: every answer is the stored one', async () => {
    const all = (await a.repos.articles.list(demo)).filter(isPublicArticle);
    const byIssue = new Map<string, Article[]>();
    for (const x of all) byIssue.set(`${x.year}/${x.volume}/${x.issue}`, [...(byIssue.get(`${x.year}/${x.volume}/${x.issue}`) ?? []), x]);
    const [x, y] = [...byIssue.values()].find((l) => l.length >= 2)!;
    const answers = await Promise.all([save(a, x!, '<p>X from a.</p>'), save(b, x!, '<p>X from b.</p>'), save(a, y!, '<p>Y from a.</p>'), save(b, y!, '<p>Y from b.</p>')]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    // Whichever save of each article landed last is what every answer shows, on both replicas.
    const stored = await a.repos.articles.findById(demo, x!.id);
    expect(['<p>X from a.</p>', '<p>X from b.</p>']).toContain(stored!.abstract);
    await expectAnswersMatch(a, demo);
    await eventually(() => expectAnswersMatch(b, demo));
  });
});
