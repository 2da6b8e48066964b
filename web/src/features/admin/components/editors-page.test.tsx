/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import { screen, waitFor, within } from '@testing-library/react';
import { LIST_SORTED_MESSAGE } from '@journal/contracts';
import { json, useJsonServer } from '@/testing/admin-test-server';
import { expectEmptyThenReadFailure, renderAdmin } from '@/testing/render-admin';
import { EditorsPage } from './editors-page';

// docs/product.md#admin-area: /admin/editors against a real server that keeps the editors.
type Ed = { id: string; name: string; category: string; post: string; status: 'enabled' | 'disabled'; is_pinned: 0 | 1 };
let editors: Ed[] = [];
const server = useJsonServer([
  [
    '/api/editors/pin',
    (req) => {
      const { ids, pinned } = JSON.parse(req.body) as { ids: string[]; pinned: boolean };
      for (const e of editors) if (ids.includes(e.id)) e.is_pinned = pinned ? 1 : 0;
      return json({ updated: ids.length });
    },
  ],
  [
    /^\/api\/editors\/(\w+)$/,
    (_, [id]) => {
      const e = editors.find((x) => x.id === id)!;
      // The page sends the other status (a multipart form): the server switches it.
      e.status = e.status === 'enabled' ? 'disabled' : 'enabled';
      return json(e);
    },
  ],
  ['*', () => json(editors)],
]);
beforeEach(() => {
  editors = [
    { id: 'e1', name: 'Dr. Anita Desai', category: 'Editor', post: 'Professor &amp; Head', status: 'enabled', is_pinned: 0 },
    { id: 'e2', name: 'Dr. Ravi Kumar', category: 'Reviewer', post: 'Lecturer', status: 'disabled', is_pinned: 0 },
  ];
});

const show = () => renderAdmin(<EditorsPage />, { base: server.base }).user;

const names = () => [...document.querySelectorAll('tr[data-editor]')].map((r) => r.getAttribute('data-editor'));
const row = (name: string) => document.querySelector<HTMLElement>(`tr[data-editor="${name}"]`)!;

describe('editors page', () => {
  test('loading, then the editors with their designation decoded and their status', async () => {
    show();
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    await waitFor(() => expect(names()).toEqual(['Dr. Anita Desai', 'Dr. Ravi Kumar']));
    expect(row('Dr. Anita Desai').textContent).toContain('Professor & Head');
    expect((screen.getByRole('switch', { name: 'Status of Dr. Ravi Kumar' }) as HTMLInputElement).checked).toBe(false);
    // The list actions appear only with a selection.
    expect(screen.queryByRole('button', { name: 'Move to Top' })).toBeNull();
  });

  test('says so when there are none, and when the read fails', async () => {
    editors = [];
    await expectEmptyThenReadFailure(server, show, 'No editors yet.', 'Could not load the editors.');
  });

  test('switches an editor on', async () => {
    const user = show();
    await waitFor(() => expect(names()).toHaveLength(2));
    await user.click(screen.getByRole('switch', { name: 'Status of Dr. Ravi Kumar' }));
    await waitFor(() => expect((screen.getByRole('switch', { name: 'Status of Dr. Ravi Kumar' }) as HTMLInputElement).checked).toBe(true));
    expect(editors[1]!.status).toBe('enabled');
    // Done in place, said in the notice line (no dialog to close).
    expect((await screen.findByRole('status')).textContent).toBe('Dr. Ravi Kumar enabled');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('moves the selected editors to the top and says the list is sorted', async () => {
    const user = show();
    await waitFor(() => expect(names()).toHaveLength(2));
    await user.click(screen.getByRole('checkbox', { name: 'Select Dr. Ravi Kumar' }));
    await user.click(screen.getByRole('button', { name: 'Move to Top' }));
    expect((await screen.findByRole('dialog', { name: 'Message' })).textContent).toContain(LIST_SORTED_MESSAGE);
    await waitFor(() => expect(names()).toEqual(['Dr. Ravi Kumar', 'Dr. Anita Desai']));
    expect(within(row('Dr. Ravi Kumar')).getByText('Yes')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Select Dr. Ravi Kumar' }) as HTMLInputElement).checked).toBe(false);
  });
});
