/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import { act, screen, waitFor } from '@testing-library/react';
import { createApiClient } from '@/lib/api-client';
import { json, useJsonServer } from '@/testing/admin-test-server';
import { renderAdmin } from '@/testing/render-admin';
import { noteWrite, PUBLISH_TEXT } from '../lib/publishing';
import { PublishStatus } from './publish-status';

// docs/product.md#publishing-status: after a save the shell follows the journal's status, and
// says something only when the save is not live everywhere within a second.
let status = { published: 0, live: 0, failed: 0 };
const server = useJsonServer([
  ['GET /api/admin/edge-status', () => json(status)],
  ['POST /api/settings', () => json({ ok: true })],
  ['POST /api/webdata', () => json({ ok: true })],
]);
const statusReads = () => server.requests.filter((r) => r.path === '/api/admin/edge-status').length;
const save = () => act(() => noteWrite('/api/settings'));

describe('publishing status', () => {
  test('a save live at once shows nothing', async () => {
    status = { published: 3, live: 3, failed: 0 };
    renderAdmin(<PublishStatus />, { base: server.base });
    const before = statusReads();
    save();
    await waitFor(() => expect(statusReads()).toBeGreaterThan(before));
    expect(screen.queryByRole('status')).toBeNull();
  });

  test('a save still on its way after a second says so, then that it is live', async () => {
    status = { published: 4, live: 3, failed: 0 };
    renderAdmin(<PublishStatus />, { base: server.base });
    save();
    expect((await screen.findByRole('status', {}, { timeout: 5000 })).textContent).toBe(PUBLISH_TEXT.pending);
    status = { published: 4, live: 4, failed: 0 };
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(PUBLISH_TEXT.live), { timeout: 5000 });
  });

  test('a save the caches could not take is reported', async () => {
    status = { published: 5, live: 5, failed: 5 };
    renderAdmin(<PublishStatus />, { base: server.base });
    save();
    expect((await screen.findByRole('status')).textContent).toBe(PUBLISH_TEXT.failed);
  });

  test('writes that do not change the public site are not followed', async () => {
    status = { published: 6, live: 5, failed: 0 };
    renderAdmin(<PublishStatus />, { base: server.base });
    const before = statusReads();
    act(() => noteWrite('/api/webdata'));
    act(() => noteWrite('/auth/logout/'));
    await new Promise((r) => setTimeout(r, 50));
    expect(statusReads()).toBe(before);
  });
});

describe('the api client', () => {
  test('tells of each write that succeeded, with its path; not of reads or refused writes', async () => {
    const written: string[] = [];
    const client = createApiClient({ baseUrl: server.base, onWritten: (p) => written.push(p) });
    await client.post('/api/settings', { websitename: 'x' });
    await client.get('/api/admin/edge-status');
    await expect(client.post('/api/nothing-here', {})).rejects.toThrow();
    expect(written).toEqual(['/api/settings']);
  });
});
