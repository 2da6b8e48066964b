/**
 * A withdrawal takes everything of the article down at once, tried as a reader (or someone who kept
 * the links) would through nginx (docs/product.md#withdrawals): the PDF at every URL of every
 * version (held in nginx's asset cache for a year before), the certificate and the cover page, and
 * the files of their jobs made before the withdrawal; none is answered from a cache. Restoring
 * brings them back; a replaced PDF's old versioned URL is no longer the file.
 */
import { until } from '@journal/testing';
import { BASE, DEMO_USER, onHost, untilLive, type HostAnswer } from './harness';

interface Listed {
  id: string;
  refnumber: string;
  authorname: string;
  year: number;
  volume: number;
  issue: number;
  pdf_url: string | null;
}

let token = '';
let a: Listed;
let original: Buffer;
const get = (p: string, headers: Record<string, string> = {}) => onHost(BASE, p, headers);
const auth = () => ({ authorization: `Bearer ${token}` });
const json = async <T>(p: string): Promise<T> => JSON.parse((await get(p)).text) as T;
/** The admin's act, then until the admin shows it live everywhere (the save answers before nginx is purged). */
const admin = async (action: 'withdraw' | 'restore', body: object = {}) => {
  const r = await fetch(`${BASE}/api/admin/articles/${a.id}/${action}`, { method: 'POST', headers: { ...auth(), 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (r.ok) await untilLive(BASE, token);
  return r;
};
const pdfUrl = async () => (await json<Listed>(`/api/archives/ref/${a.refnumber}`)).pdf_url;

/** A reader's document as a job: started, waited for, and its job id. */
async function documentJob(path: string): Promise<string> {
  const started = await get(`${path}?async=1`);
  expect([path, started.status]).toEqual([path, 202]);
  const id = String((JSON.parse(started.text) as { jobId: string }).jobId);
  await until(async () => {
    const s = JSON.parse((await get(`/api/pdf/jobs/${id}`)).text) as { state: string };
    if (s.state === 'failed') throw new Error(`${path} failed`);
    return s.state === 'completed';
  }, `${path} to be made`, 60_000, 200);
  return id;
}

/**
 * Until nginx answers the URL from its cache (the write's second purge, a moment after it, may
 * take a copy filled right after the write).
 */
const keptByNginx = (url: string) => until(async () => (await get(url)).headers['x-cache'] === 'HIT', `${url} kept by nginx`, 30_000, 100);

/** Asked twice each: the status every time, and never an answer nginx kept. */
async function statuses(paths: string[]): Promise<[string, number, string][]> {
  const out: [string, number, string][] = [];
  for (const p of paths) {
    for (let i = 0; i < 2; i++) {
      const r: HostAnswer = await get(p);
      out.push([p, r.status, r.headers['x-cache'] === 'HIT' ? 'HIT' : 'not kept']);
    }
  }
  return out;
}

/** Replaces the article's PDF through the admin API (the edit form's multipart save). */
async function uploadPdf(bytes: Buffer) {
  const stored = (await (await fetch(`${BASE}/api/admin/articles/${a.id}`, { headers: auth() })).json()) as Record<string, unknown>;
  const form = new FormData();
  for (const k of ['year', 'volume', 'issue', 'frequency', 'refnumber', 'title', 'authorname', 'keywords', 'pagenumber', 'subject', 'country', 'email', 'mobile', 'txnid', 'ptype', 'publishdate', 'doi', 'abstract'])
    form.append(k, String(stored[k] ?? ''));
  form.append('pdfFile', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), `${a.refnumber}.pdf`);
  const r = await fetch(`${BASE}/api/archives/${a.id}`, { method: 'POST', headers: auth(), body: form });
  expect(r.status).toBe(200);
  await untilLive(BASE, token);
}

beforeAll(async () => {
  const login = await fetch(`${BASE}/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: DEMO_USER.name, password: DEMO_USER.password }) });
  token = ((await login.json()) as { token: string }).token;
  // An article of the oldest issue: other suites read the newest.
  const years = await json<{ year: number; issues: { volume: number; issue: number }[] }[]>('/api/archives/');
  const y = years.at(-1)!;
  const i = y.issues.at(-1)!;
  a = (await json<Listed[]>(`/api/archives/${y.year}/${i.volume}/${i.issue}`)).find((x) => x.pdf_url && x.authorname)!;
  expect(a).toBeDefined();
  original = (await get(a.pdf_url!)).body;
});

afterAll(async () => {
  // Whatever failed, the article stands again with its own PDF.
  await admin('restore');
  if ((await pdfUrl()) !== a.pdf_url) await uploadPdf(original);
});

describe("a withdrawn article's files through nginx", () => {
  it('withdrawn: every file URL, the certificate, the cover page and their jobs answer 410, none from a cache; restored, all come back', async () => {
    const url = a.pdf_url!;
    const [bare, v] = url.split('?v=') as [string, string];
    const author = encodeURIComponent(a.authorname.split(',')[0]!.trim());
    const page = `/archives/${a.year}/vol${a.volume}/issue${a.issue}/${a.refnumber}`;
    // Readers had it all: the file kept by nginx (under any query), the documents made and kept by the pdf service.
    expect((await get(url)).status).toBe(200);
    await keptByNginx(`${url}&utm_source=x`);
    const cert = await documentJob(`/api/pdf/certificate/${a.refnumber}/${author}`);
    const cover = await documentJob(`/api/pdf/coverpage/${a.refnumber}`);

    expect((await admin('withdraw', { kind: 'withdrawn', reason: 'Copyright takedown' })).status).toBe(200);
    const files = [
      url, bare, `${bare}?v=AAAAAAAAAAAA`, `${bare}?V=${v}`, `${url}&utm_source=x`, `${bare.replace(/\.pdf$/, '%2Epdf')}?v=${v}`,
      `/api/pdf/certificate/${a.refnumber}/${author}`, `/api/pdf/coverpage/${a.refnumber}`,
      `/api/pdf/jobs/${cert}/result`, `/api/pdf/jobs/${cover}/result`, `/api/pdf/jobs/${cert}`, `/api/pdf/jobs/${cover}`,
    ];
    expect(await statuses(files)).toEqual(files.flatMap((p) => [[p, 410, 'not kept'], [p, 410, 'not kept']]));
    const browser = await get(url, { accept: 'text/html' });
    expect([browser.status, browser.text.includes('This article has been withdrawn')]).toEqual([410, true]);
    expect((await get(page)).status).toBe(410);
    expect(await pdfUrl()).toBeNull();

    expect((await admin('restore')).status).toBe(200);
    expect(await pdfUrl()).toBe(url);
    const back = await get(url);
    expect([back.status, back.body.equals(original)]).toEqual([200, true]);
    await keptByNginx(url);
    expect((await get(`/api/pdf/jobs/${cert}/result`)).status).toBe(200);
    expect((await get(`/api/pdf/jobs/${cover}/result`)).status).toBe(200);
    expect((await get(page)).status).toBe(200);
  }, 180_000);

  it("a replaced PDF's old versioned URL is no longer the file, in nginx either", async () => {
    const old = a.pdf_url!;
    expect((await get(old)).status).toBe(200);
    await keptByNginx(old);
    await uploadPdf(Buffer.from(`%PDF-1.4\n% replaced ${Date.now()}\n%%EOF\n`));
    const now = (await pdfUrl())!;
    expect(now).not.toBe(old);
    // The old version sends readers to the new one, and nginx no longer holds it.
    for (let i = 0; i < 2; i++) {
      const r = await get(old);
      expect([r.status, r.headers.location, r.headers['x-cache'] === 'HIT']).toEqual([302, now, false]);
    }
    expect((await get(now)).body.toString()).toContain('% replaced');
    // Put back: the first version's URL is the file again, the replacement's is retired.
    await uploadPdf(original);
    expect(await pdfUrl()).toBe(old);
    expect((await get(now)).status).toBe(302);
    expect((await get(old)).body.equals(original)).toBe(true);
  }, 120_000);
});
