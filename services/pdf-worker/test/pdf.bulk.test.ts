import request from 'supertest';
import { newObjectId } from '@journal/testing';
import { article, demoSettings, editor, makeLogoPng } from './helpers/content-fixture';
import { adminToken, binary, pdfText, pollJob, readZip, startStack, type Stack } from './helpers/stack';

// eslint-disable-next-line no-control-regex -- names must hold no control characters
const SAFE_NAME = /^[^/\\\u0000-\u001f\u007f]+\.pdf$/;

describe('bulk zips with progress', () => {
  let s: Stack;
  const J = newObjectId();
  const OTHER = newObjectId();
  let token: string;
  const refs: number[] = [];
  let expectedCerts = 0;
  const eds = [editor('Dr. Ramesh Kumar', 'chief editor'), editor('Dr. Sunita Rao', 'associate editor'), editor('डॉ. अंजलि वर्मा', 'assistant editor')];

  beforeAll(async () => {
    s = await startStack();
    token = adminToken(J);
    const articles = [];
    for (let i = 0; i < 12; i++) {
      const ref = 2001 + i;
      const names = ['Dr. Anita Sharma', `Author ${i} Kumar`, 'राम कुमार'].slice(0, (i % 3) + 1).join(', ');
      articles.push(article(ref, names));
      refs.push(ref);
      expectedCerts += (i % 3) + 1;
    }
    // hostile names must still give safe, unique entry names
    articles.push(article(2100, `../../etc/passwd, a/b\\c, x\u0001y, ${'Z'.repeat(300)}, Dr. Anita Sharma, Dr. Anita Sharma`));
    refs.push(2100);
    expectedCerts += 6;
    s.content.journals.set(J, { settings: demoSettings('Journal of Bulk Studies'), logo: makeLogoPng(), editors: eds, articles });
    s.content.journals.set(OTHER, { settings: demoSettings('Other Journal'), editors: [], articles: [article(9001, 'Someone Else')] });
  }, 60_000);
  afterAll(async () => {
    await s.stop();
  });

  it('runs an async bulk job whose progress reaches done/total, then serves one safe entry per author per article', async () => {
    const start = await request(s.api.url)
      .post('/api/pdf/bulkcertificates?async=1')
      .set('x-journal-id', J)
      .set('authorization', `Bearer ${token}`)
      .send({ refs });
    expect(start.status).toBe(202);
    const { jobId, statusUrl, resultUrl } = start.body as { jobId: string; statusUrl: string; resultUrl: string };
    expect(statusUrl).toBe(`/api/pdf/jobs/${jobId}`);

    const seen = await pollJob(s.api.url, jobId, { 'x-journal-id': J, authorization: `Bearer ${token}` });
    const last = seen[seen.length - 1]!;
    expect(last.state).toBe('completed');
    expect(last.progress).toEqual({ done: expectedCerts, total: expectedCerts });
    for (let i = 1; i < seen.length; i++) {
      expect(seen[i]!.progress.done).toBeGreaterThanOrEqual(seen[i - 1]!.progress.done);
      expect(seen[i]!.progress.done).toBeLessThanOrEqual(seen[i]!.progress.total);
    }

    const res = await binary(request(s.api.url).get(resultUrl).set('x-journal-id', J).set('authorization', `Bearer ${token}`));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('filename="Certificates.zip"');
    const entries = readZip(res.body as Buffer);
    expect(entries).toHaveLength(expectedCerts);
    const names = entries.map((e) => e.name);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
    for (const n of names) {
      expect(n).toMatch(SAFE_NAME);
      expect(n).not.toContain('..');
      expect([...n].length).toBeLessThanOrEqual(120);
    }
    // every entry is a one-page certificate of its own author and article
    const byRef = new Map<string, number>();
    for (const e of entries) {
      const { text, pages } = await pdfText(e.data);
      expect(pages).toBe(1);
      const ref = /Reference No\. (\d+)/i.exec(text)?.[1];
      expect(ref).toBeDefined();
      byRef.set(ref!, (byRef.get(ref!) ?? 0) + 1);
      expect(e.name).toContain(`certificate-${ref}-`);
    }
    expect(byRef.get('2001')).toBe(1);
    expect(byRef.get('2003')).toBe(3);
    expect(byRef.get('2100')).toBe(6);
    const one = entries.find((e) => e.name === 'certificate-2002-Author 1 Kumar.pdf');
    expect(one).toBeDefined();
    expect((await pdfText(one!.data)).text).toContain('Author 1 Kumar');
  });

  it('answers the synchronous endpoint with the zip, from the cache the second time', async () => {
    const res = await binary(request(s.api.url).post('/api/pdf/bulkcertificates').set('x-journal-id', J).set('authorization', `Bearer ${token}`).send(refs));
    expect(res.status).toBe(200);
    expect(res.headers['x-pdf-cache']).toBe('hit');
    expect(readZip(res.body as Buffer)).toHaveLength(expectedCerts);
  });

  it('builds editor certificates, one per editor', async () => {
    const res = await binary(
      request(s.api.url).post('/api/pdf/editorscertificate').set('x-journal-id', J).set('authorization', `Bearer ${token}`).send(eds.map((e) => e.id)),
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="Editors-Certificate.zip"');
    const entries = readZip(res.body as Buffer);
    expect(entries.map((e) => e.name).sort()).toEqual(['certificate-Dr. Ramesh Kumar.pdf', 'certificate-Dr. Sunita Rao.pdf', 'certificate-डॉ. अंजलि वर्मा.pdf'].sort());
    const rao = entries.find((e) => e.name.includes('Sunita'))!;
    const { text } = await pdfText(rao.data);
    expect(text).toContain('Dr. Sunita Rao');
    expect(text).toContain('Journal of Bulk Studies');
    expect(text.toLowerCase()).toContain('associate editor');
  });

  it('keeps jobs to their journal and their admin kinds to signed-in users', async () => {
    const start = await request(s.api.url).post('/api/pdf/indexpage?async=1').set('x-journal-id', J).set('authorization', `Bearer ${token}`).send([2001]);
    expect(start.status).toBe(202);
    const id = (start.body as { jobId: string }).jobId;
    await pollJob(s.api.url, id, { 'x-journal-id': J, authorization: `Bearer ${token}` });
    const other = await request(s.api.url).get(`/api/pdf/jobs/${id}`).set('x-journal-id', OTHER).set('authorization', `Bearer ${adminToken(OTHER)}`);
    expect(other.status).toBe(404);
    const otherResult = await request(s.api.url).get(`/api/pdf/jobs/${id}/result`).set('x-journal-id', OTHER).set('authorization', `Bearer ${adminToken(OTHER)}`);
    expect(otherResult.status).toBe(404);
    const anonymous = await request(s.api.url).get(`/api/pdf/jobs/${id}`).set('x-journal-id', J);
    expect(anonymous.status).toBe(401);
    const unknown = await request(s.api.url).get(`/api/pdf/jobs/${'0'.repeat(64)}`).set('x-journal-id', J);
    expect(unknown.status).toBe(404);
  });

  it('answers a public document asynchronously with Prefer: respond-async', async () => {
    const start = await request(s.api.url).get('/api/pdf/certificate/2003/Dr.%20Anita%20Sharma').set('x-journal-id', J).set('prefer', 'respond-async');
    expect(start.status).toBe(202);
    const id = (start.body as { jobId: string }).jobId;
    const seen = await pollJob(s.api.url, id, { 'x-journal-id': J });
    expect(seen[seen.length - 1]!.progress).toEqual({ done: 1, total: 1 });
    const res = await binary(request(s.api.url).get(`/api/pdf/jobs/${id}/result`).set('x-journal-id', J));
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="certificate-2003.pdf"');
  });
});
