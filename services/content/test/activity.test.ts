/**
 * docs/product.md#activity-log: each kind of staff write of the content service appears once in
 * the journal's activity log, with its actor (name, role, address, request id) and a before →
 * after summary; bad links and images are refused and change nothing.
 */
import request from 'supertest';
import type { ActivityEntry } from '@journal/contracts';
import { signToken } from '@journal/server-kit';
import { TEST_JWT_SECRET, markRecentAuth, newObjectId, staffHeaders, staffTokenWith } from '@journal/testing';
import { makeJournal, makePdf, startContent, stopContent } from './helpers';

let app: Awaited<ReturnType<typeof startContent>>;
let J: string;
let OTHER: string;
const EDITOR_ID = newObjectId();
const MANAGER_ID = newObjectId();
let T: string;
/** A manager's token: settings, site images and DOI settings are a manager's (docs/product.md#roles). */
let M: string;
let pdf: Buffer;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001' + '0d0a2db40000000049454e44ae426082', 'hex'),
]);

const as = (extra: Record<string, string> = {}) => ({ ...staffHeaders(J, T), 'x-client-ip': '198.51.100.7', ...extra });
const asManager = () => ({ ...staffHeaders(J, M), 'x-client-ip': '198.51.100.8' });
const entries = async (): Promise<ActivityEntry[]> => (await app.deps.activity.since(J, undefined)).reverse();
/** The entries written while `run` lasts, oldest first. */
async function written(run: () => Promise<unknown>): Promise<ActivityEntry[]> {
  const before = new Set((await entries()).map((e) => e.id));
  await run();
  return (await entries()).filter((e) => !before.has(e.id)).reverse();
}
const changed = (e: ActivityEntry | undefined, field: string) => e?.changes.find((c) => c.field === field);

beforeAll(async () => {
  app = await startContent();
  J = await makeJournal(app, 'act1', { issn: '1234-5678', doi_prefix: '', doi_suffix_pattern: '' });
  OTHER = await makeJournal(app, 'act2');
  // A token whose claims carry a role, as tokens of the staff roles do.
  T = staffTokenWith(J, 'asha', { role: 'editor' }, EDITOR_ID);
  M = staffTokenWith(J, 'mira', { role: 'manager' }, MANAGER_ID);
  // DOI settings need a recent password (docs/security.md#recent-authentication).
  await markRecentAuth(app.config.REDIS_PREFIX, M);
  pdf = await makePdf('Activity');
});
afterAll(() => stopContent(app));

describe('every kind of content write is recorded once, with its actor and changes', () => {
  test('issues and articles (with their PDFs)', async () => {
    let list = await written(() => request(app.url).post('/api/admin/create-issue').set(as({ 'x-request-id': 'req-issue-1' })).send({ year: 2026, volume: 1, issue: 1, frequency: 'Jan-Mar' }).expect(201));
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      kind: 'issue.create',
      actor: { id: EDITOR_ID, name: 'asha', role: 'editor' },
      record: { type: 'issue', label: '2026 vol 1 issue 1' },
      ip: '198.51.100.7',
      requestId: 'req-issue-1',
    });
    expect(changed(list[0], 'frequency')).toEqual({ field: 'frequency', before: '', after: 'jan-mar' });

    const fields = { year: '2026', volume: '1', issue: '1', refnumber: '501', title: 'First title', authorname: 'A. Rao', abstract: '<p>Text</p>', keywords: 'k', pagenumber: '1-4', txnid: 'tx501', publishdate: '2026-02-01', email: 'a@example.org', ptype: 'paid' };
    let id = '';
    list = await written(async () => {
      let req = request(app.url).post('/api/admin/archives/').set(as());
      for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
      const r = await req.attach('pdfFile', pdf, { filename: 'p.pdf', contentType: 'application/pdf' }).expect(201);
      id = r.body.id;
    });
    expect(list.map((e) => e.kind)).toEqual(['article.create']);
    expect(list[0]!.record).toEqual({ type: 'article', id, label: '501' });
    expect(changed(list[0], 'title')).toEqual({ field: 'title', before: '', after: 'First title' });
    expect(changed(list[0], 'pdf')?.after).toMatch(/^\/assets\/archives\/2026\/vol1issue1\/501\.pdf \(\d+ bytes\)$/);

    list = await written(async () => {
      let req = request(app.url).post(`/api/archives/${id}`).set(as());
      for (const [k, v] of Object.entries({ ...fields, title: 'Second title' })) req = req.field(k, v);
      await req.expect(200);
    });
    expect(list.map((e) => e.kind)).toEqual(['article.update']);
    expect(list[0]!.changes.filter((c) => ['title', 'description'].includes(c.field))).toEqual([
      { field: 'title', before: 'First title', after: 'Second title' },
      { field: 'description', before: 'First title', after: 'Second title' },
    ]);
    expect(changed(list[0], 'pdf')).toBeUndefined();
  });

  test('editors: add, edit, the status switch and pinning', async () => {
    let id = '';
    let list = await written(async () => {
      const r = await request(app.url).post('/api/editors').set(as()).field('name', 'Dr. Meera').field('category', 'chief editor').field('post', 'Professor').field('content', 'Pune').expect(201);
      id = r.body.id;
    });
    expect(list.map((e) => [e.kind, e.record.label])).toEqual([['editor.create', 'Dr. Meera']]);
    list = await written(() => request(app.url).post(`/api/editors/${id}`).set(as()).field('name', 'Dr. Meera Iyer').field('category', 'chief editor').field('post', 'Professor').field('content', 'Pune').expect(200));
    expect(list.map((e) => e.kind)).toEqual(['editor.update']);
    expect(changed(list[0], 'name')).toEqual({ field: 'name', before: 'Dr. Meera', after: 'Dr. Meera Iyer' });
    list = await written(() => request(app.url).post(`/api/editors/${id}`).set(as()).field('status', 'disabled').expect(200));
    expect(list.map((e) => [e.kind, e.changes])).toEqual([['editor.status', [{ field: 'status', before: 'enabled', after: 'disabled' }]]]);
    list = await written(() => request(app.url).post('/api/editors/pin').set(as()).send({ ids: [id], pinned: true }).expect(200));
    expect(list.map((e) => [e.kind, e.changes])).toEqual([['editor.pin', [{ field: 'is_pinned', before: '0', after: '1' }]]]);
  });

  test('indexing partners: add, edit, reorder, remove', async () => {
    const ids: string[] = [];
    let list = await written(async () => {
      for (const title of ['Scopus', 'DOAJ']) {
        const r = await request(app.url).post('/api/admin/indexing').set(as()).field('title', title).field('link', 'https://example.org').attach('imgFile', PNG, 'l.png').expect(201);
        ids.push(r.body.id);
      }
    });
    expect(list.map((e) => [e.kind, e.record.label])).toEqual([['indexing.create', 'Scopus'], ['indexing.create', 'DOAJ']]);
    list = await written(() => request(app.url).post(`/api/admin/indexing/${ids[0]}`).set(as()).field('link', 'mailto:office@scopus.example').expect(200));
    expect(list.map((e) => [e.kind, e.changes])).toEqual([['indexing.update', [{ field: 'link', before: 'https://example.org', after: 'mailto:office@scopus.example' }]]]);
    list = await written(() => request(app.url).post('/api/admin/indexing/reorder').set(as()).send({ ids: [ids[1], ids[0]] }).expect(200));
    expect(list.map((e) => [e.kind, e.changes])).toEqual([['indexing.reorder', [{ field: 'order', before: 'Scopus, DOAJ', after: 'DOAJ, Scopus' }]]]);
    list = await written(() => request(app.url).delete(`/api/admin/indexing/${ids[1]}`).set(as()).expect(200));
    expect(list.map((e) => [e.kind, e.record.label, changed(e, 'title')])).toEqual([['indexing.remove', 'DOAJ', { field: 'title', before: 'DOAJ', after: '' }]]);
  });

  test('settings, site images, DOI settings and the DOIs a Crossref export assigns', async () => {
    let list = await written(() => request(app.url).post('/api/settings').set(asManager()).send({ websitename: 'Journal of Activity', flags: { ownerLink: 'https://owner.example' } }).expect(200));
    expect(list.map((e) => e.kind)).toEqual(['settings.update']);
    expect(list[0]!.changes).toHaveLength(2);
    expect(list[0]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'websitename', before: 'Journal act1', after: 'Journal of Activity' },
        { field: 'flags.ownerLink', before: '', after: 'https://owner.example' },
      ]),
    );
    // Saving the same values again changes nothing and records nothing.
    list = await written(() => request(app.url).post('/api/settings').set(asManager()).send({ websitename: 'Journal of Activity' }).expect(200));
    expect(list).toEqual([]);

    list = await written(() => request(app.url).post('/api/settings/images/logo').set(asManager()).attach('image', PNG, 'logo.png').expect(200));
    expect(list.map((e) => [e.kind, e.record.label])).toEqual([['settings.image', 'logo']]);
    expect(changed(list[0], 'file')?.after).toMatch(/^\/assets\/site\/logo\.png \(image\/png, \d+ bytes\)$/);

    list = await written(() => request(app.url).post('/api/admin/doi-settings').set(asManager()).send({ doi_prefix: '10.5555', doi_suffix_pattern: 'act.{refnumber}' }).expect(200));
    expect(list.map((e) => [e.kind, e.changes])).toEqual([
      ['doi.settings', [{ field: 'doi_prefix', before: '', after: '10.5555' }, { field: 'doi_suffix_pattern', before: '', after: 'act.{refnumber}' }]],
    ]);

    await app.repos.articles.create(J, { year: 2026, volume: 1, issue: 1, refnumber: '502', txnid: 'tx502', title: 'No DOI yet', authorname: 'B', pagenumber: '5-6', status: 'enabled', abstract: 'x' });
    list = await written(() => request(app.url).post('/api/admin/archives/2026/1/1/crossref').set(as()).send({ refs: ['502'] }).expect(200));
    expect(list.map((e) => [e.kind, e.record.label, e.changes])).toEqual([['doi.assign', '502', [{ field: 'doi', before: '', after: '10.5555/act.502' }]]]);
  });

  test('withdrawing and restoring an article are recorded with the kind and the reason', async () => {
    const a = (await app.repos.articles.findByRef(J, '502'))!;
    let list = await written(() => request(app.url).post(`/api/admin/articles/${a.id}/withdraw`).set(as()).send({ kind: 'retracted', reason: 'Duplicate publication' }).expect(200));
    expect(list.map((e) => [e.kind, e.record, e.actor.role, e.changes])).toEqual([
      ['article.withdraw', { type: 'article', id: a.id, label: '502' }, 'editor', [
        { field: 'withdrawal', before: '', after: 'retracted' },
        { field: 'withdrawalReason', before: '', after: 'Duplicate publication' },
      ]],
    ]);
    list = await written(() => request(app.url).post(`/api/admin/articles/${a.id}/restore`).set(as()).expect(200));
    expect(list.map((e) => [e.kind, e.changes])).toEqual([
      ['article.restore', [{ field: 'withdrawal', before: 'retracted', after: '' }, { field: 'withdrawalReason', before: 'Duplicate publication', after: '' }]],
    ]);
  });

  test("nothing is written to another journal's log, and a refused write records nothing", async () => {
    const list = await written(() => request(app.url).post('/api/admin/create-issue').set(as()).send({ year: 2026, volume: 1, issue: 1, frequency: 'Jan-Mar' }).expect(409));
    expect(list).toEqual([]);
    expect(await app.deps.activity.since(OTHER, undefined)).toEqual([]);
  });

  test('a token without a role is recorded as a manager', async () => {
    const plain = signToken(TEST_JWT_SECRET, { id: newObjectId(), name: 'ravi', journalId: J }).token;
    const list = await written(() => request(app.url).post('/api/admin/create-issue').set({ ...staffHeaders(J, plain) }).send({ year: 2026, volume: 1, issue: 2, frequency: 'Apr-Jun' }).expect(201));
    expect(list.map((e) => [e.actor.name, e.actor.role])).toEqual([['ravi', 'manager']]);
  });
});

describe('links and images (docs/security.md#links)', () => {
  const snapshot = async () => JSON.stringify([await app.repos.journals.findById(J), await app.repos.indexing.list(J), await app.repos.editors.list(J)]);

  test.each([
    ['a javascript: review link', '/api/settings', { google_review_link: 'javascript:alert(1)' }, 'The review link must be an http://, https:// or mailto: address'],
    ['a data: owner link', '/api/settings', { flags: { ownerLink: 'data:text/html,<script>x</script>' } }, 'The owner link must be an http://, https:// or mailto: address'],
    ['an http: cover image', '/api/settings', { flags: { coverImage: 'http://evil.example/c.png' } }, 'The cover image must be an uploaded image'],
    ['a javascript: href in the home content', '/api/settings', { home_content: '<p><a href="javascript:alert(1)">x</a></p>' }, 'Home content: links must be http://, https:// or mailto: addresses'],
    ['an encoded javascript: href', '/api/settings', { formatted_journal_name: '<a href="jav&#x61;script:alert(1)">J</a>' }, 'Formatted journal name: links must be'],
  ])('%s is refused with a clear message and changes nothing', async (_name, path, body, message) => {
    const before = await snapshot();
    const r = await request(app.url).post(path).set(asManager()).send(body);
    expect(r.status).toBe(400);
    expect(r.body.message).toContain(message);
    expect(await snapshot()).toBe(before);
  });

  test('multipart forms too: an indexing link, an editor website, an abstract', async () => {
    const before = await snapshot();
    let r = await request(app.url).post('/api/admin/indexing').set(as()).field('title', 'Bad').field('link', 'javascript:alert(1)').attach('imgFile', PNG, 'l.png');
    expect([r.status, r.body.message]).toEqual([400, 'link: Link must be an http://, https:// or mailto: address']);
    r = await request(app.url).post('/api/editors').set(as()).field('name', 'X').field('category', 'chief editor').field('post', 'Professor').field('content', 'C').field('editor_website', 'data:text/html,x');
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('Website must be a web address such as https://example.org');
    expect(await snapshot()).toBe(before);
    let req = request(app.url).post('/api/admin/archives/').set(as());
    const fields = { year: '2026', volume: '1', issue: '1', refnumber: '503', title: 'Bad link', authorname: 'A', abstract: '<a href="javascript:alert(1)">x</a>', keywords: 'k', pagenumber: '7-8', txnid: 'tx503', publishdate: '2026-02-01', email: 'a@example.org', ptype: 'paid' };
    for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
    r = await req.attach('pdfFile', pdf, { filename: 'p.pdf', contentType: 'application/pdf' });
    expect([r.status, r.body.error]).toEqual([400, 'unsafe_link']);
    expect(await app.repos.articles.findByRef(J, '503')).toBeNull();
  });

  test('values stored before the rules are answered empty', async () => {
    const j = (await app.repos.journals.findById(J))!;
    await app.repos.journals.update(J, { google_review_link: 'javascript:alert(1)', flags: { ...j.flags, coverImage: 'data:image/svg+xml,x', ownerLink: 'javascript:x', journalListLink: 'https://list.example' } });
    await app.publisher.changed(J, [{ t: 'journal' }]);
    const r = await request(app.url).get('/api/settings/').set({ 'x-journal-id': J }).expect(200);
    expect(r.body.google_review_link).toBe('');
    expect(r.body.flags).toMatchObject({ coverImage: '', ownerLink: '', journalListLink: 'https://list.example' });
  });
});
