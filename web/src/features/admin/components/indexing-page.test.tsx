/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import { screen, waitFor } from '@testing-library/react';
import { json, useJsonServer } from '@/testing/admin-test-server';
import { expectEmptyThenReadFailure, renderAdmin } from '@/testing/render-admin';
import { IndexingPage } from './indexing-page';

// docs/product.md#admin-area: /admin/indexing against a real server that keeps the list;
// `server.failing` makes it fail the read.
const partner = (id: string, title: string) => ({ id, title, link: `https://${title.toLowerCase()}.org`, image: `${id}.png`, image_url: '', status: 'enabled', sortnumber: 0 });
let list: ReturnType<typeof partner>[] = [];
const reorders: string[][] = [];
const server = useJsonServer([
  [
    '/api/admin/indexing/reorder',
    (req) => {
      const { ids } = JSON.parse(req.body) as { ids: string[] };
      reorders.push(ids);
      list = ids.map((id) => list.find((p) => p.id === id)!);
      return json(list);
    },
  ],
  ['*', () => json(list)],
]);
beforeEach(() => {
  list = [partner('p1', 'Crossref'), partner('p2', 'Scholar')];
  reorders.length = 0;
});

const show = () => renderAdmin(<IndexingPage />, { base: server.base }).user;

const titles = () => [...document.querySelectorAll('.indexing-title')].map((t) => t.textContent);

describe('indexing page', () => {
  test('loading, then the partners in order with their logos', async () => {
    show();
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    await waitFor(() => expect(titles()).toEqual(['Crossref', 'Scholar']));
    expect(screen.getByRole('img', { name: 'Crossref logo' }).getAttribute('src')).toBe('/assets/indexing/p1.png');
    expect((screen.getByRole('button', { name: 'Move Crossref up' }) as HTMLButtonElement).disabled).toBe(true);
  });

  test('says so when there are none, and when the read fails', async () => {
    list = [];
    await expectEmptyThenReadFailure(server, show, 'No indexing partners yet.', 'Could not load the indexing partners.');
  });

  test('moves a partner down: the server gets the new order, the table shows it', async () => {
    const user = show();
    await screen.findByRole('button', { name: 'Move Crossref down' });
    await user.click(screen.getByRole('button', { name: 'Move Crossref down' }));
    await waitFor(() => expect(titles()).toEqual(['Scholar', 'Crossref']));
    expect(reorders).toEqual([['p2', 'p1']]);
  });

  test('the add form asks for a title, a valid link and a logo before sending', async () => {
    const user = show();
    await screen.findByRole('button', { name: 'Move Crossref down' });
    await user.click(screen.getByRole('button', { name: 'Add New' }));
    const form = screen.getByRole('form', { name: 'Add indexing partner' });
    const submit = () => user.click(screen.getByRole('button', { name: 'Submit' }));
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('Title is required');
    await user.click(screen.getByLabelText('Title'));
    await user.paste('DOAJ');
    await user.click(screen.getByLabelText('Link'));
    await user.paste('ftp://doaj.org');
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('Link must be an http://, https:// or mailto: address');
    await user.clear(screen.getByLabelText('Link'));
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('Choose the logo to upload');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(form.isConnected).toBe(false);
  });
});
