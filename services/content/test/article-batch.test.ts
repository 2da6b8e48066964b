import request from 'supertest';
import { articleBatchResponseSchema, ARTICLE_BATCH_MAX } from '@journal/common';
import { seedDemoContent } from '../src/seed/demo';
import { startContent, stopContent } from './helpers';

let app: Awaited<ReturnType<typeof startContent>>;
let demo: string;
let chem: string;
let publicRefs: string[];
let hiddenRef: string;
let chemRef: string;

const batch = (body: unknown, jid = demo) => request(app.url).post('/internal/articles/by-refs').set('x-journal-id', jid).send(body as object);

beforeAll(async () => {
  app = await startContent();
  const r = await seedDemoContent({ mongoUrl: app.config.MONGO_URL, dbName: app.config.MONGO_DB });
  demo = r.journals.find((j) => j.slug === 'demo')!.id;
  chem = r.journals.find((j) => j.slug === 'chem')!.id;
  const all = await app.repos.articles.list(demo);
  publicRefs = all.filter((a) => a.status === 'enabled' && a.refnumber).map((a) => a.refnumber);
  hiddenRef = all.find((a) => a.status !== 'enabled')!.refnumber;
  chemRef = (await app.repos.articles.list(chem)).find((a) => a.status === 'enabled')!.refnumber;
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
    ['an array', [publicRefs?.[0] ?? '1']],
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
