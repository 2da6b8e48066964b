/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import { screen, waitFor, within } from '@testing-library/react';
import { json, problem, useJsonServer, type Answer } from '@/testing/admin-test-server';
import { renderAdmin } from '@/testing/render-admin';
import { EditArticlePage } from './article-pages';

// docs/product.md#admin-area: /admin/archives/:id against a real server: article a1 exists, any
// other id is not found; a1's answer waits for `release`, so the loading state is on screen.
const article = {
  id: 'a1', year: 2026, volume: 4, issue: 2, frequency: 'april', refnumber: '501', title: 'Soil &lt;i&gt;moisture&lt;/i&gt;',
  authorname: 'A. Rao', abstract: '', keywords: 'soil', pagenumber: '1-5', subject: 'Agronomy', country: 'India', email: '', mobile: '',
  txnid: 't501', ptype: 'paid', publishdate: '2026-04-10', doi: '', file: '501.pdf', status: 'enabled', withdrawal: null,
};
let release: (() => void) | null = null;
const server = useJsonServer([
  ['/api/settings/', () => json({ journalId: 'j1', websitename: 'IJARS', journal_frequency: 'monthly' })],
  ['/api/admin/articles/a1', () => new Promise<Answer>((resolve) => (release = () => resolve(json(article))))],
  ['*', () => problem(404, 'not_found', 'Article not found')],
]);
beforeEach(() => (release = null));

function show(id: string) {
  renderAdmin(<EditArticlePage />, { base: server.base, path: `/admin/archives/${id}`, route: '/admin/archives/:id', role: 'editor' });
}

describe('edit article page', () => {
  test('loading, then the form filled from the article, with its current file', async () => {
    show('a1');
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    await waitFor(() => expect(release).not.toBeNull());
    release!();
    expect(await screen.findByText('Current file: 501.pdf')).toBeTruthy();
    const ref = document.querySelector<HTMLElement>('[data-field="refnumber"]')!;
    expect((within(ref).getByRole('textbox') as HTMLInputElement).value).toBe('501');
    expect(screen.getByRole('link', { name: '← Back to the issue' }).getAttribute('href')).toContain('2026');
    expect(screen.queryByRole('status')).toBeNull();
  });

  test('says Not Found! for an unknown article, with no form', async () => {
    show('nope');
    expect((await screen.findByRole('alert')).textContent).toBe('Not Found!');
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });
});
