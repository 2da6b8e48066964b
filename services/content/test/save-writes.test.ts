import zlib from 'node:zlib';
import request from 'supertest';
import { staffToken } from '@journal/testing';
import { isPublicArticle, type Article } from '../src/archives/article.repo';
import { packView } from '../src/views/packed-view';
import { issueKeyOf, UnparsedHead, viewId, type HeadView, type LocView, type OaiChunk, type OaiDirectory, type OaiEntry } from '../src/views/view-docs';
import { rebuildJournalViews } from '../src/views/views-rebuild';
import { sendEditForm, startContent, startDemoReplicas, stopContent, type TestContentApp } from './helpers';

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

const save = (art: Article, abstract: string, to: Partial<Pick<Article, 'year' | 'volume' | 'issue'>> = {}, on: TestContentApp = a) =>
  sendEditForm(on, demo, art, abstract, to, art.frequency);
const staff = (path: string, body?: object) =>
  request(a.url).post(path).set({ 'x-journal-id': demo, authorization: `Bearer ${staffToken(demo)}` }).send(body);
const issueOf = (art: Pick<Article, 'year' | 'volume' | 'issue'>) => ({ year: art.year, volume: art.volume, issue: art.issue });

/** The stored locator of an article, with the change counter of the write that stored it. */
async function storedLoc(id: string): Promise<{ loc: LocView; rev: number } | null> {
  const v = await a.views.repo.get(viewId.loc(demo, id));
  return v ? { loc: JSON.parse(v.json) as LocView, rev: v.rev } : null;
}

/** Every entry of the journal's OAI-PMH index under reference number `ref`, read from the stored directory and chunks. */
async function oaiEntries(ref: string): Promise<OaiEntry[]> {
  const dir = JSON.parse((await a.views.repo.get(viewId.oai(demo)))!.json) as OaiDirectory;
  const out: OaiEntry[] = [];
  for (const c of dir.chunks) {
    const ch = JSON.parse((await a.views.repo.get(viewId.oaiChunk(demo, c.c)))!.json) as OaiChunk;
    out.push(...ch.entries.filter((e) => e.r === ref));
  }
  return out;
}

const modifiedAt = async (id: string) => new Date((await a.repos.articles.findById(demo, id))!.modification!).getTime();

describe("a listed article's locator", () => {
  test('holds where the article is, not its datestamp: an edit in place leaves it as stored, and the OAI-PMH index lists the article once, at its last change', async () => {
    const art = (await a.repos.articles.list(demo)).find((x) => isPublicArticle(x) && x.refnumber)!;
    await save(art, '<p>First edit.</p>').expect(200);
    const first = (await storedLoc(art.id))!;
    expect(first.loc).toEqual({ ref: art.refnumber, key: issueKeyOf(art) });
    const puts = jest.spyOn(a.views.repo, 'put');
    try {
      await save(art, '<p>Second edit.</p>').expect(200);
      const ids = puts.mock.calls.flatMap(([views]) => views.map((v) => v.id));
      // The article's page and its issue's list are written; its locator is not.
      expect(ids).toEqual(expect.arrayContaining([viewId.article(demo, art.refnumber), viewId.issue(demo, issueOf(art))]));
      expect(ids).not.toContain(viewId.loc(demo, art.id));
    } finally {
      puts.mockRestore();
    }
    expect(await storedLoc(art.id)).toEqual(first);
    expect(await oaiEntries(art.refnumber)).toEqual([expect.objectContaining({ t: await modifiedAt(art.id) })]);
    expect((await oaiEntries(art.refnumber))[0]!.d).toBeUndefined();
  });

  test('a locator an earlier release stored with the datestamp is read as before: the entry moves, none is left behind', async () => {
    const art = (await a.repos.articles.list(demo)).filter((x) => isPublicArticle(x) && x.refnumber)[1]!;
    await save(art, '<p>Before the older locator.</p>').expect(200);
    const t = await modifiedAt(art.id);
    // As an earlier release wrote it: with the datestamp its entry has.
    await a.views.repo.put([{ id: viewId.loc(demo, art.id), journalId: demo, json: JSON.stringify({ ref: art.refnumber, key: issueKeyOf(art), o: t }), rev: 0 }]);
    await save(art, '<p>After the older locator.</p>').expect(200);
    expect((await storedLoc(art.id))!.loc).toEqual({ ref: art.refnumber, key: issueKeyOf(art) });
    expect(await oaiEntries(art.refnumber)).toEqual([expect.objectContaining({ t: await modifiedAt(art.id) })]);
  });

  test('a withdrawn article (not listed) keeps its datestamp in its locator; restored, it is listed again, one entry each time', async () => {
    const art = (await a.repos.articles.list(demo)).filter((x) => isPublicArticle(x) && x.refnumber)[2]!;
    await staff(`/api/admin/articles/${art.id}/withdraw`, { kind: 'withdrawn', reason: 'Locator test' }).expect(200);
    const withdrawn = (await storedLoc(art.id))!.loc;
    expect(withdrawn.o).toEqual(expect.any(Number));
    const deleted = await oaiEntries(art.refnumber);
    expect(deleted).toEqual([expect.objectContaining({ t: withdrawn.o, d: 1 })]);
    await staff(`/api/admin/articles/${art.id}/restore`).expect(200);
    expect((await storedLoc(art.id))!.loc).toEqual({ ref: art.refnumber, key: issueKeyOf(art) });
    const listed = await oaiEntries(art.refnumber);
    expect(listed).toEqual([expect.objectContaining({ t: await modifiedAt(art.id) })]);
    expect(listed[0]!.d).toBeUndefined();
    // Moved to another issue and back: one entry, the locator following it.
    const other = (await a.repos.articles.list(demo)).find((x) => isPublicArticle(x) && issueKeyOf(x) !== issueKeyOf(art))!;
    await save(art, '<p>Moved.</p>', issueOf(other)).expect(200);
    expect((await storedLoc(art.id))!.loc).toEqual({ ref: art.refnumber, key: issueKeyOf(other) });
    await save({ ...art, ...issueOf(other) }, '<p>Moved back.</p>', issueOf(art)).expect(200);
    expect((await storedLoc(art.id))!.loc).toEqual({ ref: art.refnumber, key: issueKeyOf(art) });
    expect(await oaiEntries(art.refnumber)).toEqual([expect.objectContaining({ t: await modifiedAt(art.id) })]);
  });
});

describe('the views rebuild', () => {
  test("writes a listed article's locator without its datestamp and a withdrawn one's with it; the saves after it move one entry each", async () => {
    const all = (await a.repos.articles.list(demo)).filter((x) => isPublicArticle(x) && x.refnumber);
    const [listed, gone] = [all[3]!, all[4]!];
    await staff(`/api/admin/articles/${gone.id}/withdraw`, { kind: 'withdrawn', reason: 'Rebuild test' }).expect(200);
    expect((await rebuildJournalViews(a.views, demo, { logger: a.deps.logger })).status).toBe('done');
    expect((await storedLoc(listed.id))!.loc).toEqual({ ref: listed.refnumber, key: issueKeyOf(listed) });
    const withdrawn = (await storedLoc(gone.id))!.loc;
    expect(withdrawn.o).toEqual(expect.any(Number));
    expect(await oaiEntries(gone.refnumber)).toEqual([expect.objectContaining({ t: withdrawn.o, d: 1 })]);
    await save(listed, '<p>After the rebuild.</p>').expect(200);
    expect(await oaiEntries(listed.refnumber)).toEqual([expect.objectContaining({ t: await modifiedAt(listed.id) })]);
    await staff(`/api/admin/articles/${gone.id}/restore`).expect(200);
    expect(await oaiEntries(gone.refnumber)).toEqual([expect.objectContaining({ t: await modifiedAt(gone.id) })]);
  });
});

describe("a save on a replica holding the journal's head", () => {
  test('reads nothing of it (not even its version) when it moves no count, month or stat; one that moves a count reads it and counts right', async () => {
    const all = (await a.repos.articles.list(demo)).filter(isPublicArticle);
    const art = all.find((x) => !!x.frequency)!;
    const other = all.find((x) => issueKeyOf(x) !== issueKeyOf(art))!;
    const counts = async () => (JSON.parse((await a.views.repo.get(viewId.head(demo)))!.json) as HeadView).counts;
    const before = await counts();
    const fresh = await startContent({ MONGO_DB: a.config.MONGO_DB, REDIS_PREFIX: a.config.REDIS_PREFIX });
    const head = viewId.head(demo);
    const reads = [jest.spyOn(fresh.views.repo, 'get'), jest.spyOn(fresh.views.repo, 'getPacked'), jest.spyOn(fresh.views.repo, 'version')];
    const headReads = () => reads.reduce((n, r) => n + r.mock.calls.filter(([id]) => id === head).length, 0);
    try {
      // Its first save holds nothing of the journal: the head is read (whole).
      await save(art, '<p>First save here.</p>', {}, fresh).expect(200);
      expect(headReads()).toBe(1);
      for (const r of reads) r.mockClear();
      await save(art, '<p>Second save here.</p>', {}, fresh).expect(200);
      expect(headReads()).toBe(0);
      // Another replica stores the head meanwhile (a move); a move here then reads it again and counts both.
      await save(other, '<p>Moved by the other replica.</p>', issueOf(art)).expect(200);
      const moved = { ...before, [issueKeyOf(art)]: before[issueKeyOf(art)]! + 1, [issueKeyOf(other)]: before[issueKeyOf(other)]! - 1 };
      for (const k of Object.keys(moved)) if (!moved[k]) delete moved[k];
      expect(await counts()).toEqual(moved);
      await save(art, '<p>Moved here.</p>', issueOf(other), fresh).expect(200);
      expect(headReads()).toBeGreaterThan(0);
      // Counted from the head as the other replica stored it: both moves, so as before.
      expect(await counts()).toEqual(before);
    } finally {
      for (const r of reads) r.mockRestore();
      await fresh.stop();
      await save({ ...other, ...issueOf(art) }, '<p>Back.</p>', issueOf(other)).expect(200);
      await save({ ...art, ...issueOf(other) }, '<p>Back.</p>', issueOf(art)).expect(200);
    }
  });
});

describe("a replica's first save of a journal", () => {
  test('reads the head packed and never inflates it when it needs nothing of it', async () => {
    const art = (await a.repos.articles.list(demo)).find((x) => isPublicArticle(x) && !!x.frequency)!;
    const fresh = await startContent({ MONGO_DB: a.config.MONGO_DB, REDIS_PREFIX: a.config.REDIS_PREFIX });
    const inflated = jest.spyOn(zlib, 'brotliDecompressSync');
    try {
      await save(art, '<p>First save, head left packed.</p>', {}, fresh).expect(200);
      const texts = inflated.mock.results.map((r) => String(r.value).slice(0, 40));
      expect(texts.some((t) => t.startsWith(`${demo}\n{"journal"`))).toBe(false);
      // Other views were inflated meanwhile (the spy sees them).
      expect(texts.length).toBeGreaterThan(0);
    } finally {
      inflated.mockRestore();
      await fresh.stop();
    }
  });

  test("a packed head is checked when inflated: another journal's is not taken", () => {
    const json = JSON.stringify({ journal: null, editors: [], indexing: [], issues: [], stats: {}, counts: {}, files: {}, complete: false });
    expect(new UnparsedHead(packView(demo, json), demo).view()).toMatchObject({ complete: false });
    expect(new UnparsedHead(packView('another', json), demo).view()).toBeNull();
  });
});
