/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { frequencyPeriods, issueCreateSchema } from '@journal/contracts';
import { problemsByField } from '@/lib/form-errors';
import { json, problem, useJsonServer } from '@/testing/admin-test-server';
import { expectEmptyThenReadFailure, renderAdmin } from '@/testing/render-admin';
import { ArchivesPage } from './archives-page';

// docs/product.md#admin-area: /admin/archives against a real server that keeps the issues;
// volume 4 issue 1 exists already.
type Issue = { year: number; volume: number; issue: number; frequency: string; articles: number };
let issues: Issue[] = [];
const server = useJsonServer([
  ['/api/settings/', () => json({ journalId: 'j1', journal_frequency: 'quarterly' })],
  [
    '/api/admin/create-issue',
    (req) => {
      const i = JSON.parse(req.body) as Issue;
      if (issues.some((x) => x.volume === i.volume && x.issue === i.issue)) return problem(409, 'duplicate_issue', 'duplicate');
      issues.unshift({ ...i, articles: 0 });
      return json(issues[0], 201);
    },
  ],
  [
    '*',
    (req) => {
      // The list as the content service pages it: newest first, `limit` older than `before`.
      const limit = Number(req.query.get('limit') ?? issues.length);
      const before = req.query.get('before');
      const from = before ? issues.findIndex((i) => `${i.year}/${i.volume}/${i.issue}` === before) + 1 : 0;
      return json(issues.slice(from, from + limit));
    },
  ],
]);
beforeEach(() => {
  issues = [{ year: 2026, volume: 4, issue: 1, frequency: 'january-march', articles: 7 }];
});

const show = () => renderAdmin(<ArchivesPage />, { base: server.base }).user;

const rows = () => [...screen.getByRole('table', { name: 'Issues' }).querySelectorAll('tbody tr')].map((r) => r.textContent);

async function fillIssue(user: ReturnType<typeof userEvent.setup>, volume: string, issue: string, period: string) {
  const form = screen.getByRole('form', { name: 'Add issue' });
  await user.type(within(form).getByLabelText('Volume'), volume);
  await user.type(within(form).getByLabelText('Issue'), issue);
  await user.selectOptions(within(form).getByLabelText('Frequency'), period);
  await user.click(within(form).getByRole('button', { name: 'Submit' }));
}

describe('archives page', () => {
  test('loading, then the issues with links to each', async () => {
    show();
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    await screen.findByRole('table', { name: 'Issues' });
    expect(rows()).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Vol. 04' }).getAttribute('href')).toContain('2026');
  });

  test('a long list comes a page at a time: older issues on request, until there are none', async () => {
    issues = Array.from({ length: 150 }, (_, k) => ({ year: 2026 - Math.floor(k / 4), volume: 150 - k, issue: 4 - (k % 4), frequency: 'may', articles: k }));
    const user = show();
    await screen.findByRole('table', { name: 'Issues' });
    expect(rows()).toHaveLength(100);
    await user.click(screen.getByRole('button', { name: 'Older issues' }));
    await waitFor(() => expect(rows()).toHaveLength(150));
    expect(screen.queryByRole('button', { name: 'Older issues' })).toBeNull();
  });

  test('says so when there are none, and when the read fails', async () => {
    issues = [];
    await expectEmptyThenReadFailure(server, show, 'No issues yet.', 'Could not load the issues.');
  });

  test("the add form offers the journal's periods and says what is missing under each field", async () => {
    const user = show();
    await screen.findByRole('table', { name: 'Issues' });
    await user.click(screen.getByRole('button', { name: 'Add New' }));
    const form = screen.getByRole('form', { name: 'Add issue' });
    await waitFor(() =>
      expect([...(within(form).getByLabelText('Frequency') as HTMLSelectElement).options].map((o) => o.value)).toEqual(['', ...frequencyPeriods('quarterly')]),
    );
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    const expected = problemsByField(issueCreateSchema.safeParse({ volume: '', issue: '', frequency: '', year: new Date().getFullYear() }).error!);
    expect([...form.querySelectorAll('.field-error')].map((e) => e.textContent)).toEqual([expected.volume, expected.issue, expected.frequency]);
  });

  test('adds an issue, and says when it exists already', async () => {
    const user = show();
    await screen.findByRole('table', { name: 'Issues' });
    await user.click(screen.getByRole('button', { name: 'Add New' }));
    await waitFor(() => expect((screen.getByLabelText('Frequency') as HTMLSelectElement).options.length).toBeGreaterThan(1));
    const period = frequencyPeriods('quarterly')[0]!;
    await fillIssue(user, '4', '1', period);
    const flash = await screen.findByRole('dialog', { name: 'Message' });
    expect(flash.textContent).toContain('Issue already exists');
    await user.click(within(flash).getByRole('button', { name: 'Close' }));
    await user.clear(screen.getByLabelText('Issue'));
    await user.clear(screen.getByLabelText('Volume'));
    await fillIssue(user, '4', '2', period);
    expect((await screen.findByRole('dialog', { name: 'Message' })).textContent).toContain('Issue created successfully');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByRole('form', { name: 'Add issue' })).toBeNull();
  });
});
