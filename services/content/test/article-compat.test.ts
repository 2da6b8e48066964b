/** Titles keep sub-/superscript end to end; editing keeps an older record's non-numeric reference number. */
import request from 'supertest';
import { sanitizeTitle } from '@journal/server-kit';
import { staffHeaders, staffToken } from '@journal/testing';
import { makeJournal, makePdf, startContent, stopContent } from './helpers';

let app: Awaited<ReturnType<typeof startContent>>;
let J: string;
let T: string;
let pdf: Buffer;
const as = () => staffHeaders(J, T);

const fields = (over: Record<string, string> = {}): Record<string, string> => ({
  year: '2026', volume: '3', issue: '1', refnumber: '5001', title: 'Growth of <i>E. coli</i> in H<sub>2</sub>O at 10<sup>5</sup> cells',
  authorname: 'Asha Rao', abstract: '<p>Text</p>', keywords: '', pagenumber: '1-4', subject: '', country: '', email: 'a@b.org',
  mobile: '', txnid: 'TX5001', ptype: 'paid', publishdate: '2026-01-05', ...over,
});
const post = (path: string, f: Record<string, string>, file?: Buffer) => {
  let r = request(app.url).post(path).set(as());
  for (const [k, v] of Object.entries(f)) r = r.field(k, v);
  if (file) r = r.attach('pdfFile', file, { filename: 'p.pdf', contentType: 'application/pdf' });
  return r;
};

beforeAll(async () => {
  app = await startContent();
  J = await makeJournal(app, 'compat');
  T = staffToken(J);
  pdf = await makePdf('H2O paper');
  await request(app.url).post('/api/admin/create-issue').set(as()).send({ year: 2026, volume: 3, issue: 1, frequency: 'January-March' }).expect(201);
});
afterAll(() => stopContent(app));

describe('title markup', () => {
  it('keeps i, em, sub and sup and nothing else', () => {
    expect(sanitizeTitle('H<sub>2</sub>O <sup class="x">+</sup> <b>bold</b><script>x()</script> <em>e</em>')).toBe('H<sub>2</sub>O <sup>+</sup> bold <em>e</em>');
  });

  it('survives save and the public answer', async () => {
    const r = await post('/api/admin/archives/', fields(), pdf);
    expect(r.status).toBe(201);
    const pub = await request(app.url).get(`/api/archives/${r.body.id}`).set({ 'x-journal-id': J });
    expect(pub.status).toBe(200);
    expect(pub.body.title).toBe('Growth of <i>E. coli</i> in H<sub>2</sub>O at 10<sup>5</sup> cells');
  });
});

describe('legacy reference numbers', () => {
  let id: string;
  beforeAll(async () => {
    const a = await app.repos.articles.create(J, {
      ...fields({ refnumber: 'AJ-2019-17', txnid: 'TXOLD', title: 'An older record', pagenumber: '10-12' }),
      year: 2026, volume: 3, issue: 1, status: 'enabled', file: '', description: 'An older record', frequency: 'january-march',
    } as never);
    id = a.id;
  });

  it('keeps a non-numeric one on edit', async () => {
    const r = await post(`/api/archives/${id}`, fields({ refnumber: 'AJ-2019-17', txnid: 'TXOLD', title: 'An older record, edited', pagenumber: '10-12' }));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ refnumber: 'AJ-2019-17', title: 'An older record, edited' });
  });

  it('refuses changing it to another non-numeric one, with the message the form shows', async () => {
    const r = await post(`/api/archives/${id}`, fields({ refnumber: 'AJ-2019-18', txnid: 'TXOLD', title: 'An older record, edited', pagenumber: '10-12' }));
    expect([r.status, r.body.error, r.body.message]).toEqual([400, 'invalid_refnumber', 'Ref number must be a valid number']);
  });

  it('stays numeric-only on add', async () => {
    const r = await post('/api/admin/archives/', fields({ refnumber: 'AJ-9', txnid: 'TX9', title: 'New one', pagenumber: '20-22' }), pdf);
    expect(r.status).toBe(400);
  });
});
