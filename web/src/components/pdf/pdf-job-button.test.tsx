/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import { screen, waitFor } from '@testing-library/react';
import { adminPdfRequests } from '@/lib/pdf/pdf-jobs.api';
import type { PdfRequest } from '@/lib/pdf/pdf.api';
import { json, problem, useJsonServer, type Answer } from '@/testing/admin-test-server';
import { renderAdmin } from '@/testing/render-admin';
import { PdfJobButton } from './pdf-job-button';

// docs/product.md (Documents and file names): a real server runs the job. The first reference
// number picks how it goes: '1' is queued and polled, '2' is ready at once, '3' the service is
// busy. Each status and result answer waits until the test gives it, so every phase is on screen.
const waiting: ((a: Answer) => void)[] = [];
const held = () => new Promise<Answer>((resolve) => waiting.push(resolve));
// The hook waits a little between polls: the next status request may take a moment to come.
async function answerNext(a: Answer) {
  await waitFor(() => expect(waiting.length).toBe(1), { timeout: 5000 });
  waiting.shift()!(a);
}
const status = (state: string, done: number, total: number, extra: object = {}) =>
  json({ id: 'j1', kind: 'indexpage', state, progress: { done, total }, filename: 'Index-Page.pdf', ...extra });

const server = useJsonServer([
  [
    'POST /api/pdf/indexpage',
    (req) => {
      const [first] = (JSON.parse(req.body) as { refnumbers: string[] }).refnumbers;
      if (first === '3') return problem(503, 'busy', 'queue full');
      const state = first === '2' ? 'completed' : 'queued';
      return json({ jobId: 'j1', state, statusUrl: '/api/pdf/jobs/j1', resultUrl: '/api/pdf/jobs/j1/result', filename: 'Index-Page.pdf' }, 202);
    },
  ],
  ['GET /api/pdf/jobs/j1/result', held],
  ['GET /api/pdf/jobs/j1', held],
]);

const downloads: string[] = [];
beforeAll(() => {
  Object.assign(URL, { createObjectURL: () => 'blob:pdf', revokeObjectURL: () => undefined });
  HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
    downloads.push(this.download);
  };
});
beforeEach(() => {
  waiting.length = 0;
  downloads.length = 0;
});

function show(request: PdfRequest | null, disabled?: boolean) {
  const onDone = jest.fn();
  const { user } = renderAdmin(
    <PdfJobButton request={request} onDone={onDone} disabled={disabled}>
      Index Page
    </PdfJobButton>,
    { base: server.base },
  );
  const button = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Index Page' });
  return { onDone, button, click: () => user.click(button()) };
}
const progressText = () => document.querySelector('.pdf-progress-text')?.textContent;

describe('document job button', () => {
  test('is off without a request or when told so, and shows no progress before a job', () => {
    show(null);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Index Page' }).disabled).toBe(true);
    document.body.innerHTML = '';
    show(adminPdfRequests.indexPage(['1']), true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Index Page' }).disabled).toBe(true);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  test('starts the job, shows its progress while busy, then downloads the file under its name', async () => {
    const s = show(adminPdfRequests.indexPage(['1', '2', '3']));
    await s.click();
    // The job is queued; its first status is on its way.
    await waitFor(() => expect(waiting).toHaveLength(1));
    expect(progressText()).toBe('Preparing…');
    expect([s.button().disabled, s.button().getAttribute('aria-busy')]).toEqual([true, 'true']);

    waiting.shift()!(status('active', 1, 3));
    expect(await screen.findByRole('progressbar', { name: 'Preparing… 1 / 3' })).toBeTruthy();
    await answerNext(status('active', 2, 3));
    expect(await screen.findByText('Preparing… 2 / 3')).toBeTruthy();
    await answerNext(status('completed', 3, 3));
    expect(await screen.findByText('Downloading…')).toBeTruthy();
    expect(s.button().disabled).toBe(true);

    await answerNext(json('%PDF-1.4'));
    expect(await screen.findByText('Downloaded')).toBeTruthy();
    expect(s.button().disabled).toBe(false);
    expect(downloads).toEqual(['Index-Page.pdf']);
    expect(s.onDone).toHaveBeenCalledTimes(1);

    const start = server.requests[0]!;
    expect([start.method, start.url, start.token, JSON.parse(start.body)]).toEqual(['POST', '/api/pdf/indexpage?async=1', 't', { refnumbers: ['1', '2', '3'] }]);
    expect(server.requests.slice(1).map((r) => [r.path, r.token])).toEqual([
      ['/api/pdf/jobs/j1', 't'],
      ['/api/pdf/jobs/j1', 't'],
      ['/api/pdf/jobs/j1', 't'],
      ['/api/pdf/jobs/j1/result', 't'],
    ]);
  });

  test('a job ready at once goes straight to the download', async () => {
    const s = show(adminPdfRequests.indexPage(['2']));
    await s.click();
    expect(await screen.findByText('Downloading…')).toBeTruthy();
    await answerNext(json('%PDF-1.4'));
    expect(await screen.findByText('Downloaded')).toBeTruthy();
    expect(server.requests.map((r) => r.path)).toEqual(['/api/pdf/indexpage', '/api/pdf/jobs/j1/result']);
    expect(downloads).toEqual(['Index-Page.pdf']);
  });

  test('a failed job shows its reason, and the button can be used again', async () => {
    const s = show(adminPdfRequests.indexPage(['1']));
    await s.click();
    await answerNext(status('failed', 0, 1, { failedReason: 'Article 1 has no PDF' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Article 1 has no PDF');
    expect(s.button().disabled).toBe(false);
    expect(downloads).toEqual([]);
    expect(s.onDone).not.toHaveBeenCalled();
  });

  test('a busy document service is said in words', async () => {
    const s = show(adminPdfRequests.indexPage(['3']));
    await s.click();
    expect((await screen.findByRole('alert')).textContent).toBe('The document service is busy. Please try again in a moment.');
    expect(s.button().disabled).toBe(false);
  });
});
