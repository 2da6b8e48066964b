import request from 'supertest';
import Parser from 'rss-parser';
import { makeJournal, makePdf, startContent, stopContent } from './helpers';

let app: Awaited<ReturnType<typeof startContent>>;
let J: string;
const HOST = 'feeds.test';
const pub = () => ({ 'x-journal-id': J, 'x-journal-host': HOST, host: HOST });
const parser = new Parser({ customFields: { item: [['prism:doi', 'doi'], ['dc:creator', 'creators', { keepArray: true }], ['link', 'links', { keepArray: true }]] } });

beforeAll(async () => {
  app = await startContent();
  J = await makeJournal(app, 'feeds', { hosts: [HOST] });
  await app.repos.issues.create(J, { year: 2026, volume: 4, issue: 1, frequency: 'january' });
  await app.repos.issues.create(J, { year: 2026, volume: 4, issue: 2, frequency: 'april' });
  const base = { volume: 4, year: 2026, status: 'enabled', publishdate: '2026-04-15' };
  const pdf = await makePdf('feed');
  const add = async (issue: number, ref: string, pages: string, extra: Record<string, string> = {}) => {
    const a = await app.repos.articles.create(J, {
      ...base, issue, refnumber: ref, txnid: `t${ref}`, title: `Paper ${ref} on <i>Bacillus</i>`,
      authorname: 'Dr. Asha Rao, Prof. Vikram Singh', abstract: '&lt;p&gt;Abstract &lt;b&gt;bold&lt;/b&gt;&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;', pagenumber: pages, ...extra,
    });
    if (a.file) await app.files.put(J, `/assets/archives/2026/vol4issue${issue}/${a.file}`, pdf, { contentType: 'application/pdf' });
  };
  await add(1, '101', '1-5', { doi: '10.5555/f.101' });
  await add(2, '201', '1-4', { doi: '10.5555/f.201' });
  await add(2, '202', '5-9', { file: '' });
  await app.repos.articles.create(J, { ...base, issue: 2, refnumber: '299', txnid: 't299', title: 'Withdrawn', status: 'disabled' });
});
afterAll(() => stopContent(app));

const fetchText = async (path: string) => {
  const r = await request(app.url).get(path).set(pub());
  expect(r.status).toBe(200);
  return { text: r.text, type: r.headers['content-type'] };
};

describe.each([
  ['/feed.atom', 'application/atom+xml'],
  ['/feed.rss', 'application/rss+xml'],
])('%s', (path, type) => {
  it('is read by rss-parser with every public article, newest issue first, with authors, abstract, PDF and DOI', async () => {
    const { text, type: ct } = await fetchText(path);
    expect(ct).toContain(type);
    const feed = await parser.parseString(text);
    expect(feed.title).toBe('Journal feeds');
    expect(feed.items.map((i) => i.link)).toEqual([
      `http://${HOST}/archives/2026/vol4/issue2/201`,
      `http://${HOST}/archives/2026/vol4/issue2/202`,
      `http://${HOST}/archives/2026/vol4/issue1/101`,
    ]);
    // rss-parser reads RSS enclosures itself; Atom's rel="enclosure" links come from its raw link list.
    type Raw = { links?: { $: Record<string, string> }[] };
    for (const it of feed.items) {
      const enc = (it as unknown as Raw).links?.find((l) => l.$?.rel === 'enclosure');
      if (path.endsWith('atom') && enc) it.enclosure = { url: enc.$.href!, length: Number(enc.$.length), type: enc.$.type };
    }
    const [first, nofile] = feed.items;
    expect(first!.title).toContain('Paper 201 on');
    expect(first!.enclosure).toEqual(expect.objectContaining({ url: `http://${HOST}/assets/archives/2026/vol4issue2/201.pdf`, type: 'application/pdf' }));
    expect(Number(first!.enclosure!.length)).toBeGreaterThan(100);
    expect(nofile!.enclosure).toBeUndefined();
    // Sanitised: the script is gone, the markup kept.
    const summary = path.endsWith('atom') ? String(first!.summary ?? first!.content) : String(first!.content);
    expect(summary).toContain('<b>bold</b>');
    expect(summary).not.toContain('script');
    expect(text).toContain('10.5555/f.201');
    if (path.endsWith('rss')) {
      expect((first as unknown as { doi: string }).doi).toBe('10.5555/f.201');
      expect((first as unknown as { creators: string[] }).creators).toEqual(['Asha Rao', 'Vikram Singh']);
    } else {
      expect(text.replace(/>\s+</g, '><')).toContain('<author><name>Asha Rao</name></author><author><name>Vikram Singh</name></author>');
    }
    // Bare names for machines, and the language as a code.
    expect(text).not.toMatch(/Dr\.|Prof\./);
    expect(text).toMatch(path.endsWith('rss') ? /<language>en<\/language>/ : /xml:lang="en"/);
  });

  // Pages are the render process's: the e2e suite follows them through nginx.
  it('PDF links resolve: every enclosure answers 200 with its length', async () => {
    const feed = await parser.parseString((await fetchText(path)).text);
    for (const it of feed.items) {
      if (it.enclosure) {
        const p = await request(app.url).get(new URL(it.enclosure.url).pathname).set(pub());
        expect(p.status).toBe(200);
        expect(p.headers['content-type']).toBe('application/pdf');
        expect(Number(p.headers['content-length'])).toBe(Number(it.enclosure.length));
      }
    }
  });
});

it('an unknown host gets no feed', async () => {
  const r = await request(app.url).get('/feed.atom');
  expect(r.status).toBeGreaterThanOrEqual(400);
  expect(r.status).toBeLessThan(500);
});
