import request from 'supertest';
import { articleBatchResponseSchema, ARTICLE_BATCH_MAX } from '@journal/contracts';
import { makeJournal, startContent, stopContent } from './helpers';

let app: Awaited<ReturnType<typeof startContent>>;
let demo: string;
let chem: string;
const publicRefs = ['5001', '5002', '5003', '5004'];
const hiddenRef = '5099';
const chemRef = '6001';

const batch = (body: unknown, jid = demo) => request(app.url).post('/internal/articles/by-refs').set('x-journal-id', jid).send(body as object);

beforeAll(async () => {
  app = await startContent();
  demo = await makeJournal(app, 'batch1');
  chem = await makeJournal(app, 'batch2');
  const base = { year: 2026, volume: 3, issue: 1, frequency: 'january', authorname: 'A B', status: 'enabled', publishdate: '2026-01-05' };
  await app.repos.issues.create(demo, { year: 2026, volume: 3, issue: 1, frequency: 'january' } as never);
  await app.repos.issues.create(chem, { year: 2026, volume: 3, issue: 1, frequency: 'january' } as never);
  for (const [i, ref] of publicRefs.entries()) {
    await app.repos.articles.create(demo, { ...base, refnumber: ref, txnid: `t${ref}`, title: `Batch &lt;i&gt;article&lt;/i&gt; ${ref}`, pagenumber: `${i * 5 + 1}-${i * 5 + 5}` });
  }
  await app.repos.articles.create(demo, { ...base, refnumber: hiddenRef, txnid: `t${hiddenRef}`, title: 'Hidden', pagenumber: '90-91', status: 'disabled' });
  await app.repos.articles.create(chem, { ...base, refnumber: chemRef, txnid: `t${chemRef}`, title: 'Elsewhere', pagenumber: '1-2' });
});
afterAll(() => stopContent(app));

describe('POST /internal/articles/by-refs', () => {
  test('answers the public articles asked for, in the order asked, each once, in the response schema', async () => {
    const want = [publicRefs[2]!, publicRefs[0]!, publicRefs[2]!, publicRefs[1]!];
    const r = await batch({ refs: want });
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    const body = articleBatchResponseSchema.parse(r.body);
    expect(body.articles.map((a) => a.refnumber)).toEqual([publicRefs[2], publicRefs[0], publicRefs[1]]);
    expect(body.missing).toEqual([]);
    const one = (await request(app.url).get(`/api/archives/ref/${publicRefs[0]}`).set('x-journal-id', demo)).body;
    expect(body.articles[1]).toEqual(articleBatchResponseSchema.shape.articles.element.parse(one));
    // Titles leave decoded and sanitised, with the issue's frequency.
    expect(body.articles[1]).toMatchObject({ title: `Batch <i>article</i> ${publicRefs[0]}`, frequency: 'january', year: 2026, volume: 3, issue: 1 });
  });

  test('lists unknown, hidden and other journals\' references as missing', async () => {
    const body = articleBatchResponseSchema.parse((await batch({ refs: [publicRefs[0], '424242', hiddenRef, chemRef] })).body);
    expect(body.articles.map((a) => a.refnumber)).toEqual([publicRefs[0]]);
    expect(body.missing).toEqual(['424242', hiddenRef, chemRef]);
    const other = articleBatchResponseSchema.parse((await batch({ refs: [chemRef, publicRefs[0]] }, chem)).body);
    expect(other.articles.map((a) => a.refnumber)).toEqual([chemRef]);
    expect(other.missing).toEqual([publicRefs[0]]);
  });

  test('takes up to the bound in one call', async () => {
    const refs = [...publicRefs, ...Array.from({ length: ARTICLE_BATCH_MAX - publicRefs.length }, (_, i) => `9${i}`)];
    expect(refs).toHaveLength(ARTICLE_BATCH_MAX);
    const body = articleBatchResponseSchema.parse((await batch({ refs })).body);
    expect(body.articles).toHaveLength(publicRefs.length);
    expect(body.missing).toHaveLength(ARTICLE_BATCH_MAX - publicRefs.length);
  });

  test.each([
    ['no body', undefined],
    ['an array', ['5001']],
    ['no refs', {}],
    ['an empty list', { refs: [] }],
    ['too many', { refs: Array.from({ length: ARTICLE_BATCH_MAX + 1 }, (_, i) => String(i)) }],
    ['a bad reference', { refs: ['1', '../x'] }],
    ['a number', { refs: [1001] }],
    ['an operator', { refs: [{ $ne: '' }] }],
    ['an unknown field', { refs: ['1'], journalId: 'x' }],
  ])('refuses %s with a 400 naming the problem', async (_name, body) => {
    const r = await batch(body);
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('validation_error');
    expect(typeof r.body.message).toBe('string');
  });

  test('needs the journal header', async () => {
    const r = await request(app.url).post('/internal/articles/by-refs').send({ refs: ['1'] });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('unknown_journal');
  });
});
