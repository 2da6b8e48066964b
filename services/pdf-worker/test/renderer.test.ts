import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@journal/server-kit';
import { Renderer } from '../src/render/renderer';
import { buildZip, safeEntryName, uniqueNames } from '../src/render/zip';
import { splitPages } from '../src/render/split';
import { certificatesHtml } from '../src/templates';
import { descendants, running, waitFor } from './helpers/processes';
import { pdfText, readZip } from './helpers/stack';

const logger = createLogger('pdf-test', 'silent');
const journal = { name: 'Journal of Rendering', siteName: 'JR', domain: 'jr.example', email: 'e@jr.example', issn: '1234-5678', essn: '', impactFactor: '1.2', frequency: 'Monthly', logo: '', chiefEditor: 'Dr. Chief', publisher: '' };
const item = (i: number) => ({ author: `Author ${i}`, article: { refnumber: String(700 + i), title: `Title <i>number</i> ${i}`, authors: [`Author ${i}`], year: '2026', volume: '2', issue: '1', month: '', pages: '1-2', publishdate: '1 January 2026', subject: '', country: '' } });

describe('renderer', () => {
  let r: Renderer;
  afterEach(async () => {
    await r?.close();
  });

  it('loads nothing from the network or the file system (no SSRF)', async () => {
    const hits: string[] = [];
    const server = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      res.end('x');
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const port = (server.address() as AddressInfo).port;
    r = new Renderer({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', concurrency: 1, timeoutMs: 20_000, recycleAfter: 100, logger });
    try {
      const html = `<html><head><link rel="stylesheet" href="http://127.0.0.1:${port}/css"><style>body{background:url(http://127.0.0.1:${port}/bg)}</style></head>
<body><img src="http://127.0.0.1:${port}/img"><img src="file:///etc/passwd"><iframe src="http://127.0.0.1:${port}/frame"></iframe>
<script>fetch('http://127.0.0.1:${port}/script')</script><p>still printed</p></body></html>`;
      const pdf = await r.pdf(html);
      expect((await pdfText(Buffer.from(pdf))).text).toContain('still printed');
      expect(hits).toEqual([]);
    } finally {
      server.close();
    }
  });

  it('times out a render, keeps working afterwards, and recycles the browser after N prints', async () => {
    r = new Renderer({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', concurrency: 2, timeoutMs: 15_000, recycleAfter: 2, logger });
    const small = certificatesHtml(journal, [item(1)]);
    await r.pdf(small);
    const firstPids = r.pids();
    const firstTree = firstPids.flatMap((p) => [p, ...descendants(p)]);
    await r.pdf(small);
    await r.pdf(small);
    expect(r.launches).toBe(2);
    await waitFor(() => running(firstTree).length === 0, 10_000, 'the recycled browser to exit');

    const slow = new Renderer({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', concurrency: 1, timeoutMs: 1, recycleAfter: 100, logger });
    try {
      await expect(slow.pdf(small)).rejects.toThrow(/timed out/);
    } finally {
      await slow.close();
    }
    expect((await pdfText(Buffer.from(await r.pdf(small)))).text).toContain('Author 1');
  });

  it('starts a new browser after Chromium crashes', async () => {
    r = new Renderer({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', concurrency: 1, timeoutMs: 20_000, recycleAfter: 100, logger });
    const small = certificatesHtml(journal, [item(2)]);
    await r.pdf(small);
    const [pid] = r.pids();
    process.kill(pid!, 'SIGKILL');
    await waitFor(() => running([pid!]).length === 0, 10_000, 'chromium to die');
    // the print in flight at a crash fails (the job is retried); the next one gets a new browser
    let text = '';
    for (let attempt = 0; attempt < 2 && !text; attempt++) {
      text = await r.pdf(small).then((b) => pdfText(Buffer.from(b)).then((t) => t.text), () => '');
    }
    expect(text).toContain('Author 2');
    expect(r.launches).toBe(2);
  });

  it('prints a batch once and splits it into one certificate per page', async () => {
    r = new Renderer({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', concurrency: 1, timeoutMs: 30_000, recycleAfter: 100, logger });
    const items = Array.from({ length: 7 }, (_, i) => item(i));
    // a very long title and name must not spill onto a second page
    items[3] = { ...items[3]!, author: 'A'.repeat(200), article: { ...items[3]!.article, title: 'Long '.repeat(400) } };
    const pdf = await r.pdf(certificatesHtml(journal, items), { landscape: true });
    expect(r.prints).toBe(1);
    const pages = await splitPages(pdf, 7, { title: 'Certificate of Publication' });
    expect(pages).toHaveLength(7);
    for (const [i, p] of pages.entries()) {
      const { text, pages: n } = await pdfText(Buffer.from(p));
      expect(n).toBe(1);
      if (i !== 3) expect(text).toContain(`Author ${i}`);
      expect(text).toContain(`Reference No. ${700 + i}`);
    }
  });
});

describe('zip', () => {
  it('makes entry names safe', () => {
    expect(safeEntryName('../../etc/passwd')).toBe('etc-passwd.pdf');
    expect(safeEntryName('a/b\\c')).toBe('a-b-c.pdf');
    expect(safeEntryName('x\u0000\u0001y\u007f')).toBe('xy.pdf');
    expect(safeEntryName('..')).toBe('document.pdf');
    expect(safeEntryName('')).toBe('document.pdf');
    expect(safeEntryName('C:evil')).toBe('C-evil.pdf');
    expect(safeEntryName('name.pdf')).toBe('name.pdf');
    expect([...safeEntryName('राम '.repeat(100))].length).toBeLessThanOrEqual(120);
    expect(safeEntryName('Z'.repeat(500))).toHaveLength(120);
    expect(uniqueNames(['a.pdf', 'A.pdf', 'a.pdf', 'b.pdf'])).toEqual(['a.pdf', 'A-2.pdf', 'a-3.pdf', 'b.pdf']);
  });

  it('waits for the archive to close and returns every entry', async () => {
    const entries = Array.from({ length: 50 }, (_, i) => ({ name: `f${i}.pdf`, data: Buffer.from(`data ${i}`) }));
    const zip = await buildZip(entries);
    const back = readZip(zip);
    expect(back.map((e) => e.name)).toEqual(entries.map((e) => e.name));
    expect(back[49]!.data.toString()).toBe('data 49');
  });

  it('surfaces archiver errors', async () => {
    await expect(buildZip([{ name: 'x.pdf', data: null as unknown as Uint8Array }])).rejects.toBeInstanceOf(Error);
  });
});
