import request from 'supertest';
import { newObjectId } from '@journal/testing';
import { article, demoSettings, editor, makeLogoPng } from './helpers/content-fixture';
import { adminToken, binary, pdfText, readZip, startStack, type Stack } from './helpers/stack';

/**
 * docs/product.md#bulk-documents: staff documents are made from what staff selected, disabled and
 * withdrawn items included; what another journal owns is a 404 and nothing is produced.
 */
describe('staff documents of disabled and withdrawn items', () => {
  let s: Stack;
  const J = newObjectId();
  const OTHER = newObjectId();
  let token: string;
  const withdrawal = { kind: 'withdrawn', reason: 'Duplicate publication', at: '2026-01-02T00:00:00.000Z' };
  const shown = article(2001, 'Dr. Anita Sharma');
  const disabled = article(1999, 'Meera Joshi', { status: 'disabled' });
  const withdrawn = article(1998, 'Kiran Patel', { withdrawal });
  const eds = [editor('Dr. Ramesh Kumar', 'chief editor'), editor('Dr. Leela Menon', 'associate editor', { status: 'disabled' }), editor('', 'assistant editor', { status: 'disabled' })];
  const otherArticle = article(9001, 'Someone Else');
  const otherEditor = editor('Dr. Other Person', 'chief editor');
  const admin = (path: string) => request(s.api.url).post(path).set('x-journal-id', J).set('authorization', `Bearer ${token}`);

  beforeAll(async () => {
    s = await startStack();
    token = adminToken(J);
    s.content.journals.set(J, { settings: demoSettings('Journal of Selected Studies'), logo: makeLogoPng(), editors: eds, articles: [shown, disabled, withdrawn] });
    s.content.journals.set(OTHER, { settings: demoSettings('Other Journal'), editors: [otherEditor], articles: [otherArticle] });
  }, 60_000);
  afterAll(async () => {
    await s.stop();
  });

  it('makes the index page of every selected article, a disabled one (ref 1999) and a withdrawn one included', async () => {
    const res = await binary(admin('/api/pdf/indexpage').send(['2001', '1999', '1998']));
    expect(res.status).toBe(200);
    const { text } = await pdfText(res.body as Buffer);
    for (const name of ['Anita Sharma', 'Meera Joshi', 'Kiran Patel']) expect(text).toContain(name);
  });

  it('makes a certificate for each author of the selected articles, disabled ones included', async () => {
    const res = await binary(admin('/api/pdf/bulkcertificates').send({ refs: ['2001', '1999'] }));
    expect(res.status).toBe(200);
    const names = readZip(res.body as Buffer).map((e) => e.name);
    expect(names.sort()).toEqual(['certificate-1999-Meera Joshi.pdf', 'certificate-2001-Dr. Anita Sharma.pdf']);
  });

  it('makes the editors’ certificates of disabled editors, named by the editor and never by a database id', async () => {
    const res = await binary(admin('/api/pdf/editorscertificate').send(eds.map((e) => e.id)));
    expect(res.status).toBe(200);
    const entries = readZip(res.body as Buffer);
    expect(entries.map((e) => e.name).sort()).toEqual(['certificate-Dr. Leela Menon.pdf', 'certificate-Dr. Ramesh Kumar.pdf', 'certificate-editor-3.pdf']);
    for (const e of entries) expect((await pdfText(e.data)).text).not.toMatch(/[a-f0-9]{24}/);
    expect((await pdfText(entries.find((e) => e.name.includes('Leela'))!.data)).text).toContain('Dr. Leela Menon');
  });

  it('answers 404 and produces nothing for items of another journal', async () => {
    for (const [path, body] of [
      ['/api/pdf/indexpage', ['2001', otherArticle.refnumber]],
      ['/api/pdf/bulkcertificates', [otherArticle.refnumber]],
      ['/api/pdf/editorscertificate', [eds[0]!.id, otherEditor.id]],
    ] as const) {
      const res = await admin(`${path}?async=1`).send(body);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(expect.objectContaining({ error: expect.stringMatching(/_not_found$/), message: expect.any(String) }));
      expect(res.body.jobId).toBeUndefined();
      expect(JSON.stringify(res.body.message)).not.toContain(otherEditor.id);
    }
  });

  it('names the country once on the editorial board and the editors’ certificates', async () => {
    const varanasi = editor('Dr. Vinod Kumar Singh', 'associate editor', { content: 'Department of Agronomy, Banaras Hindu University, Varanasi, India', country: 'India' });
    const nepal = editor('Dr. Sita Thapa', 'assistant editor', { content: 'Tribhuvan University, Kathmandu', country: 'Nepal' });
    s.content.journals.set(OTHER, { settings: demoSettings('Journal of Places'), editors: [varanasi, nepal], articles: [] });
    const count = (text: string, word: string) => text.split(word).length - 1;
    const board = await binary(request(s.api.url).get('/api/pdf/editorialboard').set('x-journal-id', OTHER));
    expect(board.status).toBe(200);
    const text = (await pdfText(board.body as Buffer)).text;
    expect(count(text, 'India')).toBe(1);
    expect(text).toContain('Tribhuvan University, Kathmandu, Nepal');
    const zip = await binary(
      request(s.api.url).post('/api/pdf/editorscertificate').set('x-journal-id', OTHER).set('authorization', `Bearer ${adminToken(OTHER)}`).send([varanasi.id, nepal.id]),
    );
    expect(zip.status).toBe(200);
    const [v, n] = readZip(zip.body as Buffer);
    expect(count((await pdfText(v!.data)).text, 'India')).toBe(1);
    expect((await pdfText(n!.data)).text).toContain('Tribhuvan University, Kathmandu, Nepal');
  });

  it("refuses a reader's certificate and cover page of a withdrawn article with 410", async () => {
    s.content.journals.get(J)!.articles.push(article(1997, 'Asha Rao', { withdrawal }));
    const cert = await request(s.api.url).get('/api/pdf/certificate/1997/Asha%20Rao').set('x-journal-id', J);
    expect(cert.status).toBe(410);
    expect(cert.body.error).toBe('article_withdrawn');
    const cover = await request(s.api.url).get('/api/pdf/coverpage/1997').set('x-journal-id', J);
    expect(cover.status).toBe(410);
  });
});
