import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { REVIEWER_CERTIFICATE_LINK, reviewerCertificatePath } from '@journal/contracts';
import { linkSignature } from '@journal/server-kit';
import { newObjectId, staffToken, TEST_JWT_SECRET } from '@journal/testing';
import { demoSettings, editor, makeLogoPng } from './helpers/content-fixture';
import { adminToken, binary, pollJob, readZip, startStack, type Stack } from './helpers/stack';

/**
 * docs/product.md#reviewer-certificates: the certificate of reviewing, opened by its signed link
 * (what the email attaches), and a year's certificates in one zip for staff. Read with pdftotext,
 * as a reviewer's tools read the file: Latin names with diacritics and Devanagari names.
 */
const JOURNAL = 'Revista de Ciências Agrárias e Ambientais';
const LATIN = { name: 'Dr. José Müller-Łukasiewicz', affiliation: 'Université de Montréal, Québec, Canada' };
// Devanagari without reph or pre-base vowels extracts letter for letter.
const DEVANAGARI = { name: 'सुनीता राव', affiliation: 'भारतीय कृषि अनुसंधान संस्थान, नई दिल्ली' };

/** A poppler tool's output for the file. */
function poppler(tool: 'pdftotext' | 'pdfinfo', pdf: Buffer, args: string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'reviewer-cert-'));
  try {
    const file = path.join(dir, 'c.pdf');
    writeFileSync(file, pdf);
    return execFileSync(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
/** The text with every run of white space made one space (a layout may break a line anywhere). */
const flat = (s: string) => s.normalize('NFC').replace(/\s+/g, ' ');
const pdftotext = (pdf: Buffer) => poppler('pdftotext', pdf, ['-layout']);
const pages = (pdf: Buffer) => Number(/^Pages:\s+(\d+)/m.exec(poppler('pdfinfo', pdf, []))?.[1]);

function review(reviewer: { name: string; affiliation: string }, n: number, extra: Record<string, unknown> = {}) {
  const submittedAt = `2026-0${(n % 9) + 1}-1${n % 10}T10:00:00.000Z`;
  return {
    journalId: '',
    reviewId: newObjectId(),
    submissionId: newObjectId(),
    reviewer: { id: newObjectId(), name: reviewer.name, email: `r${n}@example.org`, affiliation: reviewer.affiliation, ror: '', orcid: '' },
    journalName: JOURNAL,
    submissionNumber: `RCA-2026-0000${n}`,
    title: `Soil &lt;i&gt;Rhizobium&lt;/i&gt; nodulation under drought, study ${n}`,
    hideTitle: false,
    submittedAt,
    date: submittedAt.slice(0, 10),
    ...extra,
  };
}

describe('reviewer certificates', () => {
  let s: Stack;
  const J = newObjectId();
  const OTHER = newObjectId();
  const latin = review(LATIN, 1);
  const deva = review(DEVANAGARI, 2);
  const hidden = review(LATIN, 3, { hideTitle: true, title: '' });
  const hostile = review({ name: '../../etc/passwd\u0001 <b>x</b>', affiliation: '' }, 4);
  const lastYear = review(LATIN, 5, { submittedAt: '2025-12-31T23:00:00.000Z' });
  const link = (r: { reviewId: string }, journalId = J) => reviewerCertificatePath(r.reviewId, linkSignature(TEST_JWT_SECRET, REVIEWER_CERTIFICATE_LINK, journalId, r.reviewId));
  const get = (p: string, journalId = J) => binary(request(s.api.url).get(p).set('x-journal-id', journalId));

  beforeAll(async () => {
    s = await startStack();
    s.content.journals.set(J, {
      settings: demoSettings(JOURNAL),
      logo: makeLogoPng(),
      editors: [editor('Dr. Ramesh Kumar', 'chief editor')],
      articles: [],
      reviews: [latin, deva, hidden, hostile, lastYear],
    });
    s.content.journals.set(OTHER, { settings: demoSettings('Other Journal'), editors: [], articles: [], reviews: [] });
  }, 60_000);
  afterAll(async () => {
    await s.stop();
  });

  it('reads right: a Latin name with diacritics, the affiliation, journal, manuscript, title, date, seal and signature', async () => {
    const res = await get(link(latin));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('filename="reviewer-certificate-RCA-2026-00001.pdf"');
    expect(pages(res.body as Buffer)).toBe(1);
    const text = flat(pdftotext(res.body as Buffer));
    for (const want of [
      'CERTIFICATE OF REVIEWING',
      'Manuscript No. RCA-2026-00001',
      LATIN.name,
      LATIN.affiliation,
      JOURNAL,
      'Soil Rhizobium nodulation under drought, study 1',
      'Review submitted on 11 February 2026',
      'PEER REVIEW',
      'Dr. Ramesh Kumar, Ph.D.',
      'Editor-in-Chief',
    ]) expect(text).toContain(want);
    expect(text).not.toContain('<i>');
  });

  it('reads right: a Devanagari name and affiliation', async () => {
    const res = await get(link(deva));
    expect(res.status).toBe(200);
    const text = flat(pdftotext(res.body as Buffer));
    expect(text).toContain(DEVANAGARI.name);
    // Text extraction may split a shaped cluster ('कृ षि'): the affiliation's letters, all in order.
    expect(text.replace(/\s/g, '')).toContain(DEVANAGARI.affiliation.replace(/\s/g, ''));
    expect(text).toContain('Manuscript No. RCA-2026-00002');
  });

  it('leaves the title out when the journal hides titles', async () => {
    const res = await get(link(hidden));
    expect(res.status).toBe(200);
    const text = flat(pdftotext(res.body as Buffer));
    expect(text).toContain('has reviewed a manuscript for');
    expect(text).toContain('Manuscript No. RCA-2026-00003');
    expect(text).not.toContain('Rhizobium');
  });

  it('opens only with its own signature, for its own journal; its job is not a reader\u2019s', async () => {
    const good = link(latin);
    const sig = good.split('/').pop()!;
    for (const [p, journalId] of [
      [reviewerCertificatePath(latin.reviewId, `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`), J],
      [reviewerCertificatePath(latin.reviewId, 'x'), J],
      [reviewerCertificatePath('not-an-id', sig), J],
      [reviewerCertificatePath(deva.reviewId, sig), J],
      [good, OTHER],
      [link({ reviewId: newObjectId() }), J],
    ] as const) {
      const res = await request(s.api.url).get(p).set('x-journal-id', journalId);
      expect([p, res.status, res.body]).toEqual([p, 404, { error: 'certificate_not_found', message: 'No such certificate' }]);
    }
    // The file's key names a job whose reads are staff's: the link is the reviewer's only way in.
    const etag = String((await get(good)).headers.etag).replace(/"/g, '');
    expect((await request(s.api.url).get(`/api/pdf/jobs/${etag}`).set('x-journal-id', J)).status).toBe(401);
    expect((await request(s.api.url).get(`/api/pdf/jobs/${etag}/result`).set('x-journal-id', J)).status).toBe(401);
  });

  it('makes a year\u2019s certificates in one zip with progress: safe, unique entry names, one page each', async () => {
    const token = adminToken(J);
    const start = await request(s.api.url).post('/api/pdf/reviewercertificates?async=1').set('x-journal-id', J).set('authorization', `Bearer ${token}`).send({ year: 2026 });
    expect(start.status).toBe(202);
    const { jobId, resultUrl, filename } = start.body as { jobId: string; resultUrl: string; filename: string };
    expect(filename).toBe('Reviewer-Certificates-2026.zip');
    const seen = await pollJob(s.api.url, jobId, { 'x-journal-id': J, authorization: `Bearer ${token}` });
    expect(seen.at(-1)).toMatchObject({ state: 'completed', progress: { done: 4, total: 4 } });

    const res = await binary(request(s.api.url).get(resultUrl).set('x-journal-id', J).set('authorization', `Bearer ${token}`));
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="Reviewer-Certificates-2026.zip"');
    const entries = readZip(res.body as Buffer);
    const names = entries.map((e) => e.name);
    expect(names.slice(0, 3)).toEqual([
      `reviewer-certificate-RCA-2026-00001-${LATIN.name}.pdf`,
      `reviewer-certificate-RCA-2026-00002-${DEVANAGARI.name}.pdf`,
      `reviewer-certificate-RCA-2026-00003-${LATIN.name}.pdf`,
    ]);
    expect(names[3]).toMatch(/^reviewer-certificate-RCA-2026-00004-/);
    for (const e of entries) {
      // eslint-disable-next-line no-control-regex -- names must hold no control characters
      expect(e.name).toMatch(/^[^/\\\u0000-\u001f\u007f]+\.pdf$/);
      expect(e.name).not.toContain('..');
      expect(pages(e.data)).toBe(1);
    }
    expect(flat(pdftotext(entries[1]!.data))).toContain(DEVANAGARI.name);
    expect(flat(pdftotext(entries[3]!.data))).toContain('../../etc/passwd');
  });

  it('refuses bad input and other callers without making anything', async () => {
    const post = (body: unknown, token: string | null, journalId = J) => {
      const r = request(s.api.url).post('/api/pdf/reviewercertificates').set('x-journal-id', journalId);
      return (token ? r.set('authorization', `Bearer ${token}`) : r).send(body as object);
    };
    const token = adminToken(J);
    expect((await post({ year: 2026 }, null)).status).toBe(401);
    expect((await post({ year: 2026 }, staffToken(J, 'w', undefined, 'worklog'))).status).toBe(403);
    for (const bad of [{}, { year: 'soon' }, { year: 1800 }, { year: 2026.5 }, []]) {
      const res = await post(bad, token);
      expect([bad, res.status, (res.body as { error: string }).error]).toEqual([bad, 400, 'validation_error']);
    }
    const none = await post({ year: 2024 }, token);
    expect([none.status, none.body]).toEqual([404, { error: 'no_reviews', message: 'No review was submitted in 2024' }]);
    s.content.journals.get(J)!.refuseStaff = true;
    try {
      const refused = await post({ year: 2026 }, token);
      expect([refused.status, (refused.body as { error: string }).error]).toEqual([403, 'role_forbidden']);
    } finally {
      s.content.journals.get(J)!.refuseStaff = false;
    }
  });
});
