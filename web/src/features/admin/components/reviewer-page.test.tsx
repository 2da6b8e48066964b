/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { REVIEW_MESSAGES, type ReviewerDetail } from '@journal/contracts';
import { json, problem, useJsonServer } from '@/testing/admin-test-server';
import { renderAdmin } from '@/testing/render-admin';
import { ReviewerPage } from './reviewer-page';

// Reads go to a real server on a shared, loaded machine: each wait gets 5 s.
configure({ asyncUtilTimeout: 5000 });

// docs/product.md#peer-review: /admin/reviewers/:id against a real server that keeps the entry.
const RID = 'b'.repeat(24);
let entry: ReviewerDetail;
const server = useJsonServer([
  [`GET /api/admin/reviewers/${RID}`, () => json(entry)],
  [
    `PUT /api/admin/reviewers/${RID}`,
    (req) => {
      const body = JSON.parse(req.body) as { affiliation: string; subjects: string };
      entry = { ...entry, affiliation: body.affiliation, subjects: body.subjects.split(',').map((s) => s.trim()) };
      return json(entry);
    },
  ],
  [`DELETE /api/admin/reviewers/${RID}`, () => problem(409, 'has_reviews', REVIEW_MESSAGES.hasReviews)],
]);
beforeEach(() => {
  entry = {
    id: RID, name: 'डॉ. सुनीता राव', email: 'sunita@example.org', affiliation: 'IARI, New Delhi', ror: 'https://ror.org/01bzgdw81', orcid: '0000-0002-1825-0097',
    subjects: ['Agronomy'], available: true, notes: 'Prefers field studies', source: 'board', editorId: 'e1', openReviews: 1, reviewsDone: 2, averageDays: 9.5,
    createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
    history: [
      { reviewId: 'c1', submissionId: 'a'.repeat(24), submissionNumber: 'DEMO-2026-00001', state: 'submitted', invitedAt: '2026-02-01T00:00:00.000Z', dueDate: '2026-02-21', submittedAt: '2026-02-10T00:00:00.000Z', days: 9 },
      { reviewId: 'c2', submissionId: 'd'.repeat(24), submissionNumber: 'DEMO-2026-00007', state: 'invited', invitedAt: '2026-03-01T00:00:00.000Z', dueDate: '2026-03-21', submittedAt: null, days: null },
    ],
  };
});

const show = () => renderAdmin(<ReviewerPage />, { base: server.base, path: `/admin/reviewers/${RID}`, route: '/admin/reviewers/:id' }).user;

describe('a reviewer’s entry', () => {
  test('shows the facts and the history of reviews, each linking to its submission', async () => {
    show();
    expect(await screen.findByRole('heading', { name: 'डॉ. सुनीता राव' })).toBeTruthy();
    const facts = screen.getByRole('region', { name: 'Reviewer' }).textContent!;
    for (const t of ['sunita@example.org', 'IARI, New Delhi (https://ror.org/01bzgdw81)', 'Imported from the editorial board', 'Prefers field studies', '9.5']) expect(facts).toContain(t);
    const rows = within(screen.getByRole('table', { name: 'History' })).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent))).toEqual([
      ['DEMO-2026-00001', 'Review submitted', '2026-02-01', '2026-02-21', '2026-02-10', '9'],
      ['DEMO-2026-00007', 'Invited', '2026-03-01', '2026-03-21', '', ''],
    ]);
    expect(screen.getByRole('link', { name: 'DEMO-2026-00001' }).getAttribute('href')).toBe(`/admin/submissions/${'a'.repeat(24)}`);
  });

  test('edits the entry, and says why a reviewer with invitations cannot be removed', async () => {
    const user = show();
    await screen.findByRole('heading', { name: 'डॉ. सुनीता राव' });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect((screen.getByLabelText('Subjects') as HTMLInputElement).value).toBe('Agronomy');
    await user.type(screen.getByLabelText('Subjects'), ', Soil science');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('dialog', { name: 'Message' })).textContent).toContain('Saved');
    await waitFor(() => expect(screen.getByRole('region', { name: 'Reviewer' }).textContent).toContain('Agronomy, Soil science'));

    jest.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect((await screen.findByRole('alert')).textContent).toBe(REVIEW_MESSAGES.hasReviews);
  });
});
