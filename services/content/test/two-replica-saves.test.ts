import request from 'supertest';
import { staffToken } from '@journal/testing';
import { isPublicArticle, type Article } from '../src/archives/article.repo';
import { issueKeyOf, parseIssueKey, viewId, type HeadView, type IssueView } from '../src/views/view-docs';
import { sendEditForm, startDemoReplicas, stopContent, type TestContentApp } from './helpers';

// Two staff replicas save one journal at once (edits in place, months set and cleared, moves
// between issues, withdrawals and restores, form reads ahead): afterwards the stored head and issue
// views are what the documents make, whichever replica kept which unparsed head.
jest.setTimeout(400_000);
let a: TestContentApp;
let b: TestContentApp;
let demo: string;
beforeAll(async () => {
  const { journals, apps } = await startDemoReplicas({}, {});
  [a, b] = apps;
  demo = journals.find((j) => j.slug === 'demo')!.id;
});
afterAll(async () => {
  await b?.stop();
  await stopContent(a);
});

const save = (on: TestContentApp, art: Article, abstract: string, to: Partial<Pick<Article, 'year' | 'volume' | 'issue'>> = {}, frequency?: string) =>
  sendEditForm(on, demo, art, abstract, to, frequency);
const admin = (on: TestContentApp, path: string, body: object = {}) =>
  request(on.url).post(path).set({ 'x-journal-id': demo, authorization: `Bearer ${staffToken(demo)}` }).send(body);
const key = (x: Pick<Article, 'year' | 'volume' | 'issue'>) => ({ year: x.year, volume: x.volume, issue: x.issue });

async function check() {
  const head = JSON.parse((await a.views.repo.get(viewId.head(demo)))!.json) as HeadView;
  const built = (await a.views.buildHead(demo, false))!;
  expect(head.stats).toEqual(built.stats);
  expect(head.counts).toEqual(built.counts);
  for (const k of new Set([...Object.keys(built.stats), ...Object.keys(head.stats)])) {
    const d = await a.views.repo.get(viewId.issue(demo, parseIssueKey(k)!));
    const stored = d ? (JSON.parse(d.json) as IssueView) : { articles: [] };
    const want = await a.views.buildIssue(demo, parseIssueKey(k)!, built, false);
    const strip = (v: { articles: { id: string; frequency: string; own: string; pdf_url: string | null }[] }) => v.articles.map((e) => [e.id, e.frequency, e.own, e.pdf_url]);
    expect([k, strip(stored as never)]).toEqual([k, strip(want as never)]);
  }
}

test('mixed saves on two replicas at once keep the head and the issue views as the documents make them', async () => {
  const all = (await a.repos.articles.list(demo)).filter(isPublicArticle);
  const byIssue = new Map<string, Article[]>();
  for (const x of all) byIssue.set(issueKeyOf(x), [...(byIssue.get(issueKeyOf(x)) ?? []), x]);
  const issues = [...byIssue.keys()];
  expect(issues.length).toBeGreaterThan(2);
  const [i1, i2, i3] = issues.map((k) => byIssue.get(k)!);
  for (let round = 0; round < 4; round++) {
    const reps = round % 2 ? [a, b] : [b, a];
    const fresh = async (x: Article) => (await a.repos.articles.findById(demo, x.id))!;
    const [x1, x2, x3, x4, x5] = await Promise.all([i1![0]!, i1![1] ?? i1![0]!, i2![0]!, i2![1] ?? i2![0]!, i3![0]!].map(fresh));
    const ops: Promise<unknown>[] = [
      save(reps[0]!, x1!, `<p>r${round} in place</p>`, {}, x1!.frequency).then((r) => expect(r.status).toBe(200)),
      save(reps[1]!, x2!, `<p>r${round} month</p>`, {}, round % 2 ? '' : 'may').then((r) => expect(r.status).toBe(200)),
      save(reps[0]!, x3!, `<p>r${round} moved</p>`, round % 2 ? key(i2![0]!) : key(i3![0]!), x3!.frequency).then((r) => expect(r.status).toBe(200)),
      admin(reps[1]!, `/api/admin/articles/${x4!.id}/${round % 2 ? 'restore' : 'withdraw'}`, round % 2 ? {} : { kind: 'withdrawn', reason: 'x' }),
      save(reps[1]!, x5!, `<p>r${round} x5</p>`, {}, round % 2 ? 'june' : '').then((r) => expect(r.status).toBe(200)),
      request(reps[0]!.url).get(`/api/admin/articles/${x1!.id}`).set({ 'x-journal-id': demo, authorization: `Bearer ${staffToken(demo)}` }),
      request(reps[1]!.url).get(`/api/admin/articles/${x2!.id}`).set({ 'x-journal-id': demo, authorization: `Bearer ${staffToken(demo)}` }),
      save(reps[0]!, x5!, `<p>r${round} x5 again</p>`, {}, round % 3 ? 'june' : '').then((r) => expect(r.status).toBe(200)),
    ];
    await Promise.all(ops);
    await check();
  }
});
