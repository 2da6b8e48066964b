import request from 'supertest';
import { CLOCKSS_PERMISSION, LOCKSS_PERMISSION } from '../src/preservation/lockss-manifest';
import { makeJournal, startContent, stopContent } from './helpers';

let app: Awaited<ReturnType<typeof startContent>>;
let J: string;
let other: string;
const get = (p: string, jid = J, host = 'pres.test') => request(app.url).get(p).set({ 'x-journal-id': jid, 'x-journal-host': host, host });

beforeAll(async () => {
  app = await startContent({ PUBLIC_PORT: '' });
  J = await makeJournal(app, 'pres', { issn: '1111-2222', journal_essn: '3333-4444' });
  other = await makeJournal(app, 'pres2');
  for (const [year, vol, issue, ref, status] of [[2023, 1, 1, '801', 'enabled'], [2024, 2, 1, '802', 'enabled'], [2024, 2, 2, '803', 'enabled'], [2022, 0, 1, '804', 'disabled']] as const) {
    await app.repos.issues.create(J, { year, volume: vol, issue, frequency: 'march' });
    await app.repos.articles.create(J, { year, volume: vol, issue, refnumber: ref, txnid: `t${ref}`, title: `Kept ${ref}`, status, pagenumber: '1-2', authorname: 'A B' });
  }
  await app.publisher.invalidate(J);
});
afterAll(async () => {
  await stopContent(app);
});

describe('LOCKSS and CLOCKSS manifests (docs/product.md#preservation)', () => {
  it('a page per year with the permission statements and the year\'s issues', async () => {
    const r = await get('/lockss/2024');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/text\/html/);
    expect(r.text).toContain(`<p>${LOCKSS_PERMISSION}</p>`);
    expect(r.text).toContain(`<p>${CLOCKSS_PERMISSION}</p>`);
    expect(r.text).toContain('LOCKSS system has permission to collect, preserve, and serve this Archival Unit.');
    expect(r.text).toContain('CLOCKSS system has permission to ingest, preserve, and serve this Archival Unit.');
    const links = [...r.text.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(links).toEqual(expect.arrayContaining(['http://pres.test/archives/2024/vol2/issue2', 'http://pres.test/archives/2024/vol2/issue1']));
    expect(links.some((l) => l!.includes('/archives/2023/'))).toBe(false);
    expect(r.text).toContain('ISSN 1111-2222 (print), ISSN 3333-4444 (online)');
    expect((await get('/clockss/2024')).text).toBe(r.text);
    // Revalidated by its ETag.
    expect((await get('/lockss/2024').set('If-None-Match', r.headers.etag!)).status).toBe(304);
  });

  it('an index of the years with published issues; no page for a year without any, or for another journal', async () => {
    const idx = await get('/lockss');
    expect([...idx.text.matchAll(/href="[^"]*\/lockss\/(\d{4})"/g)].map((m) => m[1])).toEqual(['2024', '2023']);
    expect(idx.text).toContain(LOCKSS_PERMISSION);
    for (const p of ['/lockss/2022', '/lockss/1999', '/lockss/abcd', '/lockss/20245']) expect([p, (await get(p)).status]).toEqual([p, 404]);
    expect((await get('/lockss/2024', other, 'pres2.test')).status).toBe(404);
    expect((await get('/lockss', other, 'pres2.test')).text).not.toContain('/lockss/2024');
  });
});
