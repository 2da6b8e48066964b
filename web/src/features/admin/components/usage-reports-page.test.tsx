/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, problem, useJsonServer } from '@/testing/admin-test-server';
import { renderAdmin } from '@/testing/render-admin';
import { UsageReportsPage } from './usage-reports-page';
import { captureDownloads } from '@/testing/downloads';

// docs/product.md#counter: a real server keeps the customers (the key answered once) and makes the reports.
let customers: { id: string; name: string; customerId: string; requestorId: string; notes: string; ipRanges: string[]; createdAt: string }[] = [];
const server = useJsonServer([
  ['GET /api/admin/counter/customers', () => json(customers)],
  [
    'POST /api/admin/counter/customers',
    (req) => {
      const body = JSON.parse(req.body) as { name: string; customerId: string; requestorId: string };
      if (customers.some((c) => c.customerId === body.customerId)) return problem(409, 'customer_exists', 'Customer ID is already in use');
      const c = { id: `c${customers.length + 1}`, notes: '', ipRanges: [], createdAt: '2026-01-02T03:04:05.000Z', ...body };
      customers.push(c);
      return json({ customer: c, apiKey: 'k'.repeat(32) }, 201);
    },
  ],
  [
    /^\/api\/admin\/counter\/customers\/(c\d+)$/,
    (req, [id]) => {
      if (req.method === 'PUT') {
        const c = customers.find((x) => x.id === id)!;
        Object.assign(c, JSON.parse(req.body));
        return json(c);
      }
      customers = customers.filter((c) => c.id !== id);
      return json(null, 204);
    },
  ],
  [/^\/api\/admin\/counter\/reports\/(\w+)$/, (_req, [id]) => json('Report_Name\tx\n', 200, { 'content-disposition': `attachment; filename="${id!.toUpperCase()}_2025-01-01_2025-12-31.tsv"` })],
]);

const downloads = captureDownloads();
beforeEach(() => {
  customers = [];
  downloads.length = 0;
});

describe('usage reports', () => {
  test('downloads the chosen report for the chosen months, with the session', async () => {
    const { user } = renderAdmin(<UsageReportsPage />, { base: server.base });
    await user.selectOptions(screen.getByLabelText('Report'), 'tr_j3');
    // A month input takes its value whole (typing it a character at a time passes through invalid values).
    fireEvent.change(screen.getByLabelText('From month'), { target: { value: '2025-12' } });
    fireEvent.change(screen.getByLabelText('To month'), { target: { value: '2025-01' } });
    expect(screen.getByRole('alert').textContent).toBe('Choose a first month no later than the last.');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Download TSV' }).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('From month'), { target: { value: '2025-01' } });
    fireEvent.change(screen.getByLabelText('To month'), { target: { value: '2025-12' } });
    await user.click(screen.getByRole('button', { name: 'Download TSV' }));
    await waitFor(() => expect(downloads).toEqual(['TR_J3_2025-01-01_2025-12-31.tsv']));
    const asked = server.requests.find((r) => r.path.startsWith('/api/admin/counter/reports/'))!;
    expect([asked.url, asked.token]).toEqual(['/api/admin/counter/reports/tr_j3?begin_date=2025-01&end_date=2025-12&format=tsv', 't']);
  });

  test('a manager adds a customer, sees its key once, and removes it; the list says when it is empty', async () => {
    const { user } = renderAdmin(<UsageReportsPage />, { base: server.base });
    expect(await screen.findByText('No customers yet.')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Add a SUSHI customer' });
    await user.type(within(form).getByLabelText('Institution'), 'University Library');
    await user.type(within(form).getByLabelText('Customer ID'), 'lib-1');
    await user.click(within(form).getByRole('button', { name: 'Add customer' }));
    expect((await screen.findByText(/shown this once/)).textContent).toBe(`API key of University Library (shown this once): ${'k'.repeat(32)}`);
    expect(await screen.findByRole('cell', { name: 'lib-1' })).toBeTruthy();
    await user.type(within(form).getByLabelText('Institution'), 'x');
    await user.type(within(form).getByLabelText('Customer ID'), 'bad id');
    await user.click(within(form).getByRole('button', { name: 'Add customer' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Institution name must be at least 2 characters/);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('No customers yet.')).toBeTruthy();
  });

  test('a manager gives an institution IP ranges, changes them, and downloads the report it harvests', async () => {
    const { user } = renderAdmin(<UsageReportsPage />, { base: server.base });
    const form = await screen.findByRole('form', { name: 'Add a SUSHI customer' });
    await user.type(within(form).getByLabelText('Institution'), 'University Library');
    await user.type(within(form).getByLabelText('Customer ID'), 'uni');
    await user.type(within(form).getByLabelText('IP ranges (optional)'), '10.9.0.0/16{enter}10.9.1.0/24');
    await user.click(within(form).getByRole('button', { name: 'Add customer' }));
    expect((await screen.findByRole('alert')).textContent).toBe('IP ranges 10.9.0.0/16 and 10.9.1.0/24 overlap');
    await user.clear(within(form).getByLabelText('IP ranges (optional)'));
    await user.type(within(form).getByLabelText('IP ranges (optional)'), '10.9.0.0/16, 192.0.2.10-192.0.2.20');
    await user.click(within(form).getByRole('button', { name: 'Add customer' }));
    expect(await screen.findByRole('cell', { name: '10.9.0.0/16, 192.0.2.10-192.0.2.20' })).toBeTruthy();
    expect(JSON.parse(server.requests.find((r) => r.method === 'POST')!.body).ipRanges).toEqual(['10.9.0.0/16', '192.0.2.10-192.0.2.20']);
    await user.click(screen.getByRole('button', { name: 'Edit IP ranges of University Library' }));
    const edit = screen.getByRole('form', { name: 'IP ranges of University Library' });
    await user.clear(within(edit).getByLabelText('IP ranges of University Library'));
    await user.type(within(edit).getByLabelText('IP ranges of University Library'), '2001:db8::/32');
    await user.click(within(edit).getByRole('button', { name: 'Save IP ranges' }));
    expect((await screen.findByText('IP ranges of University Library saved')).getAttribute('role')).toBe('status');
    expect(await screen.findByRole('cell', { name: '2001:db8::/32' })).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Usage of'), 'uni');
    await user.click(screen.getByRole('button', { name: 'Download TSV' }));
    await waitFor(() => expect(server.requests.some((r) => r.url.includes('customer_id=uni'))).toBe(true));
  });

  test('an editor gets the reports, not the customers', async () => {
    renderAdmin(<UsageReportsPage />, { base: server.base, role: 'editor' });
    expect(screen.getByRole('button', { name: 'Download TSV' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'SUSHI customers' })).toBeNull();
    expect(screen.queryByLabelText('Usage of')).toBeNull();
  });
});
