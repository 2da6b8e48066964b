/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import { screen } from '@testing-library/react';
import { json, problem, useJsonServer, type Answer } from '@/testing/admin-test-server';
import { renderAdmin } from '@/testing/render-admin';
import { DoajExportButton } from './doaj-export-button';

// docs/product.md (DOAJ article XML): a real server makes the file. For number 2 of volume 4 it names
// the file, for number 3 it does not, number 9 has nothing to export; `hold` keeps the answer until
// the test lets it go.
let hold = false;
let release: () => void = () => undefined;
const server = useJsonServer([
  [/^\/api\/admin\/archives\/2026\/4\/9\/doaj\.xml$/, () => problem(400, 'no_public_articles', 'This issue has no public articles')],
  [
    /^\/api\/admin\/archives\/2026\/4\/(\d+)\/doaj\.xml$/,
    (_req, [issue]) => {
      const answer = json('<records/>', 200, issue === '2' ? { 'content-disposition': 'attachment; filename="ijars-doaj-v4-i2.xml"' } : {});
      if (!hold) return answer;
      return new Promise<Answer>((resolve) => {
        release = () => resolve(answer);
      });
    },
  ],
]);

const downloads: string[] = [];
beforeAll(() => {
  Object.assign(URL, { createObjectURL: () => 'blob:doaj', revokeObjectURL: () => undefined });
  HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
    downloads.push(this.download);
  };
});
beforeEach(() => {
  hold = false;
  downloads.length = 0;
});

function show(issue: number) {
  const { user } = renderAdmin(<DoajExportButton year={2026} volume={4} issue={issue} />, { base: server.base });
  return { user, click: () => user.click(screen.getByRole('button', { name: 'DOAJ XML' })) };
}

describe('DOAJ export button', () => {
  test("asks for the issue's file with the session, busy meanwhile, and saves it under the server's name", async () => {
    hold = true;
    const s = show(2);
    await s.click();
    const busy = screen.getByRole<HTMLButtonElement>('button', { name: 'Exporting…' });
    expect(busy.disabled).toBe(true);
    release();
    await screen.findByRole('button', { name: 'DOAJ XML' });
    expect(downloads).toEqual(['ijars-doaj-v4-i2.xml']);
    expect(server.requests.map((r) => [r.method, r.path, r.token])).toEqual([['GET', '/api/admin/archives/2026/4/2/doaj.xml', 't']]);
  });

  test('names the file after the issue when the server does not', async () => {
    const s = show(3);
    await s.click();
    await screen.findByRole('button', { name: 'DOAJ XML' });
    expect(downloads).toEqual(['doaj-2026-v4-i3.xml']);
  });

  test("shows the server's refusal", async () => {
    const s = show(9);
    await s.click();
    expect((await screen.findByRole('alert')).textContent).toBe('This issue has no public articles');
    expect(downloads).toEqual([]);
  });

  test("shows the server's message when it breaks, and the button's own when it cannot be reached", async () => {
    server.failing = true;
    const s = show(2);
    await s.click();
    expect((await screen.findByRole('alert')).textContent).toBe('boom');
    document.body.innerHTML = '';
    // Port 1 refuses the connection: no answer at all.
    const { user } = renderAdmin(<DoajExportButton year={2026} volume={4} issue={2} />, { base: 'http://127.0.0.1:1' });
    await user.click(screen.getByRole('button', { name: 'DOAJ XML' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not export the DOAJ file');
    expect(downloads).toEqual([]);
  });
});
