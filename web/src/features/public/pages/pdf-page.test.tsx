/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiClientProvider, createApiClient } from '@/lib/api-client';
import { ReadCache, ReadCacheContext } from '@/lib/read-cache';
import { hydratedState, prepareRoutes, StaticRouter } from '@/lib/router';
import { ReadsContext, publicReads } from '../api/public.api';
import { PdfPage } from './pdf-page';

// A real server with the article, the settings and the documents; it records what was asked.
const asked: string[] = [];
let server: http.Server;
let base = '';
const article = {
  id: 'a1', refnumber: '1042', year: 2026, volume: 4, issue: 2, title: 'Soil microbes', authorname: 'Asha Rao, B. K. Iyer',
  pdf_url: '/assets/archives/2026/vol4issue2/1042.pdf?v=abcdefghijkl', status: 'enabled',
};
const withdrawn = { ...article, id: 'a2', refnumber: '1043', pdf_url: null, withdrawal: { kind: 'withdrawn', reason: 'Duplicate publication', at: '2026-03-01T00:00:00.000Z' } };
beforeAll(async () => {
  server = http.createServer((req, res) => {
    asked.push(`${req.method} ${req.url}`);
    if (req.url === '/api/archives/ref/1043') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(withdrawn));
    if (req.url === '/api/archives/ref/1042') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(article));
    if (req.url === '/api/settings/') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ websitename: 'Journal of Tests', flags: {} }));
    if (req.url?.startsWith('/api/pdf/')) return void res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4\n%%EOF\n');
    res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'not_found', message: 'Not Found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

// What the browser was handed to save: jsdom has no downloads, so the link's click is read instead.
const saved: string[] = [];
beforeEach(() => {
  asked.length = 0;
  saved.length = 0;
  Object.assign(URL, { createObjectURL: () => 'blob:test', revokeObjectURL: () => undefined });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => jest.restoreAllMocks());

async function showPdfPage(ref = '1042', ready = 'Download your Artcle, Certificate, Cover Page, Editorial Board') {
  const client = createApiClient({ baseUrl: base });
  render(
    <ApiClientProvider client={client}>
      <ReadsContext.Provider value={publicReads((path) => client.get(path))}>
        <ReadCacheContext.Provider value={new ReadCache(0)}>
          <StaticRouter state={hydratedState(prepareRoutes([{ path: 'pdf', element: <PdfPage /> }]), new URL(`http://localhost/pdf?refno=${ref}`), null)} />
        </ReadCacheContext.Provider>
      </ReadsContext.Provider>
    </ApiClientProvider>,
  );
  await screen.findByText(ready);
}

describe('/pdf page', () => {
  test("each author's certificate, the cover page and the board come from the document paths, saved under their file names", async () => {
    await showPdfPage();
    const user = userEvent.setup();
    const buttons = screen.getAllByRole('link', { name: 'Download Certificate' });
    expect(buttons).toHaveLength(2);
    await user.click(buttons[1]!);
    await user.click(screen.getByRole('link', { name: 'Download Cover Page' }));
    await user.click(screen.getByRole('link', { name: 'Download Editorial Board' }));
    expect(asked.filter((a) => a.includes('/api/pdf/'))).toEqual([
      'GET /api/pdf/certificate/1042/B.%20K.%20Iyer',
      'GET /api/pdf/coverpage/1042',
      'GET /api/pdf/editorialboard',
    ]);
    expect(saved).toEqual(['certificate-1042.pdf', 'coverpage-1042.pdf', 'Editorial-Board.pdf']);
  });

  test("the article's PDF link is the stored file's URL, saved as article-{ref}.pdf", async () => {
    await showPdfPage();
    const link = screen.getByRole('link', { name: 'Download Article' });
    expect(link.getAttribute('href')).toBe(article.pdf_url);
    expect(link.getAttribute('download')).toBe('article-1042.pdf');
    expect(screen.getByRole('link', { name: 'View Article' }).getAttribute('href')).toBe('/archives/2026/vol4/issue2/1042');
  });

  test('every download is a real link to its document, so the page works without JavaScript', async () => {
    await showPdfPage();
    const hrefs = screen.getAllByRole('link').map((l) => [l.textContent, l.getAttribute('href'), l.getAttribute('download')]);
    expect(hrefs).toEqual(
      expect.arrayContaining([
        ['Download Certificate', '/api/pdf/certificate/1042/Asha%20Rao', 'certificate-1042.pdf'],
        ['Download Certificate', '/api/pdf/certificate/1042/B.%20K.%20Iyer', 'certificate-1042.pdf'],
        ['Download Cover Page', '/api/pdf/coverpage/1042', 'coverpage-1042.pdf'],
        ['Download Editorial Board', '/api/pdf/editorialboard', 'Editorial-Board.pdf'],
      ]),
    );
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  test('a withdrawn article shows its notice and reason, and no documents', async () => {
    await showPdfPage('1043', 'This article has been withdrawn');
    expect(screen.getByText('Duplicate publication')).toBeTruthy();
    expect(screen.queryByText('Download Certificate')).toBeNull();
    expect(screen.queryByText('Download Cover Page')).toBeNull();
  });
});
