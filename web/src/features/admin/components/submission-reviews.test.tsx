/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { REVIEW_MESSAGES, type ReviewStaffView, type SubmissionDetail, type SubmissionReviews } from '@journal/contracts';
import { json, problem, useJsonServer } from '@/testing/admin-test-server';
import { renderAdmin } from '@/testing/render-admin';
import { SubmissionReviewsPanel } from './submission-reviews';

// Reads go to a real server on a shared, loaded machine: each wait gets 5 s.
configure({ asyncUtilTimeout: 5000 });

// docs/product.md#peer-review: a submission's peer review against a real server that keeps its reviews.
const SID = 'a'.repeat(24);
const submission = { id: SID, status: 'under_review', manuscripts: [{ id: 'f'.repeat(24), version: 1, kind: 'pdf', size: 2048, at: '2026-03-01T00:00:00.000Z' }] } as unknown as SubmissionDetail;
const settings = { doubleBlind: false, hideTitleOnCertificate: false, reminderDaysBefore: 3, reminderDaysAfter: [3, 7], tokenDaysAfterDue: 60, defaultDueDays: 21 };

const review = (i: number, extra: Partial<ReviewStaffView> = {}): ReviewStaffView => ({
  id: `${i}`.padStart(24, 'c'),
  reviewer: { id: `${i}`.padStart(24, 'b'), name: `Dr. Reviewer ${i}`, email: `r${i}@example.org`, affiliation: 'Université Laval' },
  label: `Reviewer ${i}`,
  state: 'invited',
  round: 1,
  invitedAt: '2026-03-02T10:00:00.000Z',
  dueDate: '2026-03-23',
  overdue: false,
  respondedAt: null,
  declineReason: '',
  recommendation: '',
  toAuthor: '',
  toEditor: '',
  annotated: null,
  savedAt: null,
  submittedAt: null,
  reminders: [],
  history: [],
  ...extra,
});

let state: SubmissionReviews;
const suggestion = { ...reviewerOf(7), matched: ['Soil science'], recentLoad: 2, score: 3 };
function reviewerOf(i: number) {
  return {
    id: `${i}`.padStart(24, 'b'), name: `Dr. Reviewer ${i}`, email: `r${i}@example.org`, affiliation: 'IIT Delhi', ror: '', orcid: '', subjects: ['Soil science'],
    available: true, notes: '', source: 'staff' as const, editorId: '', openReviews: 0, reviewsDone: 1, averageDays: 10, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
  };
}
const server = useJsonServer([
  [`GET /api/admin/submissions/${SID}/reviews`, () => json(state)],
  [`GET /api/admin/submissions/${SID}/reviewer-suggestions`, () => json({ items: [suggestion] })],
  ['GET /api/admin/reviewers', () => json({ items: [reviewerOf(8)], total: 1, page: 1, pageSize: 25 })],
  ['GET /api/users', () => json([{ id: 'u7', name: 'editor.asha', status: 'enabled', role: 'editor', disabledByOperator: false, allowedIps: [], createdby: 'admin' }])],
  [
    `POST /api/admin/submissions/${SID}/review-conflicts`,
    (req) => {
      const c = JSON.parse(req.body) as { userId: string; name: string; remove: boolean };
      state = { ...state, conflicts: c.remove ? state.conflicts.filter((x) => x.userId !== c.userId) : [...state.conflicts, { userId: c.userId, name: c.name }] };
      return json(state);
    },
  ],
  [
    `POST /api/admin/submissions/${SID}/reviews`,
    (req) => {
      const body = JSON.parse(req.body) as { reviewerIds: string[]; dueDate: string };
      if (body.dueDate < '2000-01-01') return problem(400, 'validation_error', 'Due date must be a date, YYYY-MM-DD');
      state = { ...state, reviews: [...state.reviews, ...body.reviewerIds.map((id, i) => review(7 + i, { reviewer: { ...reviewerOf(7), id }, dueDate: body.dueDate }))] };
      return json(state, 201);
    },
  ],
  [
    /^\/api\/admin\/submissions\/a+\/reviews\/(\w+)\/(cancel|reassign|due)$/,
    (req, [id, act]) => {
      const body = JSON.parse(req.body) as { dueDate?: string };
      state = {
        ...state,
        reviews: state.reviews.map((r) => (r.id !== id ? r : act === 'cancel' ? { ...r, state: 'cancelled' } : act === 'due' ? { ...r, dueDate: body.dueDate!, overdue: false } : { ...r, state: 'cancelled' })),
      };
      return json(state);
    },
  ],
  [
    `POST /api/admin/submissions/${SID}/review-decision`,
    () => {
      // The submission moved on: no further decision from the reviews.
      state = { ...state, decisions: [] };
      return json(state);
    },
  ],
]);

beforeEach(() => {
  state = {
    doubleBlind: true,
    conflict: false,
    conflicts: [],
    reviewFileId: 'f'.repeat(24),
    settings,
    decisions: ['revision_requested', 'accepted', 'rejected'],
    reviews: [
      review(1, { state: 'declined', declineReason: 'On leave until May', respondedAt: '2026-03-03T00:00:00.000Z' }),
      review(2, {
        state: 'submitted', recommendation: 'minor_revision', toAuthor: 'Clarify the sampling.', toEditor: 'Possible overlap with a 2024 paper.',
        submittedAt: '2026-03-20T09:00:00.000Z', annotated: { id: 'd'.repeat(24), kind: 'pdf', size: 4096 },
      }),
      review(3, { state: 'submitted', recommendation: 'accept', toAuthor: 'Sound work.', submittedAt: '2026-03-21T09:00:00.000Z' }),
      review(4, {
        state: 'accepted', overdue: true, dueDate: '2026-03-10',
        reminders: [{ kind: 'before', days: 3, at: '2026-03-07T08:00:00.000Z', state: 'sent' }, { kind: 'after', days: 3, at: '2026-03-13T08:00:00.000Z', state: 'sent' }],
      }),
    ],
  };
});

const show = () => renderAdmin(<SubmissionReviewsPanel s={submission} />, { base: server.base }).user;
const row = (label: string) => document.querySelector<HTMLElement>(`tr[data-review="${label}"]`)!;

describe('a submission’s peer review', () => {
  test('lists every invitation with its state, decline reason, overdue flag and the reminders sent', async () => {
    show();
    expect(screen.getAllByRole('status')[0]!.textContent).toBe('Loading...');
    await screen.findByRole('table', { name: 'Invitations' });
    expect(row('Reviewer 1').textContent).toContain('Declined');
    expect(row('Reviewer 1').textContent).toContain('On leave until May');
    expect(row('Reviewer 4').textContent).toContain('Accepted overdue');
    expect(within(row('Reviewer 4')).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '2026-03-07: 3 days before the due date, sent',
      '2026-03-13: 3 days after the due date, sent',
    ]);
    // Only open invitations can be cancelled or reassigned.
    expect(within(row('Reviewer 4')).getByRole('button', { name: 'Reassign' })).toBeTruthy();
    expect(within(row('Reviewer 2')).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.getByText(/Reviewers get: manuscript version 1 \(PDF\)/).textContent).toContain('double-blind');
  });

  test('shows the submitted reviews side by side, confidential comments included, and records a decision', async () => {
    const user = show();
    const side = await screen.findByRole('region', { name: 'Reviews side by side' });
    const cards = within(side).getAllByRole('article');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['Review by Reviewer 2', 'Review by Reviewer 3']);
    expect(cards[0]!.textContent).toContain('Minor revision');
    expect(cards[0]!.textContent).toContain('Possible overlap with a 2024 paper.');
    expect(within(cards[0]!).getByRole('button', { name: /Annotated file \(PDF, 4 KB\)/ })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Record decision' }));
    expect((await screen.findByText('Choose a decision')).getAttribute('role')).toBe('alert');
    await user.selectOptions(screen.getByLabelText('Decision'), 'revision_requested');
    await user.type(screen.getByLabelText('Message to the author'), 'Please revise.');
    await user.click(screen.getByRole('checkbox', { name: 'Reviewer 3' }));
    await user.click(screen.getByRole('button', { name: 'Record decision' }));
    expect((await screen.findByText(/Decision recorded: /)).textContent).toContain("The author's email is queued.");
    const sent = JSON.parse(server.requests.find((r) => r.path.endsWith('/review-decision'))!.body) as unknown;
    expect(sent).toEqual({ decision: 'revision_requested', message: 'Please revise.', includeReviews: [review(2).id] });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Record a decision' })).toBeNull());
  });

  test('invites a suggested reviewer with a due date', async () => {
    const user = show();
    const form = await screen.findByRole('form', { name: 'Invite reviewers' });
    const suggested = await within(form).findByRole('checkbox', { name: /Dr\. Reviewer 7/ });
    expect(suggested.closest('label')!.textContent).toContain('Soil science; 2 in 180 days');
    expect(within(form).getByRole('button', { name: 'Invite' }).hasAttribute('disabled')).toBe(true);
    await user.click(suggested);
    await user.clear(within(form).getByLabelText('Due date'));
    await user.type(within(form).getByLabelText('Due date'), '2026-04-30');
    await user.click(within(form).getByRole('button', { name: 'Invite 1 reviewer' }));
    expect((await screen.findByText('1 invitation sent')).getAttribute('role')).toBe('status');
    const sent = JSON.parse(server.requests.find((r) => r.method === 'POST' && r.path.endsWith('/reviews'))!.body) as unknown;
    expect(sent).toEqual({ reviewerIds: [suggestion.id], dueDate: '2026-04-30', message: '' });
    await waitFor(() => expect(row('Reviewer 7')).not.toBeNull());
  });

  test('cancels an overdue invitation, and reassigns one to another reviewer', async () => {
    const user = show();
    await screen.findByRole('table', { name: 'Invitations' });
    await user.click(within(row('Reviewer 4')).getByRole('button', { name: 'Reassign' }));
    const reassign = screen.getByRole('form', { name: 'Reassign the invitation of Reviewer 4' });
    await within(reassign).findByRole('option', { name: 'Dr. Reviewer 8 (0 open)' });
    await user.click(within(reassign).getByRole('button', { name: 'Reassign' }));
    expect(within(reassign).getByRole('alert').textContent).toBe('Choose a reviewer');
    await user.selectOptions(within(reassign).getByLabelText('New reviewer'), reviewerOf(8).id);
    await user.click(within(reassign).getByRole('button', { name: 'Reassign' }));
    await waitFor(() => expect(row('Reviewer 4').textContent).toContain('Cancelled'));
    const sent = JSON.parse(server.requests.find((r) => r.path.endsWith('/reassign'))!.body) as { reviewerId: string; dueDate: string };
    expect(sent.reviewerId).toBe(reviewerOf(8).id);
    expect(sent.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  test('an author of the submission sees no reviewer and cannot invite', async () => {
    state = { ...state, conflict: true, reviews: state.reviews.map((r) => ({ ...r, reviewer: null })) };
    show();
    expect(await screen.findByText(REVIEW_MESSAGES.conflict)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Invite reviewers' })).toBeNull();
    expect(within(row('Reviewer 4')).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.queryByText(/Dr\. Reviewer/)).toBeNull();
  });

  test('a manager records a staff author as in conflict, and removes the record; an editor sees no such block', async () => {
    const user = show();
    const block = await screen.findByRole('heading', { name: 'Conflicts of interest' });
    await within(block.parentElement!).findByRole('option', { name: 'editor.asha' });
    await user.selectOptions(screen.getByLabelText('Staff user who is an author'), 'u7');
    await user.click(screen.getByRole('button', { name: 'Record the conflict' }));
    expect((await screen.findByText('editor.asha recorded as in conflict')).getAttribute('role')).toBe('status');
    expect(JSON.parse(server.requests.find((r) => r.path.endsWith('/review-conflicts'))!.body)).toEqual({ userId: 'u7', name: 'editor.asha', remove: false });
    await user.click(within(block.parentElement!).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('editor.asha is no longer in conflict')).toBeTruthy();
    document.body.innerHTML = '';
    renderAdmin(<SubmissionReviewsPanel s={submission} />, { base: server.base, role: 'editor' });
    await screen.findByRole('table', { name: 'Invitations' });
    expect(screen.queryByRole('heading', { name: 'Conflicts of interest' })).toBeNull();
  });

  test('says so when no reviewer is invited yet, and when the read fails', async () => {
    state = { ...state, reviews: [], decisions: [] };
    show();
    expect(await screen.findByText('No reviewer invited yet.')).toBeTruthy();
    document.body.innerHTML = '';
    server.failing = true;
    show();
    expect((await screen.findAllByRole('alert'))[0]!.textContent).toBe('Something went wrong');
  });
});
