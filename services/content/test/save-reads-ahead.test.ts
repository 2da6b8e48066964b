import { mongo } from 'mongoose';
import request from 'supertest';
import { staffToken } from '@journal/testing';
import type { Logger } from '@journal/server-kit';
import { isPublicArticle, type Article } from '../src/archives/article.repo';
import { assetPath, assetVersion, versionedUrl } from '../src/files/file-store';
import { issueKeyOf, UnparsedHead, viewId, type HeadView, type IssueView } from '../src/views/view-docs';
import { warmSavePath } from '../src/save-warm-up';
import { makePdf, publicGet, sendEditForm, startContent, startDemoReplicas, stopContent, type TestContentApp } from './helpers';

// Seeds a demo database and starts a replica: slow on a shared machine.
jest.setTimeout(240_000);

let a: TestContentApp;
let demo: string;

beforeAll(async () => {
  const { journals, apps } = await startDemoReplicas({});
  [a] = apps;
  demo = journals.find((j) => j.slug === 'demo')!.id;
});
afterAll(() => stopContent(a));

/** The admin edit form of `art` sent back with `abstract` (and the issue `to`, when given), to replica `on`; `frequency`: its own month sent back. */
const save = (art: Article, abstract: string, to: Partial<Pick<Article, 'year' | 'volume' | 'issue'>> = {}, on: TestContentApp = a, frequency?: string) =>
  sendEditForm(on, demo, art, abstract, to, frequency);

const issueOf = (art: Pick<Article, 'year' | 'volume' | 'issue'>) => ({ year: art.year, volume: art.volume, issue: art.issue });
const storedIssue = async (key: { year: number; volume: number; issue: number }) => {
  const v = await a.views.repo.get(viewId.issue(demo, key));
  return v ? (JSON.parse(v.json) as IssueView) : null;
};

describe("a save's views: the issue view and the PDF's version read beside the article's write", () => {
  test('an edit reads its issue view once and its PDF once, and the stored views carry the edit and the PDF as stored', async () => {
    const art = (await a.repos.articles.list(demo)).find((x) => isPublicArticle(x) && x.file)!;
    const path = assetPath.article(art.year, art.volume, art.issue, art.file!);
    // The journal's views as a first save finds them in a fresh process: read through the repository.
    const gets = jest.spyOn(a.views.repo, 'get');
    const stats = jest.spyOn(a.files, 'stat');
    try {
      await save(art, '<p>Read ahead.</p>').expect(200);
      expect(gets.mock.calls.filter(([id]) => id === viewId.issue(demo, issueOf(art)))).toHaveLength(1);
      expect(stats.mock.calls.filter(([, p]) => p === path)).toHaveLength(1);
    } finally {
      gets.mockRestore();
      stats.mockRestore();
    }
    const entry = (await storedIssue(issueOf(art)))!.articles.find((e) => e.id === art.id)!;
    expect(entry.pdf_url).toBe(versionedUrl(path, assetVersion((await a.files.stat(demo, path))!.etag)));
    expect((await publicGet(a, demo, `/api/archives/ref/${art.refnumber}`).expect(200)).body.abstract).toBe('<p>Read ahead.</p>');
  });

  test('a PDF replaced since the issue view was written: the save lists the version stored now, not the one the view named', async () => {
    const art = (await a.repos.articles.list(demo)).find((x) => isPublicArticle(x) && x.file)!;
    const path = assetPath.article(art.year, art.volume, art.issue, art.file!);
    // Put straight into the file store: no change is published, so the issue view still names the old version.
    await a.files.put(demo, path, await makePdf('Replaced behind the views'), { contentType: 'application/pdf' });
    const now = versionedUrl(path, assetVersion((await a.files.stat(demo, path))!.etag));
    expect((await storedIssue(issueOf(art)))!.articles.find((e) => e.id === art.id)!.pdf_url).not.toBe(now);
    await save(art, '<p>After the PDF changed.</p>').expect(200);
    expect((await storedIssue(issueOf(art)))!.articles.find((e) => e.id === art.id)!.pdf_url).toBe(now);
  });

  test('an article moved to another issue (no PDF): it leaves the issue read ahead and enters the other', async () => {
    const all = (await a.repos.articles.list(demo)).filter(isPublicArticle);
    const art = all.find((x) => !x.file)!;
    const other = all.find((x) => x.year !== art.year || x.volume !== art.volume || x.issue !== art.issue)!;
    await save(art, '<p>Moved.</p>', issueOf(other)).expect(200);
    expect((await storedIssue(issueOf(art)))?.articles.some((e) => e.id === art.id) ?? false).toBe(false);
    expect((await storedIssue(issueOf(other)))!.articles.some((e) => e.id === art.id)).toBe(true);
    // And back: the issue read ahead is now the other one.
    await save({ ...art, ...issueOf(other) }, '<p>Moved back.</p>', issueOf(art)).expect(200);
    expect((await storedIssue(issueOf(art)))!.articles.some((e) => e.id === art.id)).toBe(true);
    expect((await storedIssue(issueOf(other)))?.articles.some((e) => e.id === art.id) ?? false).toBe(false);
  });
});

describe("the edit form's read: the journal's save views read ahead", () => {
  /** What the edit form reads on replica `on`, and the read ahead it started, once done. */
  async function openForm(on: TestContentApp, art: Article) {
    const views = jest.spyOn(on.views, 'readAhead');
    const search = jest.spyOn(on.search, 'readAhead');
    try {
      await request(on.url).get(`/api/admin/articles/${art.id}`).set({ 'x-journal-id': demo, authorization: `Bearer ${staffToken(demo)}` }).expect(200);
      // Started after the answer: waited for here.
      for (let i = 0; i < 500 && !(views.mock.results.length && search.mock.results.length); i++) await new Promise((ok) => setTimeout(ok, 10));
      expect(views).toHaveBeenCalledWith(demo);
      await Promise.all([views.mock.results[0]!.value, search.mock.results[0]!.value]);
    } finally {
      views.mockRestore();
      search.mockRestore();
    }
  }
  const bodyReads = (gets: jest.SpyInstance, ...ids: string[]) => gets.mock.calls.filter(([id]) => ids.includes(id as string)).length;

  test("a fresh replica's first save after the form was opened reads the head's version, not its body", async () => {
    const art = (await a.repos.articles.list(demo)).find((x) => isPublicArticle(x))!;
    // A restarted replica: it holds nothing of the journal.
    const fresh = await startContent({ MONGO_DB: a.config.MONGO_DB, REDIS_PREFIX: a.config.REDIS_PREFIX });
    try {
      // Large enough in the demo journal to carry a version (VERSIONED_VIEW; its OAI-PMH directory is not, and is read whole by every save).
      expect((await a.views.repo.get(viewId.head(demo)))?.h).toBeTruthy();
      const gets = jest.spyOn(fresh.views.repo, 'get');
      // The head's body is read packed (getPacked), the OAI-PMH directory's whole (get).
      const packed = jest.spyOn(fresh.views.repo, 'getPacked');
      const parsed = jest.spyOn(UnparsedHead.prototype, 'view');
      try {
        await openForm(fresh, art);
        expect(bodyReads(packed, viewId.head(demo)) + bodyReads(gets, viewId.head(demo))).toBe(1);
        expect(bodyReads(gets, viewId.oai(demo))).toBe(1);
        // Read, not parsed: the save parses it if it needs it.
        expect(parsed).not.toHaveBeenCalled();
        gets.mockClear();
        packed.mockClear();
        await save(art, '<p>Saved after its form was read.</p>', {}, fresh, art.frequency).expect(200);
        expect(bodyReads(packed, viewId.head(demo)) + bodyReads(gets, viewId.head(demo))).toBe(0);
        expect(parsed).not.toHaveBeenCalled();
      } finally {
        gets.mockRestore();
        packed.mockRestore();
        parsed.mockRestore();
      }
      expect((await publicGet(fresh, demo, `/api/archives/ref/${art.refnumber}`).expect(200)).body.abstract).toBe('<p>Saved after its form was read.</p>');
      // The save left the head free for the next one: the next form opened reads nothing of it, not even its version.
      const reads = [jest.spyOn(fresh.views.repo, 'get'), jest.spyOn(fresh.views.repo, 'getPacked'), jest.spyOn(fresh.views.repo, 'version')];
      try {
        await openForm(fresh, art);
        for (const r of reads) expect(bodyReads(r, viewId.head(demo))).toBe(0);
      } finally {
        for (const r of reads) r.mockRestore();
      }
    } finally {
      await fresh.stop();
    }
  });

  test("a head another replica stored after the read ahead is read again by the save: both replicas' moves are counted", async () => {
    const all = (await a.repos.articles.list(demo)).filter((x) => isPublicArticle(x));
    const moved = all[0]!;
    const other = all.find((x) => issueKeyOf(x) !== issueKeyOf(moved))!;
    const here = all.find((x) => x.id !== moved.id && issueKeyOf(x) !== issueKeyOf(other))!;
    const counts = async () => (JSON.parse((await a.views.repo.get(viewId.head(demo)))!.json) as HeadView).counts;
    const before = await counts();
    const fresh = await startContent({ MONGO_DB: a.config.MONGO_DB, REDIS_PREFIX: a.config.REDIS_PREFIX });
    try {
      await openForm(fresh, here);
      // Another replica moves an article between issues: the head (its admin counts) is stored anew.
      await save(moved, '<p>Moved elsewhere.</p>', issueOf(other)).expect(200);
      const gets = jest.spyOn(fresh.views.repo, 'getPacked');
      try {
        // And this one another: saved from the head read ahead, the first move's counts would be lost.
        await save(here, '<p>Moved here.</p>', issueOf(other), fresh).expect(200);
        expect(bodyReads(gets, viewId.head(demo))).toBe(1);
      } finally {
        gets.mockRestore();
      }
      const expected = { ...before };
      for (const x of [moved, here]) expected[issueKeyOf(x)] = expected[issueKeyOf(x)]! - 1;
      expected[issueKeyOf(other)] = (expected[issueKeyOf(other)] ?? 0) + 2;
      for (const k of Object.keys(expected)) if (!expected[k]) delete expected[k];
      expect(await counts()).toEqual(expected);
    } finally {
      await fresh.stop();
      for (const x of [moved, here]) await save({ ...x, ...issueOf(other) }, '<p>Moved back.</p>', issueOf(x)).expect(200);
    }
    expect(await counts()).toEqual(before);
  });
});

describe('a save that moves no count, month or stat of the head', () => {
  test("leaves the head unparsed and stored as it was, and lists the article with its issue's month", async () => {
    const art = (await a.repos.articles.list(demo)).find((x) => isPublicArticle(x) && !!x.frequency)!;
    const head = async () => (await a.views.repo.get(viewId.head(demo)))!;
    const entry = async () => (await storedIssue(issueOf(art)))!.articles.find((e) => e.id === art.id)!;
    const { h } = await head();
    const issueMonth = (JSON.parse((await head()).json) as HeadView).issues.find((i) => issueKeyOf(i) === issueKeyOf(art))!.frequency;
    // A restarted replica: its first save reads the head whole.
    const fresh = await startContent({ MONGO_DB: a.config.MONGO_DB, REDIS_PREFIX: a.config.REDIS_PREFIX });
    const parsed = jest.spyOn(UnparsedHead.prototype, 'view');
    try {
      // Its own month sent back, as the edit form does: nothing of the head is needed.
      await save(art, '<p>Edited in place.</p>', {}, fresh, art.frequency).expect(200);
      expect(parsed).not.toHaveBeenCalled();
      expect((await head()).h).toBe(h);
      expect((await entry()).frequency.toLowerCase()).toBe(art.frequency.toLowerCase());
      // Its own month taken away: the issue's month is read from the head.
      await save(art, '<p>Without a month of its own.</p>', {}, fresh, '').expect(200);
      expect(parsed).toHaveBeenCalledTimes(1);
      expect(await entry()).toMatchObject({ own: '', frequency: issueMonth });
      // (The issue's stat may have moved with the month its first article shows: the head then stored again.)
      const { h: now } = await head();
      // Saved again so: the issue's month is the one its entry shows, and the head is still as stored.
      await save(art, '<p>Again without.</p>', {}, fresh, '').expect(200);
      expect(parsed).toHaveBeenCalledTimes(1);
      expect(await entry()).toMatchObject({ own: '', frequency: issueMonth });
      expect((await head()).h).toBe(now);
      expect((await publicGet(fresh, demo, `/api/archives/ref/${art.refnumber}`).expect(200)).body.abstract).toBe('<p>Again without.</p>');
    } finally {
      parsed.mockRestore();
      await fresh.stop();
      await save(art, '<p>Restored.</p>', {}, a, art.frequency).expect(200);
    }
    expect((await entry()).own).toBe(art.frequency.toLowerCase());
  });
});

describe('the save warm-up at start', () => {
  test('runs a save’s packing at full size and collects the start’s garbage, reading and writing no document', async () => {
    const logged: Record<string, unknown>[] = [];
    const warned: unknown[] = [];
    const logger = { debug: (o: Record<string, unknown>) => logged.push(o), warn: (o: unknown) => warned.push(o), info: () => undefined, error: () => undefined } as unknown as Logger;
    // Every driver call of every collection, spied on (each still runs): the warm-up makes none.
    const methods = ['find', 'findOne', 'aggregate', 'countDocuments', 'insertOne', 'insertMany', 'updateOne', 'updateMany', 'replaceOne', 'bulkWrite', 'findOneAndUpdate', 'deleteOne', 'deleteMany'] as const;
    const spies = methods.map((m) => jest.spyOn(mongo.Collection.prototype, m));
    try {
      const calls = () => spies.reduce((n, s) => n + s.mock.calls.length, 0);
      await warmSavePath({ ...a.deps, logger });
      expect(calls()).toBe(0);
      // The spies see calls: a read made now is counted.
      await a.repos.articles.findById(demo, '000000000000000000000000');
      expect(calls()).toBeGreaterThan(0);
    } finally {
      for (const s of spies) s.mockRestore();
    }
    expect(warned).toEqual([]);
    const done = logged.find((o) => 'gcMs' in o)!;
    expect(typeof done.gcMs).toBe('number');
  });
});
