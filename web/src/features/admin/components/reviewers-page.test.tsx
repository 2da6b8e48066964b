/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import { configure, screen, waitFor } from '@testing-library/react';
import type { ReviewerView } from '@journal/contracts';
import { json, problem, useJsonServer } from '@/testing/admin-test-server';
import { expectEmptyThenReadFailure, renderAdmin } from '@/testing/render-admin';
import { REVIEWERS_EMPTY_TEXT, ReviewersPage } from './reviewers-page';

// Reads go to a real server on a shared, loaded machine: each wait gets 5 s.
configure({ asyncUtilTimeout: 5000 });

// docs/product.md#peer-review: /admin/reviewers against a real server that keeps the reviewers.
const reviewer = (i: number, extra: Partial<ReviewerView> = {}): ReviewerView => ({
  id: `${i}`.padStart(24, 'b'),
  name: `Dr. Reviewer ${i}`,
  email: `r${i}@example.org`,
  affiliation: 'Université de Montréal',
  ror: '',
  orcid: '',
  subjects: ['Soil science', 'Botany'],
  available: true,
  notes: '',
  source: 'staff',
  editorId: '',
  openReviews: 1,
  reviewsDone: 3,
  averageDays: 12.333,
  createdAt: '2026-01-02T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  ...extra,
});
let reviewers: ReviewerView[] = [];
const server = useJsonServer([
  [
    'POST /api/admin/reviewers/import-board',
    () => {
      reviewers.push(reviewer(90, { name: 'Dr. Board Member', source: 'board' }));
      return json({ created: 1, skipped: [{ name: 'Dr. No Email', reason: 'no email' }] });
    },
  ],
  [
    'POST /api/admin/reviewers',
    (req) => {
      const body = JSON.parse(req.body) as { name: string; email: string };
      if (reviewers.some((r) => r.email === body.email)) return problem(409, 'duplicate_email', 'A reviewer with this email already exists');
      const created = reviewer(reviewers.length + 1, { name: body.name, email: body.email, reviewsDone: 0, averageDays: null });
      reviewers.push(created);
      return json(created, 201);
    },
  ],
  ['GET /api/admin/reviewers', (req) => {
    const q = req.query.get('q') ?? '';
    const items = reviewers.filter((r) => r.name.includes(q));
    return json({ items: items.slice(0, 25), total: items.length, page: Number(req.query.get('page')), pageSize: 25 });
  }],
]);
beforeEach(() => {
  reviewers = [reviewer(1), reviewer(2, { available: false, averageDays: null, reviewsDone: 0 })];
});

const show = () => renderAdmin(<ReviewersPage />, { base: server.base }).user;
const row = (name: string) => document.querySelector<HTMLElement>(`tr[data-reviewer="${name}"]`);

describe('reviewers page', () => {
  test('loading, then each reviewer with their entry link, subjects, load and record', async () => {
    show();
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    const link = await screen.findByRole('link', { name: 'Dr. Reviewer 1' });
    expect(link.getAttribute('href')).toBe(`/admin/reviewers/${reviewer(1).id}`);
    const cells = [...row('Dr. Reviewer 1')!.querySelectorAll('td')].map((c) => c.textContent);
    expect(cells).toEqual(['Dr. Reviewer 1r1@example.org', 'Université de Montréal', 'Soil science, Botany', 'Yes', '1', '3', '12.3']);
    expect([...row('Dr. Reviewer 2')!.querySelectorAll('td')].slice(3).map((c) => c.textContent)).toEqual(['No', '1', '0', '–']);
    expect(screen.getByText('1 - 2 of 2')).toBeTruthy();
    // The year's certificates: this year first, as a document job.
    expect((screen.getByLabelText('Certificates of') as HTMLSelectElement).value).toBe(String(new Date().getUTCFullYear()));
    expect(screen.getByRole('button', { name: 'Reviewer certificates' })).toBeTruthy();
  });

  test('filters by text, subject and availability', async () => {
    const user = show();
    await screen.findByText('1 - 2 of 2');
    await user.type(screen.getByLabelText('Search'), ' Reviewer 2 ');
    await user.type(screen.getByLabelText('Subject'), 'Botany');
    await user.selectOptions(screen.getByLabelText('Availability'), 'false');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await screen.findByText('1 - 1 of 1');
    const last = server.requests.at(-1)!;
    expect(Object.fromEntries(last.query)).toEqual({ page: '1', q: 'Reviewer 2', subject: 'Botany', available: 'false' });
  });

  test('says so when there are none, and when the read fails', async () => {
    reviewers = [];
    await expectEmptyThenReadFailure(server, show, REVIEWERS_EMPTY_TEXT, 'Something went wrong');
  });

  test('adds a reviewer: checked before sending, the server’s refusal shown, then saved', async () => {
    const user = show();
    await screen.findByText('1 - 2 of 2');
    await user.click(screen.getByRole('button', { name: 'Add New' }));
    const form = screen.getByRole('form', { name: 'Add reviewer' });
    await user.type(screen.getByLabelText('Name'), 'Dr. Asha Rao');
    await user.type(screen.getByLabelText('Email'), 'not an email');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/email/i);
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'r1@example.org');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A reviewer with this email already exists');

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'asha@example.org');
    await user.type(screen.getByLabelText('Subjects'), 'Soil science, Agronomy');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('dialog', { name: 'Message' })).textContent).toContain('Dr. Asha Rao added');
    expect(form.isConnected).toBe(false);
    await waitFor(() => expect(row('Dr. Asha Rao')).not.toBeNull());
    const sent = JSON.parse(server.requests.filter((r) => r.method === 'POST').at(-1)!.body) as Record<string, unknown>;
    expect(sent).toMatchObject({ name: 'Dr. Asha Rao', email: 'asha@example.org', subjects: 'Soil science, Agronomy', available: true });
  });

  test('imports the editorial board and says what was skipped', async () => {
    const user = show();
    await screen.findByText('1 - 2 of 2');
    await user.click(screen.getByRole('button', { name: 'Import from editorial board' }));
    expect((await screen.findByRole('dialog', { name: 'Message' })).textContent).toContain('1 reviewer imported from the editorial board. 1 skipped: Dr. No Email (no email)');
    await waitFor(() => expect(row('Dr. Board Member')).not.toBeNull());
  });
});
