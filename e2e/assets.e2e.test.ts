/**
 * Article PDFs through nginx as readers download them: a versioned URL is fetched from the
 * services once and then answered from nginx's disk cache (Range requests too), many readers asking
 * at once for a file not yet cached cause one fetch, and the bare path is passed through uncached.
 */
import { BASE, onHost, purgeAsset } from './harness';

const get = (p: string, headers: Record<string, string> = {}) => onHost(BASE, p, headers);

let pdfUrl: string;
beforeAll(async () => {
  const years = JSON.parse((await get('/api/archives/')).body.toString()) as unknown;
  const m = /"year":"?(\d+)"?[^\]]*?"volume":"?(\d+)"?[^\]]*?"issue":"?(\d+)"?/.exec(JSON.stringify(years));
  const list = JSON.parse((await get(`/api/archives/${m![1]}/vol${m![2]}/issue${m![3]}`)).body.toString()) as { pdf_url: string | null }[];
  pdfUrl = list.find((a) => a.pdf_url)!.pdf_url!;
  expect(pdfUrl).toMatch(/^\/assets\/archives\/.+\.pdf\?v=[\w-]{12}$/);
});

// Each test starts with the file out of nginx's cache (its key is the host, the path and the
// version alone), so the first request is a miss whatever ran before.
const fresh = async () => {
  await purgeAsset(BASE, pdfUrl);
  return pdfUrl;
};

describe('article PDFs by versioned URL', () => {
  it('are fetched once, then answered by nginx from its disk cache, ranges included', async () => {
    const url = await fresh();
    const first = await get(url);
    expect(first.status).toBe(200);
    expect(first.headers['x-cache']).toBe('MISS');
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(first.body.subarray(0, 5).toString()).toBe('%PDF-');
    const again = await get(url);
    expect(again.headers['x-cache']).toBe('HIT');
    expect(again.body.equals(first.body)).toBe(true);
    expect(again.headers.etag).toBe(first.headers.etag);
    const part = await get(url, { range: 'bytes=10-19' });
    expect(part.status).toBe(206);
    expect(part.headers['x-cache']).toBe('HIT');
    expect(part.headers['content-range']).toBe(`bytes 10-19/${first.body.length}`);
    expect(part.body.equals(first.body.subarray(10, 20))).toBe(true);
    const notModified = await get(url, { 'if-none-match': String(first.headers.etag) });
    expect(notModified.status).toBe(304);
  });

  it('asked by many readers at once before it is cached: no one waits on another, everyone gets the same bytes, then nginx has it', async () => {
    // No cache lock (its waiters are looked at every 500 ms): the readers who come during the first
    // fetch are passed to the content service, which reads the file once for all of them.
    const url = await fresh();
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(url)));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(answers.every((a) => a.body.equals(answers[0]!.body))).toBe(true);
    expect(answers.filter((a) => a.headers['x-cache'] === 'MISS').length).toBeGreaterThanOrEqual(1);
    const next = await get(url);
    expect(next.headers['x-cache']).toBe('HIT');
    expect(next.body.equals(answers[0]!.body)).toBe(true);
  });

  it('by their bare path are passed to the services uncached, with a short browser cache', async () => {
    const bare = pdfUrl.split('?')[0]!;
    const r = await get(bare);
    expect(r.status).toBe(200);
    expect(r.headers['x-cache']).toBe('BYPASS');
    expect(r.headers['cache-control']).toBe('public, max-age=300');
    expect(r.body.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
